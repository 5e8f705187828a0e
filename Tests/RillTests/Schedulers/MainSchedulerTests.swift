import Dispatch
import Foundation
import Testing
import Rill

// How these tests reach the main queue. Swift Testing runs tests on its own
// threads, never on the main thread, and under `swift test` the test process's
// main thread is parked in the async-main drain loop, which on Linux is
// `dispatchMain()`: the main queue IS serviced, but (on Linux) by a pool thread,
// so inside main-queue work `Thread.isMainThread` is false while
// `DispatchQueue.getSpecific` still sees the main queue's specifics and the main
// actor's isolation checks pass. So the tests below tag the main queue
// (`QueueTag.isMainQueue`) instead of asking for the main thread, enter the main
// queue with `DispatchQueue.main.async`, and wait on semaphores with timeouts from
// the test thread, which never blocks the main queue.

extension AllTests {
    @Suite struct MainSchedulerTests {
        @Test func theMainQueueIsServicedWhileTestsRun() {
            let ran = Collector<Bool>()
            #expect(runOnMainQueue { ran.append(QueueTag.isMainQueue) })
            #expect(ran.values == [true])
        }

        @Test func instanceDispatchesToTheMainQueueWhenCalledElsewhere() {
            let steps = Collector<String>()
            let done = DispatchSemaphore(value: 0)
            let gate = QueueGate(blocking: MainScheduler.asyncInstance)
            _ = MainScheduler.instance.schedule(()) { _ in
                MainScheduler.ensureExecutingOnScheduler()
                MainScheduler.ensureRunningOnMainThread()
                steps.append(QueueTag.isMainQueue ? "action on main" : "action elsewhere")
                done.signal()
                return Disposables.create()
            }
            steps.append("schedule returned")
            gate.open()
            #expect(waitFor(done))
            #expect(steps.values == ["schedule returned", "action on main"])
        }

        @Test func instanceRunsAtOnceOnTheMainQueueWithNothingOfItsOwnQueued() {
            let steps = Collector<String>()
            #expect(runOnMainQueue {
                steps.append("before")
                _ = MainScheduler.instance.schedule(()) { _ in
                    steps.append("action")
                    return Disposables.create()
                }
                steps.append("after")
            })
            #expect(steps.values == ["before", "action", "after"])
        }

        @Test func actionScheduledFromAnImmediateActionWaitsItsTurn() {
            let steps = Collector<String>()
            #expect(runOnMainQueue {
                _ = MainScheduler.instance.schedule(()) { _ in
                    steps.append("outer begins")
                    _ = MainScheduler.instance.schedule(()) { _ in
                        steps.append("inner")
                        return Disposables.create()
                    }
                    steps.append("outer ends")
                    return Disposables.create()
                }
                steps.append("block ends")
            })
            #expect(waitForQueuedWork(on: MainScheduler.asyncInstance))
            #expect(steps.values == ["outer begins", "outer ends", "block ends", "inner"])
        }

        @Test func instanceKeepsTheOrderOfActionsFromAnotherThread() {
            let ran = Collector<Int>()
            for index in 0..<1_000 {
                _ = MainScheduler.instance.schedule(index) { index in
                    ran.append(index)
                    return Disposables.create()
                }
            }
            #expect(waitForQueuedWork(on: MainScheduler.instance))
            #expect(ran.values == Array(0..<1_000))
        }

        @Test func asyncInstanceDispatchesEvenFromTheMainQueue() {
            let steps = Collector<String>()
            #expect(runOnMainQueue {
                _ = MainScheduler.asyncInstance.schedule(()) { _ in
                    steps.append(QueueTag.isMainQueue ? "action on main" : "action elsewhere")
                    return Disposables.create()
                }
                steps.append("block ends")
            })
            #expect(waitForQueuedWork(on: MainScheduler.asyncInstance))
            #expect(steps.values == ["block ends", "action on main"])
        }

        @Test func delayedAndPeriodicWorkRunsOnTheMainQueue() {
            let onMain = Collector<Bool>()
            let done = DispatchSemaphore(value: 0)
            _ = MainScheduler.instance.scheduleRelative((), dueTime: .milliseconds(1)) { _ in
                onMain.append(QueueTag.isMainQueue)
                done.signal()
                return Disposables.create()
            }
            let slot = DisposableSlot()
            slot.set(MainScheduler.instance.schedulePeriodic(0, startAfter: .milliseconds(1), period: .milliseconds(1)) { tick in
                onMain.append(QueueTag.isMainQueue)
                if tick == 2 {
                    slot.dispose()
                    done.signal()
                }
                return tick + 1
            })
            #expect(waitFor(done))
            #expect(waitFor(done))
            #expect(onMain.values == [true, true, true, true])
        }
    }
}
