import Dispatch
import Foundation
import Testing
import Rill

extension AllTests {
    @Suite struct OperationQueueSchedulerTests {
        @Test func runsActionsAsOperationsOnItsQueueWithItsPriority() {
            let queue = OperationQueue()
            queue.maxConcurrentOperationCount = 1
            let scheduler = OperationQueueScheduler(operationQueue: queue, queuePriority: .high)
            let ran = Collector<(index: Int, onQueue: Bool)>()
            for index in 0..<100 {
                _ = scheduler.schedule(index) { index in
                    ran.append((index, OperationQueue.current === queue))
                    return Disposables.create()
                }
            }
            queue.waitUntilAllOperationsAreFinished()
            #expect(ran.values.map(\.index) == Array(0..<100))
            #expect(ran.values.allSatisfy { $0.onQueue })
            #expect(scheduler.queuePriority == .high)
            #expect(scheduler.operationQueue === queue)
        }

        @Test func disposingAQueuedActionCancelsItsOperation() {
            let queue = OperationQueue()
            queue.isSuspended = true
            let scheduler = OperationQueueScheduler(operationQueue: queue)
            let ran = Collector<String>()
            let queued = scheduler.schedule(()) { _ in
                ran.append("queued")
                return Disposables.create()
            }
            queued.dispose()
            queue.isSuspended = false
            queue.waitUntilAllOperationsAreFinished()
            #expect(ran.values.isEmpty)
        }
    }
}
