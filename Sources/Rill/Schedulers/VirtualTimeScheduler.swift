import Foundation

/// A scheduler whose clock moves only when you run it: the base of
/// `TestScheduler` and `HistoricalScheduler`.
///
/// Scheduled work waits in a queue ordered by due time, then by the order it was
/// scheduled, so two actions due at the same time run in scheduling order.
/// `start()` runs the queue until it is empty (or `stop()` is called), setting
/// the clock to each action's due time before running it; `advanceTo(_:)` runs
/// only what is due up to a given time; `sleep(_:)` moves the clock without
/// running anything. The clock never moves backwards: work scheduled for a time
/// already past runs next, at the current clock.
///
/// ```swift
/// let scheduler = HistoricalScheduler()
/// _ = scheduler.scheduleRelative((), dueTime: .seconds(5)) { _ in print(scheduler.now); return Disposables.create() }
/// scheduler.advanceTo(Date(timeIntervalSince1970: 10))   // prints 1970-01-01 00:00:05 +0000
/// ```
///
/// Threading: drive a virtual-time scheduler (`start`, `advanceTo`, `sleep`,
/// `stop`) from one thread; actions run on that thread, synchronously inside
/// those calls. Scheduling and reading the clock are safe from any thread.
open class VirtualTimeScheduler<Converter: VirtualTimeConverterType>: SchedulerType, CustomDebugStringConvertible,
    @unchecked Sendable {
    // Sendable: the clock, the queue and the running flag are behind `state`'s lock;
    // `converter` is an immutable Sendable value. Actions run with the lock released;
    // only the converter's pure comparisons run inside it (to order the queue).

    /// The scheduler's unit of absolute time.
    public typealias VirtualTime = Converter.VirtualTimeUnit
    /// The scheduler's unit of time spans.
    public typealias VirtualTimeInterval = Converter.VirtualTimeIntervalUnit

    private struct State {
        var clock: VirtualTime
        /// True while `start()` or `advanceTo(_:)` runs the queue; `stop()` clears it.
        var isRunning = false
        var queue: ScheduledItemQueue<VirtualTime>
        /// Breaks ties between items due at the same time: scheduling order.
        var nextSequenceNumber: UInt64 = 0
    }

    private let converter: Converter
    private let state: Locked<State>

    /// Creates a scheduler whose clock starts at `initialClock`.
    ///
    /// - Parameters:
    ///   - initialClock: The clock's starting value.
    ///   - converter: Converts between virtual and real time.
    public init(initialClock: VirtualTime, converter: Converter) {
        self.converter = converter
        state = Locked(State(clock: initialClock, queue: ScheduledItemQueue { lhs, rhs in
            switch converter.compareVirtualTime(lhs.time, rhs.time) {
            case .lessThan: return true
            case .greaterThan: return false
            case .equal: return lhs.sequenceNumber < rhs.sequenceNumber
            }
        }))
    }

    deinit {
        // Work still queued can never run. Release it, and what its action
        // captured, now: an action that captures the disposable owning it (a sink
        // holding its own scheduled work) would otherwise keep itself alive.
        let pending = state.withLock { $0.queue.removeAll() }
        for item in pending { item.dispose() }
    }

    /// The clock, as real time.
    public var now: RxTime {
        converter.convertFromVirtualTime(clock)
    }

    /// The scheduler's absolute clock value.
    public var clock: VirtualTime {
        state.withLock { $0.clock }
    }

    /// Whether `start()` or `advanceTo(_:)` is running scheduled work right now.
    public var isEnabled: Bool {
        state.withLock { $0.isRunning }
    }

    /// Schedules `action` to run as soon as possible: at the clock as adjusted by
    /// `adjustScheduledTime(_:)` (for `TestScheduler`, one tick later).
    ///
    /// - Returns: A disposable that cancels the action if it has not run, and
    ///   disposes what the action returned.
    public func schedule<StateType>(
        _ state: StateType, action: @escaping (StateType) -> any Disposable
    ) -> any Disposable {
        scheduleRelative(state, dueTime: .nanoseconds(0), action: action)
    }

    /// Schedules `action` to run `dueTime` after the clock, converted to virtual
    /// time and passed through `adjustScheduledTime(_:)`. A `dueTime` of `.never`
    /// never runs.
    ///
    /// - Returns: A disposable that cancels the action if it has not run, and
    ///   disposes what the action returned.
    public func scheduleRelative<StateType>(
        _ state: StateType, dueTime: RxTimeInterval, action: @escaping (StateType) -> any Disposable
    ) -> any Disposable {
        let seconds = dueTime.timedSeconds
        guard seconds.isFinite else { return Disposables.create() }
        let dueDate = now.addingTimeInterval(seconds)
        let time = adjustScheduledTime(converter.convertToVirtualTime(dueDate))
        return scheduleAbsoluteVirtual(state, time: time, action: action)
    }

    /// Schedules `action` to run `dueTime` (in virtual units) after the clock.
    /// No adjustment is applied: a zero `dueTime` runs at the current clock, after
    /// the work already due then.
    ///
    /// - Returns: A disposable that cancels the action if it has not run, and
    ///   disposes what the action returned.
    public func scheduleRelativeVirtual<StateType>(
        _ state: StateType, dueTime: VirtualTimeInterval, action: @escaping (StateType) -> any Disposable
    ) -> any Disposable {
        scheduleAbsoluteVirtual(state, time: converter.offsetVirtualTime(clock, offset: dueTime), action: action)
    }

    /// Schedules `action` to run at the absolute virtual time `time`. Work is
    /// ordered by the time it asked for, so a time already past runs next, at the
    /// current clock (ahead of work due exactly now).
    ///
    /// - Returns: A disposable that cancels the action if it has not run, and
    ///   disposes what the action returned.
    public func scheduleAbsoluteVirtual<StateType>(
        _ state: StateType, time: VirtualTime, action: @escaping (StateType) -> any Disposable
    ) -> any Disposable {
        let run = { action(state) }
        return self.state.withLock { scheduler in
            defer { scheduler.nextSequenceNumber += 1 }
            let item = ScheduledItem(time: time, sequenceNumber: scheduler.nextSequenceNumber, action: run)
            scheduler.queue.insert(item)
            return item
        }
    }

    /// Adjusts the time of work scheduled through `schedule` and
    /// `scheduleRelative` before it is queued. The base class returns `time`;
    /// `TestScheduler` moves work due now or earlier one tick later.
    open func adjustScheduledTime(_ time: VirtualTime) -> VirtualTime {
        time
    }

    /// Runs scheduled work in time order until the queue is empty or `stop()` is
    /// called, moving the clock to each action's due time. Work that actions
    /// schedule runs in the same call. Calling it while it runs does nothing.
    public func start() {
        let alreadyRunning = state.withLock { state -> Bool in
            defer { state.isRunning = true }
            return state.isRunning
        }
        guard !alreadyRunning else { return }
        while let item = takeNext(dueBy: nil) {
            item.run()
        }
    }

    /// Stops `start()` or `advanceTo(_:)` after the action now running returns.
    public func stop() {
        state.withLock { $0.isRunning = false }
    }

    /// Runs the work due up to and including `virtualTime`, in time order, then
    /// sets the clock to `virtualTime`.
    ///
    /// - Precondition: The scheduler is not running, and `virtualTime` is not
    ///   earlier than the clock.
    public func advanceTo(_ virtualTime: VirtualTime) {
        // The refusal is a tuple, not an enum of its own: every value type costs the
        // binary its metadata and value witnesses, about 4 KB for a generic enum.
        let refusal = state.withLock { state -> (isRunning: Bool, clock: VirtualTime)? in
            if state.isRunning || converter.compareVirtualTime(virtualTime, state.clock) == .lessThan {
                return (state.isRunning, state.clock)
            }
            state.isRunning = true
            return nil
        }
        if let refusal {
            precondition(!refusal.isRunning, "VirtualTimeScheduler.advanceTo(_:) called while the scheduler is running")
            preconditionFailure(
                "VirtualTimeScheduler.advanceTo(\(virtualTime)): the clock is already at \(refusal.clock) and cannot move back"
            )
        }
        while let item = takeNext(dueBy: virtualTime) {
            item.run()
        }
        state.withLock { state in
            if converter.compareVirtualTime(virtualTime, state.clock) == .greaterThan { state.clock = virtualTime }
        }
    }

    /// Moves the clock forward by `virtualInterval` without running anything.
    ///
    /// - Precondition: `virtualInterval` is not negative.
    public func sleep(_ virtualInterval: VirtualTimeInterval) {
        let refusedFrom = state.withLock { state -> VirtualTime? in
            let target = converter.offsetVirtualTime(state.clock, offset: virtualInterval)
            guard converter.compareVirtualTime(target, state.clock) != .lessThan else { return state.clock }
            state.clock = target
            return nil
        }
        if let refusedFrom {
            preconditionFailure("VirtualTimeScheduler.sleep(\(virtualInterval)) would move the clock back from \(refusedFrom)")
        }
    }

    /// The clock and the due times of the work waiting, for debugging.
    public var debugDescription: String {
        let (clock, pending) = state.withLock { state in
            (state.clock, state.queue.sorted().filter { !$0.isDisposed }.map(\.time))
        }
        let times = pending.map { "\($0)" }.joined(separator: ", ")
        return "\(type(of: self))(clock: \(clock), pending: [\(times)])"
    }

    /// Removes and returns the next action to run, moving the clock to its due
    /// time; or ends the run (clears `isRunning`) and returns `nil` when the queue
    /// is empty, the next action is due after `limit`, or `stop()` was called.
    private func takeNext(dueBy limit: VirtualTime?) -> ScheduledItem<VirtualTime>? {
        state.withLock { state in
            guard state.isRunning else { return nil }
            while let next = state.queue.first {
                if next.isDisposed {
                    state.queue.removeFirst()
                    continue
                }
                if let limit, converter.compareVirtualTime(next.time, limit) == .greaterThan { break }
                state.queue.removeFirst()
                if converter.compareVirtualTime(next.time, state.clock) == .greaterThan { state.clock = next.time }
                return next
            }
            state.isRunning = false
            return nil
        }
    }
}

