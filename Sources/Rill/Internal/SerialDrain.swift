/// The state of a drain loop kept inside an operator's locked state machine, for
/// operators whose decision and claim to deliver must be one locked step (the
/// timed operators' `TimedOutbox`). `SerialDrain` is the form with a lock-free
/// claim that the multi-input operators use.
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
    private var queue = DeliveryQueue<Item>()
    /// Whether some caller is delivering (between a `send` that returned its item
    /// and the `next()` that returned nil).
    private(set) var isDraining = false

    /// Whether items are waiting for the drainer.
    var hasQueued: Bool { !queue.isEmpty }

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
        guard let item = queue.removeFirst() else {
            isDraining = false
            return nil
        }
        return item
    }
}

/// A drain loop: `send(_:deliver:)` delivers items one at a time, in order,
/// whatever thread sends them, without holding a lock while delivering.
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
///
/// Built on a `DeliveryTurn`: uncontended, an item costs two compare-and-swaps and
/// no lock; the queue is behind a lock and touched only under contention. Callers
/// on a hot generic path use the parts (`tryClaim()`, then `offer(_:)` out of line,
/// then `drain(_:)`) so that the fast path never builds an `Item`.
@usableFromInline
struct SerialDrain<Item>: @unchecked Sendable {
    // Sendable: the queue is only reached through `Locked`; items cross threads by
    // design, as events do through any Rx scheduler.
    @usableFromInline let turn = DeliveryTurn()
    @usableFromInline let queue = Locked(DeliveryQueue<Item>())

    @usableFromInline
    init() {}

    /// Delivers `item` with `deliver`, now or after the items queued before it; see
    /// the type's documentation. `deliver` runs outside the lock and may call `send`
    /// again (the item is queued, not delivered nested). Every caller of one drain
    /// should pass the same `deliver` (and `taking`, see `continueDraining`):
    /// whichever caller is draining delivers all items.
    @usableFromInline
    func send(_ item: Item, taking: (Item) -> Void = { _ in }, deliver: (Item) -> Void) {
        guard tryClaim() || offer(item) else { return }
        deliver(item)
        if !release() { continueDraining(taking: taking, deliver) }
    }

    /// Claims the right to deliver if nobody holds it and nothing waits. True:
    /// deliver your item, then call `drain(_:)`.
    @inlinable @inline(__always)
    func tryClaim() -> Bool {
        turn.tryClaim()
    }

    /// After `tryClaim()` failed: queues `item` behind the running delivery and
    /// returns false, or returns true if the delivery ended meanwhile and the
    /// caller must deliver `item` and then call `drain(_:)`. Drops the item (false)
    /// after `close()`. `alongside` runs under the queue's lock when the item is
    /// queued: an operator that keeps part of an item elsewhere (a typed value in
    /// its input's own queue) stores it there.
    @usableFromInline
    func offer(_ item: Item, alongside: () -> Void = {}) -> Bool {
        queue.withLock { queue in
            switch turn.offer() {
            case .deliver: return true
            case .queue:
                queue.append(item)
                alongside()
            case .drop: break
            }
            return false
        }
    }

    /// For the caller that delivered an item: delivers what was queued meanwhile,
    /// in order, then lets go.
    @inlinable @inline(__always)
    func drain(_ deliver: (Item) -> Void) {
        if !release() { continueDraining(deliver) }
    }

    /// For the caller that delivered an item: lets go and returns true if nothing
    /// was queued meanwhile; otherwise returns false and the caller must call
    /// `continueDraining(_:)`. Lets a hot path drain without forming a closure.
    @inlinable @inline(__always)
    func release() -> Bool {
        turn.finish()
    }

    /// After `release()` returned false: delivers the queued items, in order,
    /// until none is left, then lets go. `taking` runs under the queue's lock as
    /// each item leaves the queue (the counterpart of `offer`'s `alongside`).
    @usableFromInline
    func continueDraining(taking: (Item) -> Void = { _ in }, _ deliver: (Item) -> Void) {
        repeat {
            if let item = takeQueued(taking) { deliver(item) }
        } while !turn.finish()
    }

    @inline(never)
    private func takeQueued(_ taking: (Item) -> Void) -> Item? {
        queue.withLock { queue in
            let item = queue.removeFirst()
            if let item { taking(item) }
            return item
        }
    }

    /// Drops what is queued and every item offered later; a running drain stops
    /// after its current item. `alongside` runs under the queue's lock (to drop
    /// what `offer` stored elsewhere).
    @usableFromInline
    func close(alongside: () -> Void = {}) {
        turn.close()
        queue.withLock { queue in
            queue.removeAll()
            alongside()
        }
    }

    /// Whether `close()` was called.
    @usableFromInline
    var isClosed: Bool {
        turn.isClosed
    }
}
