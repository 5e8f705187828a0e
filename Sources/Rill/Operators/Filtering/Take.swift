extension ObservableType {
    /// Emits the first `count` elements, then completes.
    ///
    /// After the `count`-th element the sequence completes at once, without
    /// waiting for the source; the subscription is then disposed, which stops the
    /// source, so `take` ends an infinite source:
    ///
    /// ```swift
    /// Observable.from(sequence(first: 1) { $0 + 1 }).take(3)   // 1, 2, 3, completed
    /// ```
    ///
    /// ```
    /// source:  -1-2-3-4-5-|
    /// take(2): -1-2|
    /// ```
    ///
    /// `take(0)` completes as soon as it is subscribed, without subscribing to the
    /// source. A source that ends first ends the result the same way.
    ///
    /// - Parameter count: The number of elements to emit; at least 0. A negative
    ///   count fails the sequence with `RxError.argumentOutOfRange` (RxSwift stops
    ///   the program instead).
    /// - Returns: An observable of at most `count` elements.
    @_alwaysEmitIntoClient
    public func take(_ count: Int) -> Observable<Element> {
        if count == 0 { return .empty() }
        if count < 0 { return .error(RxError.argumentOutOfRange) }
        return TakeCountObservable(source: asObservable(), count: count)
    }
}

// Sendable: immutable after init; each subscription keeps its own state.
@usableFromInline
final class TakeCountObservable<Element>: Observable<Element>, @unchecked Sendable {
    private let source: Observable<Element>
    private let count: Int

    @usableFromInline
    init(source: Observable<Element>, count: Int) {
        self.source = source
        self.count = count
    }

    override func run(_ sink: Sink<Element>) -> any Disposable {
        source.run(TakeCountSink(count: count, downstream: sink))
    }
}

private final class TakeCountSink<Element>: Sink<Element> {
    private let downstream: Sink<Element>
    // Elements still to emit; 0 once the sequence has ended, after which whatever
    // the source still sends is ignored. Touched only by the source's events,
    // which the Rx grammar serialises, so no dynamic exclusivity check is needed.
    @exclusivity(unchecked) private var remaining: Int

    init(count: Int, downstream: Sink<Element>) {
        self.remaining = count
        self.downstream = downstream
    }

    override func onNext(_ element: Element) {
        guard remaining > 0 else { return }
        // Count before delivering: a re-entrant element sent from inside the
        // delivery must see the updated count, and only the delivery of the last
        // element completes.
        remaining -= 1
        if remaining > 0 { return downstream.onNext(element) }
        downstream.onNext(element)
        downstream.onCompleted()
    }

    override func onError(_ error: any Swift.Error) {
        guard remaining > 0 else { return }
        remaining = 0
        downstream.onError(error)
    }

    override func onCompleted() {
        guard remaining > 0 else { return }
        remaining = 0
        downstream.onCompleted()
    }
}
