/// Rill's one serial-delivery mechanism: `send(_:deliver:)` delivers items one at
/// a time, in order, whatever thread sends them, without holding a lock while
/// delivering. Every operator that must serialise what several threads (or a
/// re-entrant delivery) send uses it, directly or through `SerialDeliverer`:
/// merge and the flatMap family, zip and combineLatest, debounce, throttle and
/// delay (`TimedSink`), withLatestFrom, sample, take(for:), skip(until:), refCount's connects and
/// disconnects, and `SerializedSubject`.
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
/// no lock; the queue (a `RingBuffer`) is behind a lock and touched only under
/// contention. Callers on a hot generic path use the parts (`tryClaim()`, then
/// `offer(_:)` out of line, then `drain(_:)`) so that the fast path never builds
/// an `Item`.
///
/// An operator whose state machine decides what to deliver under its own lock
/// (debounce, throttle, delay, sample, refCount) claims or queues the item in the same
/// critical section (`claimOrQueue(_:)`), so items are delivered in the order
/// they were decided; it delivers a claimed item after unlocking. The lock order
/// is always the operator's lock, then the drain's queue lock.
@usableFromInline
struct SerialDrain<Item>: @unchecked Sendable {
    // Sendable: the queue is only reached through `Locked`; items cross threads by
    // design, as events do through any Rx scheduler.
    @usableFromInline let turn = DeliveryTurn()
    let queue = Locked(RingBuffer<Item>())

    init() {}

    /// Delivers `item` with `deliver`, now or after the items queued before it; see
    /// the type's documentation. `deliver` runs outside the lock and may call `send`
    /// again (the item is queued, not delivered nested). Every caller of one drain
    /// should pass the same `deliver` (and `taking`, see `continueDraining`):
    /// whichever caller is draining delivers all items.
    func send(_ item: Item, taking: (Item) -> Void = { _ in }, deliver: (Item) -> Void) {
        guard claimOrQueue(item) else { return }
        deliver(item)
        if !release() { continueDraining(taking: taking, deliver) }
    }

    /// Claims the right to deliver `item`, or queues it behind the running
    /// delivery. True: the caller must deliver `item` (after releasing any lock it
    /// holds), then call `drain(_:)`. False: it was queued, or dropped after
    /// `close()`. May be called under the caller's own lock, so that the order in
    /// which items are decided there is the order they are delivered in.
    @inlinable
    func claimOrQueue(_ item: Item) -> Bool {
        tryClaim() || offer(item)
    }

    /// Whether some caller holds the right to deliver (or items wait for it).
    var isBusy: Bool {
        turn.isBusy
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
