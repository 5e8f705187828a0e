/// A subject that holds a current value: each new subscriber receives the latest
/// element first, then the elements sent after it subscribed.
///
/// ```swift
/// let user = BehaviorSubject(value: "guest")
/// user.onNext("ada")
/// let subscription = user.subscribe(onNext: { print($0) })   // prints "ada"
/// user.onNext("grace")                                       // prints "grace"
/// try user.value()                                           // "grace"
/// ```
///
/// After a terminal event, later subscribers receive only that event. The latest
/// value is delivered to a new subscriber on the subscribing thread, outside the
/// subject's lock; an element sent meanwhile from another thread reaches that
/// subscriber after it, never before.
///
/// Threading and ordering are those of `PublishSubject`: safe from any thread,
/// subscribers in RxSwift's order, senders not serialised.
public final class BehaviorSubject<Element>: Observable<Element>, SubjectType, ObserverType, Cancelable,
    @unchecked Sendable {
    // Sendable: all mutable state is in `core`, behind its lock.
    let core: SubjectCore<Element>

    /// Creates a subject whose current value is `value`.
    public init(value: Element) {
        core = SubjectCore(replay: 1, initial: value, replaysAfterTermination: false)
        super.init()
    }

    override var subscriptionStyle: SubscriptionStyle { .subject }

    /// Its subscribers stay in its list until they leave or it ends.
    override var holdsSubscriberWhileRunning: Bool { true }

    /// The latest element.
    ///
    /// - Throws: The error the subject ended with, or `RxError.disposed(object:)`
    ///   after `dispose()`. After completion it returns the last element.
    public func value() throws -> Element {
        guard let latest = try core.latest(owner: self) else {
            fatalError("Internal inconsistency: BehaviorSubject has no value")
        }
        return latest
    }

    /// The latest element, for `BehaviorRelay`, whose subject never ends.
    var currentValue: Element {
        do {
            return try value()
        } catch {
            fatalError("Internal inconsistency: a relay's subject failed with \(error)")
        }
    }

    /// Whether the subject has subscribers now.
    public var hasObservers: Bool { core.hasObservers }

    /// Whether `dispose()` was called.
    public var isDisposed: Bool { core.isDisposed }

    /// Sends `event` to the current subscribers. An error or completion ends the
    /// subject: later subscribers receive only it, and after an error `value()`
    /// throws it. Later events are ignored.
    public func on(_ event: Event<Element>) {
        core.on(event, from: self)
    }

    /// Makes `element` the current value and sends it to the current subscribers.
    /// Ignored after a terminal event or `dispose()`.
    public func onNext(_ element: Element) {
        core.onNext(element, from: self)
    }

    /// Returns the subject itself, as its observer side.
    public func asObserver() -> BehaviorSubject<Element> {
        self
    }

    /// An observable that only forwards subscriptions to this subject.
    public override func asObservable() -> Observable<Element> {
        HiddenObservable(self)
    }

    /// Tears the subject down: removes the subscribers without an event; later
    /// subscribers and `value()` fail with `RxError.disposed(object:)`.
    public func dispose() {
        core.dispose()
    }

    override func run(_ sink: Sink<Element>) -> any Disposable {
        core.subscribe(sink, owner: self)
    }
}

extension BehaviorSubject: DeliversWithoutOwnSink {}
