import Dispatch
import Foundation

/// Runs work as operations on an `OperationQueue`, with a queue priority.
///
/// The queue decides how many actions run at once (`maxConcurrentOperationCount`);
/// operators stay correct either way: `observe(on:)` delivers one event at a time.
///
/// ```swift
/// let queue = OperationQueue()
/// queue.maxConcurrentOperationCount = 2
/// let scheduler = OperationQueueScheduler(operationQueue: queue, queuePriority: .high)
/// ```
///
/// RxSwift's `OperationQueueScheduler` only runs work immediately; Rill's is also a
/// `SchedulerType`: a delayed action is added to the queue when its time comes.
public final class OperationQueueScheduler: SchedulerType, @unchecked Sendable {
    // Sendable: both properties are immutable and OperationQueue is thread-safe
    // (it is not declared Sendable on every platform).

    /// The queue the operations are added to.
    public let operationQueue: OperationQueue
    /// The priority of each operation this scheduler adds.
    public let queuePriority: Operation.QueuePriority

    /// Creates a scheduler that adds operations to `operationQueue` with `queuePriority`.
    public init(operationQueue: OperationQueue, queuePriority: Operation.QueuePriority = .normal) {
        self.operationQueue = operationQueue
        self.queuePriority = queuePriority
    }

    /// The current time: the system clock.
    public var now: Date { Date() }

    /// Adds an operation that runs `action`.
    ///
    /// - Returns: A disposable that cancels the operation if it has not started,
    ///   and disposes what the action returned.
    public func schedule<StateType>(
        _ state: StateType, action: @escaping (StateType) -> any Disposable
    ) -> any Disposable {
        let work = ScheduledAction(state, action)
        let operation = BlockOperation { work.run() }
        operation.queuePriority = queuePriority
        work.cancelOnCompletion(operation)
        operationQueue.addOperation(operation)
        return work
    }

    /// Adds an operation that runs `action` once `dueTime` has passed.
    ///
    /// - Returns: A disposable that cancels the wait or the operation, and disposes
    ///   what the action returned.
    public func scheduleRelative<StateType>(
        _ state: StateType, dueTime: RxTimeInterval, action: @escaping (StateType) -> any Disposable
    ) -> any Disposable {
        OperationQueueScheduler.timers.scheduleRelative((), dueTime: dueTime) { [self] _ in
            schedule(state, action: action)
        }
    }

    /// Where the delays of `scheduleRelative` are timed, before the operation is added.
    private static let timers = DispatchQueueConfiguration(queue: .global(), leeway: .nanoseconds(0))
}

extension OperationQueueScheduler: SchedulerIdentifying {
    var isRunningOnScheduler: Bool { OperationQueue.current === operationQueue }
}
