extension ObservableType {
    /// Drops the source's elements until `other` emits an element, then emits the
    /// rest.
    ///
    /// As in RxSwift 6.10, this sequence is subscribed first, then `other`, which
    /// is disposed once it has emitted. Its completion without an element leaves
    /// the gate shut; its error ends the result. This sequence's errors pass at
    /// any time; its completion passes once the gate is open, and before that is
    /// swallowed: the result then never terminates, and `other` is disposed.
    ///
    /// ```
    /// source:            -1-2-3-4|
    /// other:             ----x
    /// skip(until: other): -----3-4|
    /// ```
    @_alwaysEmitIntoClient
    public func skip<Source: ObservableType>(until other: Source) -> Observable<Element> {
        SkipUntilObservable(source: asObservable(), other: other.asObservable())
    }

    /// Drops elements until `other` emits: RxSwift's old spelling of ``skip(until:)``.
    @available(*, deprecated, renamed: "skip(until:)")
    @_alwaysEmitIntoClient
    public func skipUntil<Source: ObservableType>(_ other: Source) -> Observable<Element> {
        skip(until: other)
    }
}

// Sendable: immutable after init; each subscription keeps its own state.
@usableFromInline
final class SkipUntilObservable<Element, Other>: Observable<Element>, @unchecked Sendable {
    private let source: Observable<Element>
    private let other: Observable<Other>

    @usableFromInline
    init(source: Observable<Element>, other: Observable<Other>) {
        self.source = source
        self.other = other
    }

    override func run(_ sink: Sink<Element>) -> any Disposable {
        let skip = SkipUntilSink(downstream: sink)
        skip.sourceSubscription.setDisposable(source.run(skip))
        // Disposed at once if the source already completed with the gate shut.
        skip.otherSubscription.setDisposable(other.run(SkipUntilOtherSink<Element, Other>(parent: skip)))
        // The source first, then the other sequence, in RxSwift's order.
        return Disposables.create(skip.sourceSubscription, skip.otherSubscription, skip)
    }
}

/// Receives the source. The other sequence can fail on another thread, so
/// delivery goes through a `SerialDeliverer`; `isOpen` is a flag the other
/// sequence sets once and each element reads.
private final class SkipUntilSink<Element>: Sink<Element>, Disposable, @unchecked Sendable {
    // Sendable: the deliverer and both subscriptions are thread-safe, `isOpen`
    // is atomic.
    private let delivery: SerialDeliverer<Element>
    let isOpen = AtomicWord()
    let otherSubscription = SingleAssignmentDisposable()
    let sourceSubscription = SingleAssignmentDisposable()

    init(downstream: Sink<Element>) {
        delivery = SerialDeliverer(downstream: downstream)
    }

    override func onNext(_ element: Element) {
        if isOpen.value != 0 { delivery.deliver(element) }
    }

    override func onError(_ error: any Swift.Error) { delivery.end(.error(error)) }
    /// Passes once the gate is open; before that it is swallowed, and the
    /// other sequence is let go, as RxSwift does.
    override func onCompleted() {
        if isOpen.value != 0 { delivery.end(.completed); return }
        delivery.dispose()
        otherSubscription.dispose()
        sourceSubscription.dispose()
    }

    func otherFailed(_ error: any Swift.Error) { delivery.end(.error(error)) }

    func dispose() { delivery.dispose() }
}

/// Receives the other sequence of `skip(until:)`: its first element opens the gate.
private final class SkipUntilOtherSink<Element, Other>: Sink<Other> {
    private let parent: SkipUntilSink<Element>

    init(parent: SkipUntilSink<Element>) {
        self.parent = parent
    }

    override func onNext(_ element: Other) {
        parent.isOpen.store(1)
        parent.otherSubscription.dispose()
    }

    override func onError(_ error: any Swift.Error) { parent.otherFailed(error) }
    override func onCompleted() { parent.otherSubscription.dispose() }
}