/// One action waiting in a virtual-time scheduler's queue; the disposable that
/// scheduling returns.
private final class ScheduledItem<Time>: Cancelable, @unchecked Sendable {
    // Sendable: `time` and `sequenceNumber` are immutable; `phase` is behind its lock,
    // and the action and its result are called or disposed only after release.
    private enum Phase {
        case pending(() -> any Disposable)
        case running
        case ran(any Disposable)
        case disposed
    }

    let time: Time
    let sequenceNumber: UInt64
    private let phase: Locked<Phase>

    init(time: Time, sequenceNumber: UInt64, action: @escaping () -> any Disposable) {
        self.time = time
        self.sequenceNumber = sequenceNumber
        phase = Locked(.pending(action))
    }

    var isDisposed: Bool {
        phase.withLock { phase in
            if case .disposed = phase { return true }
            return false
        }
    }

    /// Runs the action unless it was disposed, keeping what it returned so that
    /// disposing the item disposes it.
    func run() {
        let action: (() -> any Disposable)? = phase.withLock { phase in
            guard case .pending(let action) = phase else { return nil }
            phase = .running
            return action
        }
        guard let action else { return }
        let result = action()
        let disposedMeanwhile = phase.withLock { phase -> Bool in
            if case .disposed = phase { return true }
            phase = .ran(result)
            return false
        }
        if disposedMeanwhile { result.dispose() }
    }

