extension ObservableType {
    /// Drops the first `count` elements and emits the rest.
    ///
    /// Errors and completion pass through at any time, also while elements are
    /// still being dropped.
    ///
    /// ```
    /// source:  -1-2-3-4|
    /// skip(2): -----3-4|
    /// ```
    ///
    /// - Parameter count: The number of elements to drop. A count of 0 or less
    ///   drops nothing, as in RxSwift.
    /// - Returns: An observable of the source's elements after the first `count`.
    @_alwaysEmitIntoClient
    public func skip(_ count: Int) -> Observable<Element> {
        SkipCountObservable(source: asObservable(), count: count)
    }
}

// Sendable: immutable after init; each subscription keeps its own state.
@usableFromInline
final class SkipCountObservable<Element>: Observable<Element>, @unchecked Sendable {
    private let source: Observable<Element>
    private let count: Int

    @usableFromInline
    init(source: Observable<Element>, count: Int) {
        self.source = source
        self.count = count
    }

    override func run(_ sink: Sink<Element>) -> any Disposable {
        source.run(SkipCountSink(count: count, downstream: sink))
    }
}

private final class SkipCountSink<Element>: Sink<Element> {
    private let downstream: Sink<Element>
    // Elements still to drop. Touched only by the source's events, which the Rx
    // grammar serialises, so no dynamic exclusivity check is needed.
    @exclusivity(unchecked) private var remaining: Int

    init(count: Int, downstream: Sink<Element>) {
        self.remaining = count
        self.downstream = downstream
    }

    override func onNext(_ element: Element) {
        guard remaining <= 0 else {
            remaining -= 1
            return
        }
        downstream.onNext(element)
    }

    override func onError(_ error: any Swift.Error) { downstream.onError(error) }
    override func onCompleted() { downstream.onCompleted() }
}
