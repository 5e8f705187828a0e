import Foundation

/// A span of time for schedulers, as RxSwift spells it.
public typealias RxTimeInterval = DispatchTimeInterval

/// A point in time for schedulers, as RxSwift spells it.
public typealias RxTime = Date

/// A scheduler that runs work as soon as it can, without a notion of time.
///
/// Schedulers are `Sendable`: work is scheduled onto them from any thread.
public protocol ImmediateSchedulerType: Sendable {
    /// Schedules `action` to run with `state`.
    ///
    /// - Returns: A disposable that cancels the action if it has not started, and
    ///   disposes what the action returned.
    func schedule<StateType>(_ state: StateType, action: @escaping (StateType) -> any Disposable) -> any Disposable
}

/// A scheduler that can also run work after a delay and periodically.
public protocol SchedulerType: ImmediateSchedulerType {
    /// The scheduler's current time.
    var now: RxTime { get }

    /// Schedules `action` to run with `state` after `dueTime`.
    func scheduleRelative<StateType>(
        _ state: StateType, dueTime: RxTimeInterval, action: @escaping (StateType) -> any Disposable
    ) -> any Disposable

    /// Schedules `action` to run first after `startAfter`, then every `period`,
    /// each time with the state the previous run returned. Runs never overlap
    /// (operators such as `interval` rely on it); disposing stops them.
    func schedulePeriodic<StateType>(
        _ state: StateType, startAfter: RxTimeInterval, period: RxTimeInterval,
        action: @escaping (StateType) -> StateType
    ) -> any Disposable
}

extension SchedulerType {
    /// Runs `action` first after `startAfter`, then every `period`, each time with the
    /// state the previous run returned: the default for schedulers that have no
    /// periodic timer of their own, built on `scheduleRecursive` and `scheduleRelative`.
    ///
    /// Each tick schedules the next one before it runs the action, so the period
    /// does not stretch by the time the action takes. Runs never overlap: a tick
    /// that comes while the action is still running runs it again right after.
    /// Disposing stops the ticks; no run starts after `dispose()` returns, except
    /// one that a tick on another thread had already begun.
    ///
    /// - Returns: A disposable that stops the runs.
    public func schedulePeriodic<StateType>(
        _ state: StateType, startAfter: RxTimeInterval, period: RxTimeInterval,
        action: @escaping (StateType) -> StateType
    ) -> any Disposable {
        let runs = PeriodicRuns(state, action)
        let ticks = scheduleRecursive((), dueTime: startAfter) { _, scheduler in
            scheduler.schedule((), dueTime: period)
            runs.tick()
        }
        return Disposables.create(FlagDisposable(runs.stopped), ticks)
    }
}

/// The runs of the default `schedulePeriodic`: one at a time, each with the state
/// the previous run returned.
private final class PeriodicRuns<State>: @unchecked Sendable {
    // Sendable: `state` is touched only by the tick that raised `pendingTicks` from
    // 0, until it brings it back to 0; the counter's acquire-release operations
    // hand `state` from one such tick to the next.
    private var state: State
    private let action: (State) -> State
    private let pendingTicks = AtomicWord()
    let stopped = AtomicWord()

    init(_ state: State, _ action: @escaping (State) -> State) {
        self.state = state
        self.action = action
    }

    func tick() {
        guard pendingTicks.fetchAdd(1) == 0 else { return }
        repeat {
            if stopped.value == 0 { state = action(state) }
        } while pendingTicks.fetchAdd(-1) > 1
    }
}

extension ImmediateSchedulerType {
    /// Schedules `action`, which can schedule itself again with a new state by
    /// calling `recurse`. Disposing the result cancels the whole recursion.
    ///
    /// ```swift
    /// scheduler.scheduleRecursive(0) { count, recurse in
    ///     print(count)
    ///     if count < 3 { recurse(count + 1) }
    /// }
    /// ```
    public func scheduleRecursive<State>(
        _ state: State, action: @escaping (_ state: State, _ recurse: (State) -> Void) -> Void
    ) -> any Disposable {
        let recursion = RecursiveScheduling<State> { state, scheduler in
            action(state) { scheduler.schedule($0) }
        } schedule: { state, run in
            self.schedule(state) { state in
                run(state)
                return Disposables.create()
            }
        }
        recursion.schedule(state)
        return recursion
    }
}

