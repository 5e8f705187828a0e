/// When a test observable was subscribed to and when that subscription ended,
/// in virtual time: what `TestableObservable.subscriptions` records.
///
/// ```swift
/// #expect(xs.subscriptions == [Subscription(200, 300)])   // subscribed at 200, disposed at 300
/// #expect(ys.subscriptions == [Subscription(200)])        // still subscribed
/// ```
public struct Subscription: Hashable, Sendable, CustomDebugStringConvertible {
    /// The virtual time of the subscription.
    public let subscribe: Int
    /// The virtual time the subscription was disposed, or `Int.max` while it lasts.
    public let unsubscribe: Int

    /// A subscription made at `subscribe` and not (yet) disposed: its
    /// `unsubscribe` is `Int.max`.
    public init(_ subscribe: Int) {
        self.init(subscribe, Int.max)
    }

    /// A subscription made at `subscribe` and disposed at `unsubscribe`.
    public init(_ subscribe: Int, _ unsubscribe: Int) {
        self.subscribe = subscribe
        self.unsubscribe = unsubscribe
    }

    /// `(200: 300)`, or `(200: Infinity)` while the subscription lasts, as RxTest prints it.
    public var debugDescription: String {
        let end = unsubscribe == Int.max ? "Infinity" : String(unsubscribe)
        return "(\(subscribe): \(end))"
    }
}
