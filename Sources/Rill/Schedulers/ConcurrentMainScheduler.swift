import Dispatch
import Foundation

/// Runs work on the main queue, at once when already there.
///
/// Unlike `MainScheduler.instance`, `schedule` called on the main queue always runs
/// the action immediately, even if other actions are waiting on the queue: use it
/// where that reordering is harmless, such as `subscribe(on:)` for UI sources.
/// Delayed and periodic work is dispatched to the main queue like `MainScheduler`'s.
public final class ConcurrentMainScheduler: SchedulerType {
    private let mainQueue = DispatchQueueConfiguration(queue: .main, leeway: .nanoseconds(0))

    private init() {}

    /// The shared instance.
    public static let instance = ConcurrentMainScheduler()

    /// The current time: the system clock.
    public var now: Date { Date() }

    /// Runs `action` now if called on the main queue, otherwise dispatches it there.
    ///
    /// - Returns: A disposable that stops the action if it has not started, and
    ///   disposes what it returned.
    public func schedule<StateType>(
        _ state: StateType, action: @escaping (StateType) -> any Disposable
    ) -> any Disposable {
        if MainQueue.isCurrent { return action(state) }
        return mainQueue.schedule(state, action: action)
    }

    /// Runs `action` on the main queue after `dueTime`.
    ///
    /// - Returns: A disposable that cancels the timer if it has not fired, and
    ///   disposes what the action returned.
    public func scheduleRelative<StateType>(
        _ state: StateType, dueTime: RxTimeInterval, action: @escaping (StateType) -> any Disposable
    ) -> any Disposable {
        mainQueue.scheduleRelative(state, dueTime: dueTime, action: action)
    }

    /// Runs `action` on the main queue after `startAfter`, then every `period`, each
    /// time with the state the previous run returned.
    ///
    /// - Returns: A disposable that stops the runs.
    public func schedulePeriodic<StateType>(
        _ state: StateType, startAfter: RxTimeInterval, period: RxTimeInterval,
        action: @escaping (StateType) -> StateType
    ) -> any Disposable {
        mainQueue.schedulePeriodic(state, startAfter: startAfter, period: period, action: action)
    }
}

extension ConcurrentMainScheduler: SchedulerIdentifying {
    var isRunningOnScheduler: Bool { MainQueue.isCurrent }
}
