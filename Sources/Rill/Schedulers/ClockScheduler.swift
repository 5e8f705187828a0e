import Foundation

/// Runs work on a Swift `Clock`: time operators (`debounce`, `delay`, `timeout`,
/// `interval`, ...) then keep that clock's time.
///
/// Any clock whose `Duration` is `Swift.Duration` drives it: `ContinuousClock`
/// (keeps counting while the system sleeps), `SuspendingClock` (does not), or your
/// own, such as a test clock. Each timed action is a task that sleeps on the clock
/// until it is due, then runs the action; disposing cancels the sleep.
///
/// ```swift
/// let scheduler = ClockScheduler(clock: ContinuousClock())
/// searchText
///     .debounce(.milliseconds(300), scheduler: scheduler)
///     .subscribe(onNext: { search($0) })
/// ```
///
/// Threading: actions run on the global concurrent executor, like
/// `ConcurrentDispatchQueueScheduler`'s: two actions may run at the same time, and
/// operators serialise their own events. Put `observe(on:)` (an actor or
/// `MainScheduler.instance`) after the time operators for closures that touch
/// isolated state. A periodic action (`interval`) runs from one task: its runs never
/// overlap, and each is due a whole number of periods after the first, so they do
/// not drift. `now` is the date at which the scheduler was created plus the time
/// the clock has measured since.
///
/// In tests, give the Rx operators RillTest's `TestScheduler` itself and let async
/// code sleep on its `virtualClock`: `advance(by:)` then runs both on one
/// deterministic timeline. A `ClockScheduler` on that virtual clock also follows
/// virtual time, but its actions run on tasks that `advance` does not wait for.
///
/// Needs macOS 13, iOS 16, tvOS 16 or watchOS 9 (`Clock`).
@available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
public final class ClockScheduler<C: Clock>: SchedulerType, Sendable where C.Duration == Swift.Duration {
    /// The clock that decides when timed work is due.
    public let clock: C
    private let origin: C.Instant
    private let originDate: Date

    /// Creates a scheduler driven by `clock`.
    ///
    /// - Parameter clock: The clock, for example `ContinuousClock()`.
    public init(clock: C) {
        self.clock = clock
        origin = clock.now
        originDate = Date()
    }

    /// The creation date plus the clock's time since creation.
    public var now: RxTime {
        originDate.addingTimeInterval(origin.duration(to: clock.now).timedSeconds)
    }

    /// Schedules `action` to run as soon as possible, on a task of its own.
    ///
    /// - Returns: A disposable that cancels the action if it has not started, and
    ///   disposes what it returned.
    public func schedule<StateType>(
        _ state: StateType, action: @escaping (StateType) -> any Disposable
    ) -> any Disposable {
        let scheduled = ScheduledAction(state, action)
        let task = Task { scheduled.run() }
        return ClockScheduledAction(action: scheduled, task: task)
    }

    /// Schedules `action` to run once the clock has advanced by `dueTime`. A
    /// `dueTime` of `.never` never runs.
    ///
    /// - Returns: A disposable that cancels the action if it has not started, and
    ///   disposes what it returned.
    public func scheduleRelative<StateType>(
        _ state: StateType, dueTime: RxTimeInterval, action: @escaping (StateType) -> any Disposable
    ) -> any Disposable {
        guard let nanoseconds = dueTime.wholeNanoseconds else { return Disposables.create() }
        let scheduled = ScheduledAction(state, action)
        let deadline = clock.now.advanced(by: .nanoseconds(nanoseconds))
        let task = Task { [clock] in
            do {
                try await clock.sleep(until: deadline, tolerance: nil)
            } catch {
                return   // cancelled: the action was disposed
            }
            scheduled.run()
        }
        return ClockScheduledAction(action: scheduled, task: task)
    }

    /// Runs `action` first after `startAfter`, then every `period`, from one task that
    /// sleeps on the clock until each run is due. Runs never overlap; each is due
    /// `startAfter + k × period` after scheduling, whatever the previous run took.
    /// No run starts after `dispose()` returns, except one already begun on another thread.
    ///
    /// - Returns: A disposable that stops the runs.
    public func schedulePeriodic<StateType>(
        _ state: StateType, startAfter: RxTimeInterval, period: RxTimeInterval,
        action: @escaping (StateType) -> StateType
    ) -> any Disposable {
        guard let start = startAfter.wholeNanoseconds, let period = period.wholeNanoseconds else {
            return Disposables.create()
        }
        let runs = ClockPeriodicRuns(state, action)
        let firstDeadline = clock.now.advanced(by: .nanoseconds(start))
        let task = Task { [clock] in
            var deadline = firstDeadline
            while true {
                do {
                    try await clock.sleep(until: deadline, tolerance: nil)
                } catch {
                    return
                }
                guard runs.runUnlessStopped() else { return }
                deadline = deadline.advanced(by: .nanoseconds(Swift.max(period, 0)))
            }
        }
        return ClockScheduledPeriodic(runs: runs, task: task)
    }
}

/// One action of a `ClockScheduler` and the task that carries it.
@available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
private final class ClockScheduledAction<State>: Disposable, Sendable {
    private let action: ScheduledAction<State>
    private let task: Task<Void, Never>

    init(action: ScheduledAction<State>, task: Task<Void, Never>) {
        self.action = action
        self.task = task
    }

    func dispose() {
        action.dispose()
        task.cancel()
    }
}

/// The state and action of a periodic `ClockScheduler` action.
private final class ClockPeriodicRuns<State>: @unchecked Sendable {
    // Sendable: `state` and `action` are touched only by the one task that runs
    // the periods; `stopped` is atomic.
    private var state: State
    private var action: ((State) -> State)?
    let stopped = AtomicWord()

    init(_ state: State, _ action: @escaping (State) -> State) {
        self.state = state
        self.action = action
    }

    /// Runs one period unless stopped; false once stopped.
    func runUnlessStopped() -> Bool {
        guard stopped.value == 0, let action else {
            self.action = nil
            return false
        }
        state = action(state)
        return true
    }
}

/// Stops a periodic `ClockScheduler` action.
@available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
private final class ClockScheduledPeriodic<State>: Disposable, Sendable {
    private let runs: ClockPeriodicRuns<State>
    private let task: Task<Void, Never>

    init(runs: ClockPeriodicRuns<State>, task: Task<Void, Never>) {
        self.runs = runs
        self.task = task
    }

    func dispose() {
        runs.stopped.store(1)
        task.cancel()
    }
}

@available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
extension Duration {
    /// The duration in seconds, as a `TimeInterval`.
    var timedSeconds: TimeInterval {
        let (seconds, attoseconds) = components
        return TimeInterval(seconds) + TimeInterval(attoseconds) / 1e18
    }
}
