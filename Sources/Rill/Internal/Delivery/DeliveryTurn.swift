/// The right to deliver to one downstream, claimed without waiting: the atomic
/// word inside a `SerialDrain` (Rill's one serial-delivery mechanism), which is
/// its only user.
///
/// One holder at a time delivers; callers that arrive while the turn is held
/// (from another thread, or re-entrantly from inside the delivery) queue their
/// item instead of waiting, and the holder delivers the queued items before it
/// lets go. Nobody ever blocks on a delivery, so there is nothing to deadlock on.
///
/// The state that decides what to deliver belongs to the holder: only the holder
/// of the turn reads or writes it, so it needs no lock. The queue of waiting items
/// is the caller's and lives behind the caller's lock; the turn's word counts the
/// items in it. Uncontended, an item costs two compare-and-swaps (claim, release)
/// and no lock.
///
/// Protocol, per item:
/// 1. `tryClaim()`. True: deliver the item, then `drain`.
/// 2. Otherwise, under the queue's lock, `offer()`: `.deliver` means the turn was
///    free after all (deliver, then drain); `.queue` means append the item to the
///    queue (still under the lock); `.drop` means the turn was closed.
/// 3. Draining: while `finish()` returns false, take the oldest queued item under
///    the queue's lock and deliver it. The queue may turn out empty when `close()`
///    emptied it meanwhile; then just ask `finish()` again.
///
/// `close()` (disposal) makes every later offer drop and releases the turn at the
/// holder's next `finish()`; the closer empties the queue under its lock.
///
/// Memory order: the word's read-modify-writes are acquire-release, so whatever
/// one holder wrote to the holder's state is visible to the next holder.
@usableFromInline
struct DeliveryTurn: Sendable {
    /// Bit 0: the turn is held. Bit 1: closed. Bits 2 and up: items queued.
    @usableFromInline let word = AtomicWord(0)

    @usableFromInline static let held = 1
    static let closed = 2
    static let queuedItem = 4

    /// What the caller must do with an item it offers under the queue's lock.
    enum Offer {
        /// The turn is now the caller's: deliver the item after unlocking, then drain.
        case deliver
        /// Another holder will deliver it: append it to the queue before unlocking.
        case queue
        /// The turn is closed: drop the item.
        case drop
    }

    init() {}

    /// Claims the turn if nobody holds it and nothing waits: one compare-and-swap.
    @inlinable @inline(__always)
    func tryClaim() -> Bool {
        word.compareExchange(expected: 0, desired: Self.held)
    }

    /// Claims the turn, or counts one more queued item. Call under the lock of the
    /// queue, after `tryClaim()` failed.
    func offer() -> Offer {
        while true {
            let current = word.value
            if current & Self.closed != 0 { return .drop }
            if current == 0 {
                if word.compareExchange(expected: 0, desired: Self.held) { return .deliver }
            } else if word.compareExchange(expected: current, desired: current + Self.queuedItem) {
                return .queue
            }
        }
    }

    /// Called by the holder after each item. True: the turn is released (nothing
    /// is queued, or the turn was closed). False: the caller still holds it and
    /// must take the oldest queued item under the queue's lock and deliver it.
    @inlinable @inline(__always)
    func finish() -> Bool {
        if word.compareExchange(expected: Self.held, desired: 0) { return true }
        return finishContended()
    }

    @usableFromInline @inline(never)
    func finishContended() -> Bool {
        while true {
            let current = word.value
            if current & Self.closed != 0 {
                if word.compareExchange(expected: current, desired: Self.closed) { return true }
            } else if current == Self.held {
                if word.compareExchange(expected: current, desired: 0) { return true }
            } else if word.compareExchange(expected: current, desired: current - Self.queuedItem) {
                return false
            }
        }
    }

    /// Closes the turn: later offers drop, and the holder releases it at its next
    /// `finish()`. Returns false if it was already closed.
    @discardableResult
    func close() -> Bool {
        word.fetchOr(Self.closed) & Self.closed == 0
    }

    /// Whether the turn is held or items are queued for its holder.
    var isBusy: Bool {
        word.value & ~Self.closed != 0
    }

    /// Whether `close()` was called.
    var isClosed: Bool {
        word.value & Self.closed != 0
    }
}
