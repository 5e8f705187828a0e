import Dispatch
import Foundation

/// Runs work on a dispatch queue that may run several actions at once.
///
/// Use it for independent work, such as `subscribe(on:)` of several sources.
/// Operators stay correct on it: `observe(on:)` still delivers one event at a
/// time, and a periodic action's runs never overlap.
///
/// ```swift
/// let background = ConcurrentDispatchQueueScheduler(qos: .utility)
/// expensiveSource.subscribe(on: background)
/// ```
public class ConcurrentDispatchQueueScheduler: SchedulerType, @unchecked Sendable {
    // Sendable: immutable after init; the queue and dispatch timers are thread-safe.

    /// The type of time intervals, as RxSwift names it.
    public typealias TimeInterval = Foundation.TimeInterval
    /// The type of points in time, as RxSwift names it.
    public typealias Time = Date

    let configuration: DispatchQueueConfiguration

    /// Creates a scheduler that runs work on `queue`.
    ///
    /// - Parameters:
    ///   - queue: The concurrent dispatch queue the scheduled work runs on.
    ///   - leeway: How late a delayed or periodic action may run, which
    ///     lets the system coalesce timers.
    public init(queue: DispatchQueue, leeway: DispatchTimeInterval = .nanoseconds(0)) {
        configuration = DispatchQueueConfiguration(queue: queue, leeway: leeway)
    }

    /// Creates a scheduler that runs work on the global queue of quality of service `qos`.
    ///
    /// - Parameters:
    ///   - qos: The quality of service of the global queue the work runs on.
    ///   - leeway: How late a delayed or periodic action may run.
    public convenience init(qos: DispatchQoS, leeway: DispatchTimeInterval = .nanoseconds(0)) {
        self.init(queue: DispatchQueue.global(qos: qos.qosClass), leeway: leeway)
    }

    /// The current time: the system clock.
    public var now: Date { Date() }

    /// Runs `action` on the queue, asynchronously, possibly at the same time as
    /// other actions scheduled here.
    ///
    /// - Returns: A disposable that stops the action if it has not started, and
    ///   disposes what it returned.
    public func schedule<StateType>(
        _ state: StateType, action: @escaping (StateType) -> any Disposable
    ) -> any Disposable {
        configuration.schedule(state, action: action)
    }

    /// Runs `action` on the queue once `dueTime` has passed, possibly at the same
    /// time as other actions scheduled here. The leeway lets it run that much later.
    ///
    /// - Returns: A disposable that cancels the timer if it has not fired, and
    ///   disposes what the action returned.
    public func scheduleRelative<StateType>(
        _ state: StateType, dueTime: RxTimeInterval, action: @escaping (StateType) -> any Disposable
    ) -> any Disposable {
        configuration.scheduleRelative(state, dueTime: dueTime, action: action)
    }

    /// Runs `action` on the queue after `startAfter`, then every `period`, each time
    /// with the state the previous run returned. Its runs never overlap each other,
    /// though other actions on the queue may run alongside them.
    ///
    /// - Returns: A disposable that stops the runs.
    public func schedulePeriodic<StateType>(
        _ state: StateType, startAfter: RxTimeInterval, period: RxTimeInterval,
        action: @escaping (StateType) -> StateType
    ) -> any Disposable {
        configuration.schedulePeriodic(state, startAfter: startAfter, period: period, action: action)
    }
}
