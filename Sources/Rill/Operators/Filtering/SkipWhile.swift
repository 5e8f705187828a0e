extension ObservableType {
    /// Drops elements while `predicate` returns true, then emits every element
    /// from the first one for which it returns false.
    ///
    /// `predicate` runs on the delivering thread, only until it first returns
    /// false. An error it throws ends the sequence.
    ///
    /// ```
    /// source:                -1-2-5-1-6|
    /// skip(while: { $0 < 3 }): -----5-1-6|
    /// ```
    /// - Parameters:
    ///   - predicate: The condition each element is tested with; an error it throws ends
    ///     the result with that error.
    ///   - isolation: The caller's actor (see `map`).
    @_alwaysEmitIntoClient
    public func skip(
        while predicate: @escaping (Element) throws -> Bool,
        isolation: isolated (any Actor)? = #isolation
    ) -> Observable<Element> {
        guard let isolation else { return SkipWhileObservable(source: asObservable(), predicate: predicate) }
        let checked = IsolationCheck.checking(predicate, isolation, "skip(while:)")
        return SkipWhileObservable(source: asObservable(), predicate: checked)
    }

    /// Drops elements while `predicate` returns true: RxSwift's old spelling of
    /// ``skip(while:isolation:)``.
    @available(*, deprecated, renamed: "skip(while:)")
    @_alwaysEmitIntoClient
    public func skipWhile(
        _ predicate: @escaping (Element) throws -> Bool,
        isolation: isolated (any Actor)? = #isolation
    ) -> Observable<Element> {
        skip(while: predicate, isolation: isolation)
    }
}

// Sendable: immutable after init; each subscription keeps its own state.
@usableFromInline
final class SkipWhileObservable<Element>: Observable<Element>, @unchecked Sendable {
    private let source: Observable<Element>
    private let predicate: (Element) throws -> Bool

    @usableFromInline
    init(source: Observable<Element>, predicate: @escaping (Element) throws -> Bool) {
        self.source = source
        self.predicate = predicate
    }

    override func run(_ sink: Sink<Element>) -> any Disposable {
        source.run(SkipWhileSink(predicate: predicate, downstream: sink))
    }
}

private final class SkipWhileSink<Element>: TransformingSink<Element, Element> {
    private let predicate: (Element) throws -> Bool
    // Touched only by this sink's events: a single upstream is serialised by the grammar.
    @exclusivity(unchecked) private var isSkipping = true

    init(predicate: @escaping (Element) throws -> Bool, downstream: Sink<Element>) {
        self.predicate = predicate
        super.init(downstream: downstream)
    }

    override func onNext(_ element: Element) {
        if isSkipping {
            if isDone { return }
            do {
                if try predicate(element) { return }
            } catch {
                return fail(error)
            }
            isSkipping = false
        }
        downstream.onNext(element)
    }
}
