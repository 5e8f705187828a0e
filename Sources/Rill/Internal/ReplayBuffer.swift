import Foundation

/// The elements a subject replays to a new subscriber: the last `capacity` of them,
/// and with a window, only those received less than `window` seconds ago.
///
/// Capacity 1 keeps the latest (`BehaviorSubject`, `share(replay: 1)`), `Int.max`
/// keeps everything (`ReplaySubject.createUnbound()`). Storage grows by doubling up
/// to `capacity`. It is a ring: the elements run from the slot `start`, wrapping
/// around at the end of the storage. Once full, the oldest element is overwritten
/// in place, so `append` allocates nothing in the steady state.
///
/// With a window (`ReplaySubject.create(bufferSize:window:scheduler:)`,
/// `replay(_:window:scheduler:)`, `share(replay:window:scheduler:scope:)`), each
/// element's time of arrival (seconds since the reference date, from the owner's
/// scheduler) sits in the same slot of a parallel ring, `receivedAt`.
/// `dropExpired(at:)` drops elements from the oldest end while they are `window`
/// or more old: RxJava's rule, an element is replayed only while its age is less
/// than the window. The owner calls it before appending and before reading the
/// elements for a replay, with the time it read from its scheduler before taking
/// its lock. Eviction stops at the first element still inside the window, so a
/// replay is always the newest elements without gaps, even if two threads' times
/// arrive out of order.
///
/// Raw storage rather than an array: `append` runs per element in Rill's
/// unspecialised generic code, where array operations look up generic metadata
/// (hundreds of instructions each); pointer operations use the element's value
/// witnesses directly. The owner serialises every call (its lock, or for `takeLast`
/// the Rx grammar of its one upstream). An element that
/// leaves the buffer (overwritten or expired) is released under that lock, so an
/// element's deinit must not send to the subject that buffers it.
final class ReplayBuffer<Element> {
    let capacity: Int
    /// How long an element stays replayable, in seconds (positive, finite); nil
    /// when only `capacity` limits the buffer.
    private let window: TimeInterval?
    // Touched only under the owner's lock, so no dynamic exclusivity checks.
    @exclusivity(unchecked) private var storage: UnsafeMutablePointer<Element>?
    /// With a window: when the element in the same slot of `storage` was received.
    @exclusivity(unchecked) private var receivedAt: UnsafeMutablePointer<TimeInterval>?
    @exclusivity(unchecked) private var allocated = 0
    @exclusivity(unchecked) private var count = 0
    /// The slot of the oldest element.
    @exclusivity(unchecked) private var start = 0

    /// A buffer of at most `capacity` elements, each replayable for `window` seconds
    /// after it arrived (nil: for ever).
    init(capacity: Int, window: TimeInterval? = nil) {
        precondition(capacity > 0, "A replay buffer holds at least one element (got \(capacity))")
        precondition(window.map { $0 > 0 && $0.isFinite } ?? true, "A replay window is positive and finite")
        self.capacity = capacity
        self.window = window
    }

    deinit {
        deinitializeAll()
        storage?.deallocate()
        receivedAt?.deallocate()
    }

    var isEmpty: Bool { count == 0 }

    /// The slot of the element `offset` places after the oldest.
    @inline(__always)
    private func slot(_ offset: Int) -> Int {
        let index = start + offset
        return index < allocated ? index : index - allocated
    }

    /// How many elements run from `start` to the end of the storage, and how many
    /// continue from slot 0.
    private var segments: (first: Int, second: Int) {
        let first = Swift.min(count, allocated - start)
        return (first, count - first)
    }

    /// Records `element`, dropping the oldest one if the buffer is full. For a
    /// buffer without a window.
    func append(_ element: Element) {
        assert(window == nil, "Internal inconsistency: a replay buffer with a window needs each element's time")
        store(element)
    }

    /// Records `element`, received at `time` (seconds since the reference date):
    /// drops the elements that are too old by then, then the oldest one if the
    /// buffer is still full. For a buffer with a window.
    func append(_ element: Element, receivedAt time: TimeInterval) {
        dropExpired(at: time)
        if count == allocated, count < capacity { grow() }
        // The slot `store` fills: the next free one, or the oldest when full.
        receivedAt?[count < allocated ? slot(count) : start] = time
        store(element)
    }

