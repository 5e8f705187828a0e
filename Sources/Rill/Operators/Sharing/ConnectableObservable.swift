/// An observable sequence that shares one subscription to its source, started and
/// stopped by `connect()` rather than by its subscribers.
///
/// Subscribing to a connectable observable only attaches the subscriber to its
/// subject; the source is not subscribed until `connect()` is called. `publish()`,
/// `replay(_:)`, `replayAll()` and `multicast(...)` make one; `refCount()` and
/// `autoconnect(_:)` connect it automatically.
///
/// ```swift
/// let ticks = Observable<Int>.interval(.seconds(1), scheduler: MainScheduler.instance).publish()
/// let a = ticks.subscribe(onNext: { print("a", $0) })
/// let b = ticks.subscribe(onNext: { print("b", $0) })
/// let connection = ticks.connect()   // one interval timer, two subscribers
/// connection.dispose()               // stops the timer
/// ```
public protocol ConnectableObservableType: ObservableType {
    /// Connects to the source: from now on the source's events reach the subscribers.
    ///
    /// Threading: the source is subscribed on the calling thread, outside any lock.
    ///
    /// - Returns: The connection. Disposing it disconnects from the source. What the
    ///   subscribers see next depends on the subject: through one subject
    ///   (`multicast(_:)`) they receive the next connection's events; with a subject per
    ///   connection (`publish()`, `replay(_:)`, `multicast(makeSubject:)`) they stay
    ///   on the old subject and receive nothing more.
    func connect() -> any Disposable
}

/// The class of the connectable observables Rill's operators return.
///
/// See `ConnectableObservableType` for what connecting means. Rill's connectable
/// observables are `Sendable` like every `Observable`: `connect()`, subscribing and
/// disposing may happen on any thread.
public class ConnectableObservable<Element>: Observable<Element>, ConnectableObservableType, @unchecked Sendable {
    // Sendable: this class adds no state; each subclass keeps its state behind its own lock.
    override init() {
        super.init()
    }

    /// RxSwift subscribes a connectable observable directly, not in the trampoline.
    override var subscriptionStyle: SubscriptionStyle { .direct }

    /// Connects to the source: from now on the source's events reach the subscribers.
    ///
    /// A second `connect()` while connected returns the same connection. Once that
    /// connection was disposed, or the source ended, `connect()` subscribes to the
    /// source again.
    ///
    /// Threading: the source is subscribed on the calling thread, outside any lock.
    ///
    /// - Returns: The connection. Disposing it disconnects from the source; see
    ///   `ConnectableObservableType.connect()` for what the subscribers see next.
    public func connect() -> any Disposable {
        // Not a protocol: RxSwift's public `ConnectableObservable` class declares `connect()`, and users call it there.
        fatalError("Internal inconsistency: \(type(of: self)) does not override connect()")
    }

    // MARK: - For refCount()

    /// Subscribes `sink` straight to the subject the subscribers join, and tells
    /// whether `sink` already received a terminal event during the call; nil when
    /// this connectable cannot do that. `refCount()` then puts no sink of its own
    /// between the subject and each subscriber: it learns of the connection's end
    /// from `connect(whenEnded:)`, not from each subscriber's terminal event.
    func subscribeDirectly(_ sink: Sink<Element>) -> (subscription: any Disposable, ended: Bool)? {
        nil
    }

    /// `connect()`, and `whenEnded` is called when the returned connection ends (its
    /// source terminated, or it was disposed), before the subject receives the
    /// terminal event, outside any lock. Only connectables whose
    /// `subscribeDirectly` works need to call it.
    func connect(whenEnded: @escaping @Sendable () -> Void) -> any Disposable {
        connect()
    }
}

extension ConnectableObservable: DeliversWithoutOwnSink {}
