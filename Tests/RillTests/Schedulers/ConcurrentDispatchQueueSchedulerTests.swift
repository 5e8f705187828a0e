import Dispatch
import Foundation
import Testing
import Rill

extension AllTests {
    @Suite struct ConcurrentDispatchQueueSchedulerTests {
        @Test func runsActionsOnTheGivenQueue() {
            let queue = DispatchQueue(label: "rill.test.concurrent", attributes: .concurrent)
            QueueTag.tag(queue, "concurrent")
            let scheduler = ConcurrentDispatchQueueScheduler(queue: queue)
            let ranOn = Collector<String?>()
            let done = DispatchSemaphore(value: 0)
            for _ in 0..<50 {
                _ = scheduler.schedule(()) { _ in
                    ranOn.append(QueueTag.current)
                    done.signal()
                    return Disposables.create()
                }
            }
            for _ in 0..<50 { #expect(waitFor(done)) }
            #expect(ranOn.values == Array(repeating: "concurrent", count: 50))
        }

        @Test func qosSchedulerRunsOffTheMainQueue() {
            let scheduler = ConcurrentDispatchQueueScheduler(qos: .utility)
            let onMain = Collector<Bool>()
            let done = DispatchSemaphore(value: 0)
            _ = scheduler.schedule(()) { _ in
                onMain.append(QueueTag.isMainQueue)
                done.signal()
                return Disposables.create()
            }
            #expect(waitFor(done))
            #expect(onMain.values == [false])
        }

        @Test func periodicActionOnAConcurrentQueueRunsOneTickAtATime() {
            let scheduler = ConcurrentDispatchQueueScheduler(qos: .default)
            let probe = InFlightProbe()
            let slot = DisposableSlot()
            let done = DispatchSemaphore(value: 0)
            slot.set(scheduler.schedulePeriodic(0, startAfter: .milliseconds(1), period: .microseconds(200)) { state in
                probe.measure {
                    usleep(1_000)
                    if state == 19 {
                        slot.dispose()
                        done.signal()
                    }
                }
                return state + 1
            })
            #expect(waitFor(done))
            #expect(probe.entries == 20)
            #expect(probe.overlaps == 0)
        }
    }
}