    /// Cancels the action if it has not run (releasing it at once) or disposes
    /// what it returned.
    func dispose() {
        let result: (any Disposable)? = phase.withLock { phase in
            defer { phase = .disposed }
            if case .ran(let result) = phase { return result }
            return nil
        }
        result?.dispose()
    }
}

/// A binary min-heap of scheduled items, ordered by `precedes`.
private struct ScheduledItemQueue<Time> {
    typealias Item = ScheduledItem<Time>

    private var heap: [Item] = []
    private let precedes: (Item, Item) -> Bool

    init(precedes: @escaping (Item, Item) -> Bool) {
        self.precedes = precedes
    }

    var first: Item? { heap.first }

    /// The items in the order they will run.
    func sorted() -> [Item] {
        heap.sorted(by: precedes)
    }

    mutating func insert(_ item: Item) {
        heap.append(item)
        var child = heap.count - 1
        while child > 0 {
            let parent = (child - 1) / 2
            guard precedes(heap[child], heap[parent]) else { break }
            heap.swapAt(child, parent)
            child = parent
        }
    }

    /// Empties the queue, returning the items in no particular order.
    mutating func removeAll() -> [Item] {
        defer { heap = [] }
        return heap
    }

    mutating func removeFirst() {
        guard heap.count > 1 else {
            heap.removeAll()
            return
        }
        heap.swapAt(0, heap.count - 1)
        heap.removeLast()
        var parent = 0
        while true {
            let left = 2 * parent + 1
            let right = left + 1
            var first = parent
            if left < heap.count && precedes(heap[left], heap[first]) { first = left }
            if right < heap.count && precedes(heap[right], heap[first]) { first = right }
            guard first != parent else { return }
            heap.swapAt(parent, first)
            parent = first
        }
    }
}

/// A scheduler whose actions are steps of a virtual clock, where RxSwift's
/// operators take one step per event.
///
/// `observe(on:)` and `delay` hand a burst of events to the downstream in one
/// scheduled action on real schedulers (indistinguishable there, and cheaper).
/// On a scheduler of this kind they take one action per event instead, as
/// RxSwift's do, so virtual times match RxTest's to the tick: three events
/// arriving at 210 through `observe(on:)` on `TestScheduler` land at 211, 212, 213.
protocol SteppedScheduler: AnyObject {}

extension VirtualTimeScheduler: SteppedScheduler {}

/// Whether `scheduler` runs its actions as steps of a virtual clock (see `SteppedScheduler`).
///
/// Asked of the scheduler's type: a cast of the existential itself also looks for an
/// Objective-C bridge and a boxed value (measured: about 2,800 instructions per
/// `observe(on:)` subscription; the type's conformance is cached by the runtime).
func takesOneStepPerEvent(_ scheduler: any ImmediateSchedulerType) -> Bool {
    type(of: scheduler) is any SteppedScheduler.Type
}