    /// The full case first: it is the steady state of a subject that replays.
    @inline(__always)
    private func store(_ element: Element) {
        if count == capacity, let storage {
            // Full, so `allocated == capacity`: overwrite the oldest.
            (storage + start).pointee = element
            start += 1
            if start == capacity { start = 0 }
        } else if count < allocated, let storage {
            (storage + slot(count)).initialize(to: element)
            count += 1
        } else {
            growAndStore(element)
        }
    }

    /// Not recursive through `store`, so that `store` inlines into `append`.
    @inline(never)
    private func growAndStore(_ element: Element) {
        grow()
        guard let storage else { fatalError("Internal inconsistency: a grown replay buffer has no storage") }
        // Grown storage holds the elements from slot 0, with room after them.
        (storage + count).initialize(to: element)
        count += 1
    }

    /// Drops the elements, oldest first, that are `window` or more old at `now`
    /// (to within `timedTolerance`, so that a time computed through `Date`'s
    /// floating point counts as the instant it stands for). Stops at the first
    /// element still inside the window. Does nothing without a window.
    func dropExpired(at now: TimeInterval) {
        guard let window, let storage, let receivedAt else { return }
        let limit = now - window + timedTolerance
        while count > 0, receivedAt[start] <= limit {
            (storage + start).deinitialize(count: 1)
            start = slot(1)
            count -= 1
        }
    }

    private func grow() {
        let newSize = allocated == 0 ? 1 : allocated > capacity / 2 ? capacity : allocated * 2
        storage = moveInOrder(storage, into: newSize)
        if window != nil { receivedAt = moveInOrder(receivedAt, into: newSize) }
        allocated = newSize
        start = 0
    }

    /// New storage of `size` slots holding `old`'s values oldest first from slot 0;
    /// `old` is deallocated.
    private func moveInOrder<Value>(_ old: UnsafeMutablePointer<Value>?, into size: Int) -> UnsafeMutablePointer<Value> {
        let new = UnsafeMutablePointer<Value>.allocate(capacity: size)
        if let old {
            let (first, second) = segments
            new.moveInitialize(from: old + start, count: first)
            (new + first).moveInitialize(from: old, count: second)
            old.deallocate()
        }
        return new
    }

    /// The newest element.
    var last: Element? {
        guard let storage, count > 0 else { return nil }
        return storage[slot(count - 1)]
    }

    /// The elements, oldest first.
    func elements() -> ContiguousArray<Element> {
        guard let storage else { return [] }
        let (first, second) = segments
        var ordered = ContiguousArray<Element>()
        ordered.reserveCapacity(count)
        ordered.append(contentsOf: UnsafeBufferPointer(start: storage + start, count: first))
        ordered.append(contentsOf: UnsafeBufferPointer(start: storage, count: second))
        return ordered
    }

    /// Empties the buffer and returns what it held, for the owner to release after
    /// unlocking.
    func removeAll() -> ContiguousArray<Element> {
        let removed = elements()
        deinitializeAll()
        return removed
    }

    /// Ends the lifetime of every element in the storage, leaving it empty.
    private func deinitializeAll() {
        if let storage {
            let (first, second) = segments
            (storage + start).deinitialize(count: first)
            storage.deinitialize(count: second)
        }
        count = 0
        start = 0
    }
}

/// How long a replaying subject keeps an element replayable: `seconds` of
/// `clock`'s time after it arrived.
///
/// A class, so that the subject's per-element check for a window is one
/// comparison with nil. An optional existential (`(any SchedulerType)?`) stored in
/// the subject is copied out and its case read through value witnesses on every
/// element, window or not (measured, together with passing the time as an
/// optional: `share-replay-10sub` went from 796 to 962 instructions per element).
final class ReplayWindow: Sendable {
    let seconds: TimeInterval
    let clock: any SchedulerType

    init(_ window: RxTimeInterval, clock: any SchedulerType) {
        seconds = window.timedSeconds
        self.clock = clock
    }

    /// The clock's time, in seconds since the reference date. Call it outside any
    /// lock: a user's scheduler may run any code in `now`.
    var now: TimeInterval { clock.now.timeIntervalSinceReferenceDate }
}
