extension ObservableType {
    /// Passes the source's only element on, failing if there is none or more than one.
    ///
    /// The element is emitted as soon as it arrives; a second element fails the
    /// sequence with `RxError.moreThanOneElement` at once, and completion without
    /// an element fails it with `RxError.noElements`.
    ///
    /// ```
    /// source:   -1-|       -1-2|                    --|
    /// single(): -1-|       -1-x(moreThanOneElement) --x(noElements)
    /// ```
    @_alwaysEmitIntoClient
    public func single() -> Observable<Element> {
        single { _ in true }
    }

    /// Passes on the only element matching `predicate`, failing if none or more
    /// than one matches; see `single()`.
    ///
    /// `predicate` runs on the delivering thread; an error it throws ends the sequence.
    /// - Parameters:
    ///   - predicate: The condition each element is tested with; an error it throws ends
    ///     the result with that error.
    ///   - isolation: The caller's actor (see `map`).
    @_alwaysEmitIntoClient
    public func single(
        _ predicate: @escaping (Element) throws -> Bool,
        isolation: isolated (any Actor)? = #isolation
    ) -> Observable<Element> {
        guard let isolation else { return SingleElementObservable(source: asObservable(), predicate: predicate) }
        let checked = IsolationCheck.checking(predicate, isolation, "single(_:)")
        return SingleElementObservable(source: asObservable(), predicate: checked)
    }
}

// Sendable: immutable after init; each subscription keeps its own state.
@usableFromInline
final class SingleElementObservable<Element>: Observable<Element>, @unchecked Sendable {
    private let source: Observable<Element>
    private let predicate: (Element) throws -> Bool

    @usableFromInline
    init(source: Observable<Element>, predicate: @escaping (Element) throws -> Bool) {
        self.source = source
        self.predicate = predicate
    }

    override func run(_ sink: Sink<Element>) -> any Disposable {
        source.run(SingleElementSink(predicate: predicate, downstream: sink))
    }
}

private final class SingleElementSink<Element>: Sink<Element> {
    private let predicate: (Element) throws -> Bool
    private let downstream: Sink<Element>
    // Touched only by this sink's events: a single upstream is serialised by the grammar.
    @exclusivity(unchecked) private var hasElement = false
    @exclusivity(unchecked) private var isDone = false

    init(predicate: @escaping (Element) throws -> Bool, downstream: Sink<Element>) {
        self.predicate = predicate
        self.downstream = downstream
    }

    override func onNext(_ element: Element) {
        if isDone { return }
        do {
            guard try predicate(element) else { return }
        } catch {
            isDone = true
            return downstream.onError(error)
        }
        if hasElement {
            isDone = true
            return downstream.onError(RxError.moreThanOneElement)
        }
        hasElement = true
        downstream.onNext(element)
    }

    override func onError(_ error: any Swift.Error) {
        if !isDone { downstream.onError(error) }
    }

    override func onCompleted() {
        if isDone { return }
        if hasElement {
            downstream.onCompleted()
        } else {
            downstream.onError(RxError.noElements)
        }
    }
}
