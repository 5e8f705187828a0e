import Foundation

/// The elements a subject replays to a new subscriber: the last `capacity` of them,
/// and with a window, only those received less than `window` seconds ago.
///
/// Capacity 1 keeps the latest (`BehaviorSubject`, `share(replay: 1)`), `Int.max`
/// keeps everything (`ReplaySubject.createUnbound()`). The elements are a
/// `RingBuffer` bounded by `capacity`: once full, appending drops the oldest, so
/// `append` allocates nothing in the steady state.
///
/// With a window (`ReplaySubject.create(bufferSize:window:scheduler:)`,
/// `replay(_:window:scheduler:)`, `share(replay:window:scheduler:scope:)`), each
/// element's time of arrival (seconds since the reference date, from the owner's
/// scheduler) sits at the same position of a parallel ring, `receivedAt`.
/// `dropExpired(at:)` drops elements from the oldest end while they are `window`
/// or more old: RxJava's rule, an element is replayed only while its age is less
/// than the window. The owner calls it before appending and before reading the
/// elements for a replay, with the time it read from its scheduler before taking
/// its lock. Eviction stops at the first element still inside the window, so a
/// replay is always the newest elements without gaps, even if two threads' times
/// arrive out of order.
///
/// A class, so that the element path reaches it through one reference and finds
/// `Element` through the instance. The owner serialises every call (its lock, or
/// for `takeLast` the Rx grammar of its one upstream). An element that leaves the
/// buffer (dropped or expired) is released under that lock, so an element's
/// deinit must not send to the subject that buffers it.
final class ReplayBuffer<Element> {
    let capacity: Int
    /// How long an element stays replayable, in seconds (positive, finite); nil
    /// when only `capacity` limits the buffer.
    private let window: TimeInterval?
    // Touched only under the owner's lock, so no dynamic exclusivity checks.
    @exclusivity(unchecked) private var ring = RingBuffer<Element>()
    /// With a window: when the element at the same position of `ring` was received.
    @exclusivity(unchecked) private var receivedAt = RingBuffer<TimeInterval>()

    /// A buffer of at most `capacity` elements, each replayable for `window` seconds
    /// after it arrived (nil: for ever).
    init(capacity: Int, window: TimeInterval? = nil) {
        precondition(capacity > 0, "A replay buffer holds at least one element (got \(capacity))")
        precondition(window.map { $0 > 0 && $0.isFinite } ?? true, "A replay window is positive and finite")
        self.capacity = capacity
        self.window = window
    }

    var isEmpty: Bool { ring.isEmpty }

    /// The number of elements.
    var count: Int { ring.count }

    /// Records `element`, dropping the oldest one if the buffer is full. For a
    /// buffer without a window.
    @inline(__always)
    func append(_ element: Element) {
        assert(window == nil, "Internal inconsistency: a replay buffer with a window needs each element's time")
        ring.append(element, keepingAtMost: capacity)
    }

    /// Records `element`, received at `time` (seconds since the reference date):
    /// drops the elements that are too old by then, then the oldest one if the
    /// buffer is still full. For a buffer with a window.
    func append(_ element: Element, receivedAt time: TimeInterval) {
        dropExpired(at: time)
        ring.append(element, keepingAtMost: capacity)
        receivedAt.append(time, keepingAtMost: capacity)
    }

    /// Drops the elements, oldest first, that are `window` or more old at `now`
    /// (to within `timedTolerance`, so that a time computed through `Date`'s
    /// floating point counts as the instant it stands for). Stops at the first
    /// element still inside the window. Does nothing without a window.
    func dropExpired(at now: TimeInterval) {
        guard let window else { return }
        let limit = now - window + timedTolerance
        while let oldest = receivedAt.first, oldest <= limit {
            receivedAt.dropFirst()
            ring.dropFirst()
        }
    }

    /// The newest element.
    var last: Element? { ring.last }

    /// Copies the elements, oldest first, into `target`, which has room for `count`.
    func copy(into target: UnsafeMutablePointer<Element>) {
        ring.copy(into: target)
    }

    /// The elements, oldest first.
    func elements() -> ContiguousArray<Element> {
        ring.elements()
    }

    /// Empties the buffer and returns what it held, for the owner to release after
    /// unlocking.
    func removeAll() -> ContiguousArray<Element> {
        let removed = ring.elements()
        ring.removeAll()
        receivedAt.removeAll()
        return removed
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
