import Dispatch
import Foundation
import Testing
import Rill

extension AllTests {
    @Suite struct SerialDispatchQueueSchedulerTests {
        @Test func runsActionsOnItsOwnQueueAfterTheConfigurationCallback() {
            let configured = Collector<String>()
            let scheduler = SerialDispatchQueueScheduler(internalSerialQueueName: "rill.test.serial") { queue in
                QueueTag.tag(queue, "configured")
                configured.append(queue.label)
            }
            let ranOn = Collector<String?>()
            _ = scheduler.schedule(()) { _ in
                ranOn.append(QueueTag.current)
                return Disposables.create()
            }
            #expect(waitForQueuedWork(on: scheduler))
            #expect(configured.values == ["rill.test.serial"])
            #expect(ranOn.values == ["configured"])
        }

        @Test func actionsScheduledFromEightThreadsRunOneAtATimeInEachThreadsOrder() {
            // A concurrent target queue: the scheduler's own serial queue must still
            // keep the actions apart.
            let target = DispatchQueue(label: "rill.test.concurrent-target", attributes: .concurrent)
            let scheduler = SerialDispatchQueueScheduler(queue: target, internalSerialQueueName: "rill.test.serial")
            let probe = InFlightProbe()
            let ran = Collector<(thread: Int, index: Int)>()
            DispatchQueue.concurrentPerform(iterations: 8) { thread in
                for index in 0..<250 {
                    _ = scheduler.schedule(()) { _ in
                        probe.measure { ran.append((thread, index)) }
                        return Disposables.create()
                    }
                }
            }
            #expect(waitForQueuedWork(on: scheduler))
            #expect(ran.count == 2_000)
            #expect(probe.overlaps == 0)
            for thread in 0..<8 {
                #expect(ran.values.filter { $0.thread == thread }.map(\.index) == Array(0..<250))
            }
        }

        @Test func scheduleFromItsOwnQueueRunsAfterTheCurrentAction() {
            let scheduler = SerialDispatchQueueScheduler(qos: .userInitiated)
            let steps = Collector<String>()
            _ = scheduler.schedule(()) { _ in
                steps.append("first begins")
                _ = scheduler.schedule(()) { _ in
                    steps.append("second")
                    return Disposables.create()
                }
                steps.append("first ends")
                return Disposables.create()
            }
            #expect(waitForQueuedWork(on: scheduler))
            #expect(waitForQueuedWork(on: scheduler))
            #expect(steps.values == ["first begins", "first ends", "second"])
        }

        @Test func qosSchedulerRunsOffTheMainQueue() {
            let scheduler = SerialDispatchQueueScheduler(qos: .background, internalSerialQueueName: "rill.test.qos")
            let onMain = Collector<Bool>()
            _ = scheduler.schedule(()) { _ in
                onMain.append(QueueTag.isMainQueue)
                return Disposables.create()
            }
            #expect(waitForQueuedWork(on: scheduler))
            #expect(onMain.values == [false])
        }

        @Test func disposingAQueuedActionKeepsItFromRunning() {
            let scheduler = SerialDispatchQueueScheduler(qos: .default)
            let gate = QueueGate(blocking: scheduler)
            let ran = Collector<String>()
            let queued = scheduler.schedule(()) { _ in
                ran.append("queued")
                return Disposables.create()
            }
            queued.dispose()
            gate.open()
            #expect(waitForQueuedWork(on: scheduler))
            #expect(ran.values.isEmpty)
        }

        @Test func nowIsTheSystemClock() {
            let before = Date()
            let now = SerialDispatchQueueScheduler(qos: .default).now
            #expect(now >= before)
            #expect(now <= Date())
        }
    }
}
