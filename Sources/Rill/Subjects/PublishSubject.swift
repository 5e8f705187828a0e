/// A subject that delivers each element to the subscribers it has at that moment
/// and remembers nothing but how it ended.
///
/// ```swift
/// let taps = PublishSubject<String>()
/// taps.onNext("lost")                          // no subscribers: delivered to nobody
/// let subscription = taps.subscribe(onNext: { print($0) })
/// taps.onNext("first")                         // prints "first"
/// ```
///
/// - A subscriber receives only elements sent after it subscribed.
/// - After `onCompleted()` or `onError(_:)`, `onNext` is ignored and every later
///   subscriber immediately receives the same terminal event (no elements).
/// - Delivery takes a snapshot: a subscriber disposed while an element is being
///   delivered still receives that element; one added meanwhile does not.
/// - Subscribers are called in RxSwift's order: the first subscriber, or the next
///   new one once the first has left (it takes the first place, ahead of older
///   subscribers), then the others in subscription order. (Past 31 subscribers at
///   once RxSwift calls the later ones in a random order; Rill keeps subscription
///   order there.)
/// - `dispose()` removes the subscribers without telling them (no event, no
///   `onDisposed`); later subscribers receive `RxError.disposed(object:)`.
///
/// Threading: `onNext`, `onError`, `onCompleted`, `subscribe` and `dispose` are safe
/// from any thread, and each subscriber is called on the thread that sent the
/// event. The subject does not serialise its senders: two threads calling `onNext`
/// at once call the same subscriber at once, which breaks the Rx grammar (debug
/// builds report it once per subject). Send from one thread or serial queue, use
/// `observe(on:)` with a serial scheduler, or use `SerializedSubject`.
public final class PublishSubject<Element>: Observable<Element>, SubjectType, ObserverType, Cancelable,
    @unchecked Sendable {
    // Sendable: all mutable state is in `core`, behind its lock.
    @usableFromInline let core = SubjectCore<Element>(replay: 0, replaysAfterTermination: false)

    /// Creates a subject with no subscribers.
    public override init() {
        super.init()
    }

    override var subscriptionStyle: SubscriptionStyle { .subject }

    /// Its subscribers stay in its list until they leave or it ends.
    override var holdsSubscriberWhileRunning: Bool { true }

    /// Whether the subject has subscribers now.
    public var hasObservers: Bool { core.hasObservers }

    /// Whether `dispose()` was called.
    public var isDisposed: Bool { core.isDisposed }

    /// Sends `event` to the current subscribers. An error or completion ends the
    /// subject: later subscribers receive it at once, later events are ignored.
    public func on(_ event: Event<Element>) {
        core.on(event, from: self)
    }

    /// Sends `element` to the current subscribers, on this thread, before returning.
    /// Ignored after a terminal event or `dispose()`.
    @inlinable
    public func onNext(_ element: Element) {
        core.onNext(element, from: self)
    }

    /// Returns the subject itself, as its observer side.
    public func asObserver() -> PublishSubject<Element> {
        self
    }

    /// An observable that only forwards subscriptions to this subject: it cannot be
    /// cast back to the subject, so holders of it cannot send events.
    public override func asObservable() -> Observable<Element> {
        HiddenObservable(self)
    }

    /// Tears the subject down: removes the subscribers without an event, ignores
    /// later events, and fails later subscribers with `RxError.disposed(object:)`.
    /// To end the sequence for its subscribers, call `onCompleted()` instead.
    public func dispose() {
        core.dispose()
    }

    override func run(_ sink: Sink<Element>) -> any Disposable {
        core.subscribe(sink, owner: self)
    }
}

extension PublishSubject: DeliversWithoutOwnSink {}