extension SchedulerType {
    /// Schedules `action` after `dueTime`; it can schedule itself again, with a new
    /// state and delay, through the `AnyRecursiveScheduler` it receives.
    public func scheduleRecursive<State>(
        _ state: State, dueTime: RxTimeInterval,
        action: @escaping (State, AnyRecursiveScheduler<State>) -> Void
    ) -> any Disposable {
        let recursion = RecursiveScheduling<State>(action) { state, run in
            self.schedule(state) { state in
                run(state)
                return Disposables.create()
            }
        } scheduleRelative: { state, dueTime, run in
            self.scheduleRelative(state, dueTime: dueTime) { state in
                run(state)
                return Disposables.create()
            }
        }
        recursion.schedule(state, dueTime: dueTime)
        return recursion
    }
}

/// The handle a recursively scheduled action uses to schedule its next run.
public final class AnyRecursiveScheduler<State>: @unchecked Sendable {
    // Sendable: only forwards to `RecursiveScheduling`, whose state is behind its lock.
    // A new handle is made for each run, so the recursion does not own it.
    fileprivate let recursion: RecursiveScheduling<State>

    fileprivate init(_ recursion: RecursiveScheduling<State>) {
        self.recursion = recursion
    }

    /// Schedules the next run with `state`, now.
    public func schedule(_ state: State) {
        recursion.schedule(state)
    }

    /// Schedules the next run with `state`, after `dueTime`.
    public func schedule(_ state: State, dueTime: RxTimeInterval) {
        recursion.schedule(state, dueTime: dueTime)
    }
}

/// One recursive scheduling: the runs in flight and whether it was disposed.
private final class RecursiveScheduling<State>: Cancelable, @unchecked Sendable {
    // Sendable: `inFlight` and `isDisposed` are behind `state`'s lock; the closures
    // are immutable.
    private enum Entry {
        /// Being scheduled: the scheduler has not returned its disposable yet.
        case scheduling
        case scheduled(any Disposable)
    }

    private struct Flight {
        var inFlight: [UInt64: Entry] = [:]
        var nextKey: UInt64 = 0
        var isDisposed = false
    }

    typealias Run = (State) -> Void
    private let action: (State, AnyRecursiveScheduler<State>) -> Void
    private let scheduleNow: (State, @escaping Run) -> any Disposable
    /// Schedules after a delay; `nil` for an `ImmediateSchedulerType`, whose
    /// delayed runs are scheduled now.
    private let scheduleRelative: ((State, RxTimeInterval, @escaping Run) -> any Disposable)?
    private let state = Locked(Flight())

    init(
        _ action: @escaping (State, AnyRecursiveScheduler<State>) -> Void,
        schedule: @escaping (State, @escaping Run) -> any Disposable,
        scheduleRelative: ((State, RxTimeInterval, @escaping Run) -> any Disposable)? = nil
    ) {
        self.action = action
        self.scheduleNow = schedule
        self.scheduleRelative = scheduleRelative
    }

    var isDisposed: Bool { state.withLock { $0.isDisposed } }

    func schedule(_ value: State) {
        track { run in scheduleNow(value, run) }
    }

    func schedule(_ value: State, dueTime: RxTimeInterval) {
        guard let scheduleRelative else { return schedule(value) }
        track { run in scheduleRelative(value, dueTime, run) }
    }

    /// Schedules one run and keeps its disposable until it has run.
    private func track(_ scheduleOne: (@escaping Run) -> any Disposable) {
        guard let key: UInt64 = state.withLock({ state in
            guard !state.isDisposed else { return nil }
            defer { state.nextKey += 1 }
            state.inFlight[state.nextKey] = .scheduling
            return state.nextKey
        }) else { return }
        let disposable = scheduleOne { [self] value in
            let proceed = state.withLock { state in
                state.inFlight[key] = nil
                return !state.isDisposed
            }
            if proceed { action(value, AnyRecursiveScheduler(self)) }
        }
        let keep = state.withLock { state -> Bool in
            guard !state.isDisposed else { return false }
            // A run that already happened (synchronously) removed its entry.
            if state.inFlight[key] != nil { state.inFlight[key] = .scheduled(disposable) }
            return true
        }
        if !keep { disposable.dispose() }
    }

    func dispose() {
        let inFlight = state.withLock { state -> [any Disposable] in
            guard !state.isDisposed else { return [] }
            state.isDisposed = true
            defer { state.inFlight = [:] }
            return state.inFlight.values.compactMap { entry in
                if case .scheduled(let disposable) = entry { return disposable }
                return nil
            }
        }
        inFlight.forEach { $0.dispose() }
    }
}
