extension ConnectableObservableType {
    /// Connects when `subscriberCount` subscribers have subscribed, and never
    /// disconnects. An addition to RxSwift (RxJava's `autoConnect`).
    ///
    /// Unlike `refCount()`, subscribers leaving do not disconnect, and later
    /// subscribers never connect again: once connected, the source runs until it ends.
    /// With a `subscriberCount` of 0 or less the source is connected at once, when
    /// `autoconnect` is called.
    ///
    /// ```swift
    /// let shared = source.publish().autoconnect(2)
    /// let a = shared.subscribe(onNext: { print("a", $0) })   // not connected yet
    /// let b = shared.subscribe(onNext: { print("b", $0) })   // connects: both see every element
    /// ```
    ///
    /// Threading: the connection is made on the thread of the subscription that
    /// reaches the count, after that subscriber is attached, outside any lock.
    ///
    /// - Parameter subscriberCount: How many subscriptions to wait for before connecting.
    /// - Returns: An observable that connects once enough subscribers have arrived.
    public func autoconnect(_ subscriberCount: Int = 1) -> Observable<Element> {
        guard subscriberCount > 0 else {
            _ = connect()
            return asObservable()
        }
        return AutoconnectObservable(source: self, subscriberCount: subscriberCount)
    }
}

// Sendable: `subscriptions` is atomic; `connectable` and `source` are immutable, and a
// connectable observable may be used from any thread.
private final class AutoconnectObservable<Connectable: ConnectableObservableType>: Observable<Connectable.Element>,
    @unchecked Sendable {
    private let connectable: Connectable
    private let source: Observable<Connectable.Element>
    private let subscriberCount: Int
    /// Subscriptions so far; the one that makes it `subscriberCount` connects.
    private let subscriptions = AtomicWord()

    init(source: Connectable, subscriberCount: Int) {
        connectable = source
        self.source = source.asObservable()
        self.subscriberCount = subscriberCount
    }

    override func run(_ sink: Sink<Connectable.Element>) -> any Disposable {
        let subscription = source.run(sink)
        if subscriptions.fetchAdd(1) + 1 == subscriberCount {
            // Never disposed by this operator: the connection lives until the source ends.
            _ = connectable.connect()
        }
        return subscription
    }
}
