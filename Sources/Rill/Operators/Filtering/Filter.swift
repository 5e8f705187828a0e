extension ObservableType {
    /// Emits only the elements for which `predicate` returns true.
    ///
    /// `predicate` runs on the thread that delivers the element. An error it
    /// throws becomes the error event.
    ///
    /// ```
    /// source:                 -1-2-3-4|
    /// filter { $0 % 2 == 0 }: ---2---4|
    /// ```
    ///
    /// - Parameters:
    ///   - predicate: The condition each element is tested with; an error it throws ends
    ///     the result with that error.
    ///   - isolation: The caller's actor, found automatically: a closure
    ///     written in actor-isolated code is checked when it runs (see `subscribe`).
    @_alwaysEmitIntoClient
    public func filter(
        _ predicate: @escaping (Element) throws -> Bool,
        isolation: isolated (any Actor)? = #isolation
    ) -> Observable<Element> {
        guard let isolation else { return FilterObservable(source: asObservable(), predicate: predicate) }
        // Only isolated callers pay for the check (and for the closure wrapping it).
        let checked = IsolationCheck.checking(predicate, isolation, "filter(_:)")
        return FilterObservable(source: asObservable(), predicate: checked)
    }
}

// Sendable: immutable after init; each subscription keeps its own state.
@usableFromInline
final class FilterObservable<Element>: Observable<Element>, @unchecked Sendable {
    private let source: Observable<Element>
    private let predicate: (Element) throws -> Bool

    @usableFromInline
    init(source: Observable<Element>, predicate: @escaping (Element) throws -> Bool) {
        self.source = source
        self.predicate = predicate
    }

    override var holdsSubscriberWhileRunning: Bool { source.holdsSubscriberWhileRunning }

    override func run(_ sink: Sink<Element>) -> any Disposable {
        source.run(FilterSink(predicate: predicate, downstream: sink))
    }
}

private final class FilterSink<Element>: TransformingSink<Element, Element> {
    private let predicate: (Element) throws -> Bool

    init(predicate: @escaping (Element) throws -> Bool, downstream: Sink<Element>) {
        self.predicate = predicate
        super.init(downstream: downstream)
    }

    override func onNext(_ element: Element) {
        guard !isDone else { return }
        let passes: Bool
        do {
            passes = try predicate(element)
        } catch {
            return fail(error)
        }
        if passes { downstream.onNext(element) }
    }
}
