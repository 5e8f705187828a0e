/// A `PublishSubject` whose `onNext`, `onError` and `onCompleted` are safe to call
/// from several threads at once: each subscriber receives one event at a time, in
/// the order the events were sent.
///
/// ```swift
/// let progress = SerializedSubject<Int>()
/// let subscription = progress.subscribe(onNext: { total += $0 })   // never overlaps
/// DispatchQueue.concurrentPerform(iterations: 8) { _ in progress.onNext(1) }
/// ```
///
/// When `onNext` returns: if no other send is being delivered, the element has been
/// delivered to every subscriber on the calling thread before `onNext` returns, as
/// with `PublishSubject`. If another send is being delivered (on another thread, or
/// further up this thread's stack because a subscriber sends to this subject), the
/// element is queued and `onNext` returns at once; the thread delivering delivers it,
/// in order, before that thread's own send returns. So senders never wait for each
/// other and never deadlock, re-entrant sends are delivered after the current one
/// instead of nested inside it, and a subscriber may run on any sending thread (one
/// at a time). Use `observe(on:)` to choose the thread.
///
/// Otherwise it behaves as `PublishSubject`: no replay, the terminal event is
/// remembered, subscribers are called in the same order as `PublishSubject`'s.
public final class SerializedSubject<Element>: Observable<Element>, SubjectType, ObserverType, Cancelable,
    @unchecked Sendable {
    // Sendable: `core` and `drain` keep their state behind their locks.
    private let core = SubjectCore<Element>(replay: 0, replaysAfterTermination: false)
    private let drain = SerialDrain<Event<Element>>()

    /// Creates a subject with no subscribers.
    public override init() {
        super.init()
    }

    override var subscriptionStyle: SubscriptionStyle { .subject }

    /// Whether the subject has subscribers now.
    public var hasObservers: Bool { core.hasObservers }

    /// Whether `dispose()` was called.
    public var isDisposed: Bool { core.isDisposed }

    /// Sends `event`: delivered now, or queued behind the delivery in progress (see
    /// the type's documentation). An error or completion ends the subject after the
    /// events sent before it.
    public func on(_ event: Event<Element>) {
        drain.send(event) { core.on($0, from: self) }
    }

    /// Sends `element`: delivered before returning if no other send is in progress,
    /// otherwise queued and delivered by the sender in progress.
    public func onNext(_ element: Element) {
        on(.next(element))
    }

    /// Returns the subject itself, as its observer side.
    public func asObserver() -> SerializedSubject<Element> {
        self
    }

    /// An observable that only forwards subscriptions to this subject.
    public override func asObservable() -> Observable<Element> {
        HiddenObservable(self)
    }

    /// Tears the subject down at once, as `PublishSubject.dispose()` does: events
    /// still queued are dropped.
    public func dispose() {
        core.dispose()
    }

    override func run(_ sink: Sink<Element>) -> any Disposable {
        core.subscribe(sink, owner: self)
    }
}
