import Dispatch
import Foundation

/// Runs work on a serial dispatch queue: one action at a time, in the order scheduled.
///
/// Each initializer makes a new serial queue of its own (optionally targeting a
/// queue you pass, which may be concurrent), so work scheduled here never overlaps.
/// Actions run asynchronously: `schedule` returns before the action starts, even
/// when called from the scheduler's own queue.
///
/// ```swift
/// let scheduler = SerialDispatchQueueScheduler(qos: .userInitiated)
/// Observable.of(1, 2, 3)
///     .observe(on: scheduler)
///     .subscribe(onNext: { print($0) })   // on the scheduler's queue, in order
/// ```
///
/// `MainScheduler` is a serial dispatch queue scheduler on the main queue.
public class SerialDispatchQueueScheduler: SchedulerType, @unchecked Sendable {
    // Sendable: immutable after init; the queue and dispatch timers are thread-safe.

    /// The type of time intervals, as RxSwift names it.
    public typealias TimeInterval = Foundation.TimeInterval
    /// The type of points in time, as RxSwift names it.
    public typealias Time = Date

    let configuration: DispatchQueueConfiguration
    /// Marks the queue as this scheduler's, so code can tell it runs there.
    private let queueKey = DispatchSpecificKey<UInt8>()

    /// Wraps `serialQueue`, which must be serial and either made for this scheduler
    /// or the main queue (it gets a queue-specific value; a global queue cannot).
    init(serialQueue: DispatchQueue, leeway: DispatchTimeInterval = .nanoseconds(0)) {
        configuration = DispatchQueueConfiguration(queue: serialQueue, leeway: leeway)
        serialQueue.setSpecific(key: queueKey, value: 1)
    }

    /// Creates a scheduler on a new serial queue named `internalSerialQueueName`.
    ///
    /// - Parameters:
    ///   - internalSerialQueueName: The label of the new queue.
    ///   - serialQueueConfiguration: Called once with the new queue before any work
    ///     is scheduled, for example to set its target queue.
    ///   - leeway: How late a delayed or periodic action may run, which lets the
    ///     system coalesce timers.
    public convenience init(
        internalSerialQueueName: String,
        serialQueueConfiguration: ((DispatchQueue) -> Void)? = nil,
        leeway: DispatchTimeInterval = .nanoseconds(0)
    ) {
        let queue = DispatchQueue(label: internalSerialQueueName)
        serialQueueConfiguration?(queue)
        self.init(serialQueue: queue, leeway: leeway)
    }

    /// Creates a scheduler on a new serial queue named `internalSerialQueueName` that
    /// targets `queue`. `queue` may be concurrent: work still runs one at a time.
    ///
    /// - Parameters:
    ///   - queue: The queue the new serial queue targets; it may be concurrent.
    ///   - internalSerialQueueName: The label of the serial queue the scheduler creates.
    ///   - leeway: How late a delayed or periodic action may run.
    public convenience init(
        queue: DispatchQueue, internalSerialQueueName: String, leeway: DispatchTimeInterval = .nanoseconds(0)
    ) {
        self.init(serialQueue: DispatchQueue(label: internalSerialQueueName, target: queue), leeway: leeway)
    }

    /// Creates a scheduler on a new serial queue that targets the global queue of
    /// quality of service `qos`.
    ///
    /// - Parameters:
    ///   - qos: The quality of service of the global queue the work runs on.
    ///   - internalSerialQueueName: The label of the serial queue the scheduler creates.
    ///   - leeway: How late a delayed or periodic action may run.
    public convenience init(
        qos: DispatchQoS,
        internalSerialQueueName: String = "rx.global_dispatch_queue.serial",
        leeway: DispatchTimeInterval = .nanoseconds(0)
    ) {
        self.init(queue: DispatchQueue.global(qos: qos.qosClass), internalSerialQueueName: internalSerialQueueName, leeway: leeway)
    }

    /// The current time: the system clock.
    public var now: Date { Date() }

    /// Runs `action` on the queue, asynchronously.
    ///
    /// - Returns: A disposable that stops the action if it has not started, and
    ///   disposes what it returned.
    public func schedule<StateType>(
        _ state: StateType, action: @escaping (StateType) -> any Disposable
    ) -> any Disposable {
        configuration.schedule(state, action: action)
    }

    /// Runs `action` on the queue after `dueTime` (no earlier; later by up to the leeway).
    ///
    /// - Returns: A disposable that cancels the timer if it has not fired, and
    ///   disposes what the action returned.
    public func scheduleRelative<StateType>(
        _ state: StateType, dueTime: RxTimeInterval, action: @escaping (StateType) -> any Disposable
    ) -> any Disposable {
        configuration.scheduleRelative(state, dueTime: dueTime, action: action)
    }

    /// Runs `action` on the queue after `startAfter`, then every `period`, each time
    /// with the state the previous run returned. Runs never overlap; the period is
    /// kept by a dispatch timer, so it does not drift with the time the action takes.
    ///
    /// - Returns: A disposable that stops the runs.
    public func schedulePeriodic<StateType>(
        _ state: StateType, startAfter: RxTimeInterval, period: RxTimeInterval,
        action: @escaping (StateType) -> StateType
    ) -> any Disposable {
        configuration.schedulePeriodic(state, startAfter: startAfter, period: period, action: action)
    }
}

extension SerialDispatchQueueScheduler: SchedulerIdentifying {
    var isRunningOnScheduler: Bool { DispatchQueue.getSpecific(key: queueKey) != nil }
}
