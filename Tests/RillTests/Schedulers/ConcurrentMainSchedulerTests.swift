import Dispatch
import Foundation
import Testing
import Rill

// See MainSchedulerTests.swift for how these tests reach the main queue.

extension AllTests {
    @Suite struct ConcurrentMainSchedulerTests {
        @Test func runsAtOnceOnTheMainQueueAndDispatchesOtherwise() {
            let steps = Collector<String>()
            let done = DispatchSemaphore(value: 0)
            _ = ConcurrentMainScheduler.instance.schedule(()) { _ in
                steps.append(QueueTag.isMainQueue ? "dispatched to main" : "ran elsewhere")
                steps.append("before")
                _ = ConcurrentMainScheduler.instance.schedule(()) { _ in
                    steps.append("nested at once")
                    return Disposables.create()
                }
                steps.append("after")
                done.signal()
                return Disposables.create()
            }
            #expect(waitFor(done))
            #expect(steps.values == ["dispatched to main", "before", "nested at once", "after"])
        }

        @Test func runsAtOnceOnTheMainQueueEvenWithOtherWorkWaitingThere() {
            let steps = Collector<String>()
            #expect(runOnMainQueue {
                _ = MainScheduler.asyncInstance.schedule(()) { _ in
                    steps.append("queued")
                    return Disposables.create()
                }
                _ = ConcurrentMainScheduler.instance.schedule(()) { _ in
                    steps.append("at once")
                    return Disposables.create()
                }
            })
            #expect(waitForQueuedWork(on: MainScheduler.asyncInstance))
            #expect(steps.values == ["at once", "queued"])
        }
    }
}
