/// The state of a drain loop: the one way Rill serialises items sent from several
/// threads without holding a lock while delivering.
///
/// The first sender becomes the drainer and delivers its item; items sent while a
/// drainer is delivering, from other threads or re-entrantly from inside the
/// delivery, are queued and returned by `next()` to the drainer, which delivers
/// them in the order they were sent. So deliveries never overlap or nest, and no
/// sender ever waits for another one's delivery.
///
/// A value type with no side effects, to keep inside a lock: embed it in a larger
/// state machine, or use `SerialDrain`, which pairs it with its own lock.
struct SerialDrainState<Item> {
    private var queue: ContiguousArray<Item> = []
    private var head = 0
    /// Whether some caller is delivering (between a `send` that returned its item
    /// and the `next()` that returned nil).
    private(set) var isDraining = false

    /// Whether items are waiting for the drainer.
    var hasQueued: Bool { head < queue.count }

    /// Sends `item`. Returns it back if the caller has become the drainer and must
    /// deliver it now, then call `next()` until it returns nil; returns nil if a
    /// drainer is active, which will deliver the item.
    mutating func send(_ item: Item) -> Item? {
        if isDraining {
            queue.append(item)
            return nil
        }
        isDraining = true
        return item
    }

    /// The next item for the drainer to deliver, or nil, in which case the drain is
    /// over and the next `send` starts a new one.
    mutating func next() -> Item? {
        guard head < queue.count else {
            isDraining = false
            if !queue.isEmpty {
                queue.removeAll(keepingCapacity: queue.capacity <= 64)
                head = 0
            }
            return nil
        }
        defer { head += 1 }
        return queue[head]
    }
}

/// A drain loop with its own lock: `send(_:deliver:)` delivers items one at a time,
/// in order, whatever thread sends them.
///
/// ```swift
/// drain.send(event) { subject.on($0) }
/// ```
///
/// `send` delivers its item before returning when no delivery is in progress. When
/// one is (on another thread, or further up this thread's stack), it queues the item
/// and returns at once; the caller already delivering delivers it before its own
/// `send` returns. A drainer whose senders never pause keeps delivering: one drain
/// can last as long as the other threads keep sending.
struct SerialDrain<Item>: @unchecked Sendable {
    // Sendable: the state is only reached through `Locked`; items cross threads by
    // design, as events do through any Rx scheduler.
    private let state = Locked(SerialDrainState<Item>())

    init() {}

    /// Delivers `item` with `deliver`, now or after the items queued before it; see
    /// the type's documentation. `deliver` runs outside the lock and may call `send`
    /// again (the item is queued, not delivered nested). Every caller of one drain
    /// should pass the same `deliver`: whichever caller is draining delivers all items.
    func send(_ item: Item, deliver: (Item) -> Void) {
        guard var current = state.withLock({ $0.send(item) }) else { return }
        while true {
            deliver(current)
            guard let next = state.withLock({ $0.next() }) else { return }
            current = next
        }
    }
}
