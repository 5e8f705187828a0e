import Dispatch
import Foundation
import Testing
import Rill

/// A scheduler under test, with a readable name for the test report.
struct NamedScheduler: Sendable, CustomTestStringConvertible {
    let name: String
    let scheduler: any SchedulerType

    var testDescription: String { name }

    /// Every real-time scheduler Rill ships, plus the protocol's default
    /// `schedulePeriodic` (through `CountingScheduler`).
    static let all: [NamedScheduler] = [
        NamedScheduler(name: "SerialDispatchQueueScheduler", scheduler: SerialDispatchQueueScheduler(qos: .default)),
        NamedScheduler(name: "ConcurrentDispatchQueueScheduler", scheduler: ConcurrentDispatchQueueScheduler(qos: .default)),
        NamedScheduler(name: "MainScheduler.instance", scheduler: MainScheduler.instance),
        NamedScheduler(name: "MainScheduler.asyncInstance", scheduler: MainScheduler.asyncInstance),
        NamedScheduler(name: "ConcurrentMainScheduler", scheduler: ConcurrentMainScheduler.instance),
        NamedScheduler(name: "OperationQueueScheduler", scheduler: OperationQueueScheduler(operationQueue: OperationQueue())),
        NamedScheduler(name: "default schedulePeriodic (serial)", scheduler: CountingScheduler(SerialDispatchQueueScheduler(qos: .default))),
        NamedScheduler(
            name: "default schedulePeriodic (concurrent)",
            scheduler: CountingScheduler(ConcurrentDispatchQueueScheduler(qos: .default))
        ),
    ]
}

extension AllTests {
    /// What every scheduler promises, run over each of them from a test thread
    /// (not the main queue, so even the main schedulers dispatch).
    @Suite struct SchedulerContractTests {
        @Test(arguments: NamedScheduler.all)
        func scheduleRunsEveryActionOnce(_ subject: NamedScheduler) {
            let ran = Collector<Int>()
            let done = DispatchSemaphore(value: 0)
            for index in 0..<200 {
                _ = subject.scheduler.schedule(index) { index in
                    ran.append(index)
                    done.signal()
                    return Disposables.create()
                }
            }
            for _ in 0..<200 { #expect(waitFor(done)) }
            #expect(ran.count == 200)
            #expect(Set(ran.values) == Set(0..<200))
        }

        @Test(arguments: NamedScheduler.all)
        func scheduleRelativeWaitsAtLeastTheDueTime(_ subject: NamedScheduler) {
            let start = DispatchTime.now().uptimeNanoseconds
            let ranAfter = Collector<UInt64>()
            let done = DispatchSemaphore(value: 0)
            let timer = subject.scheduler.scheduleRelative((), dueTime: .milliseconds(50)) { _ in
                ranAfter.append(DispatchTime.now().uptimeNanoseconds - start)
                done.signal()
                return Disposables.create()
            }
            #expect(waitFor(done))
            #expect(ranAfter.count == 1)
            #expect(ranAfter.values.allSatisfy { $0 >= 50_000_000 })
            timer.dispose()
        }

        @Test(arguments: NamedScheduler.all)
        func disposingBeforeTheDueTimeCancelsTheAction(_ subject: NamedScheduler) {
            let ran = Collector<String>()
            let done = DispatchSemaphore(value: 0)
            let cancelled = subject.scheduler.scheduleRelative((), dueTime: .milliseconds(30)) { _ in
                ran.append("cancelled")
                return Disposables.create()
            }
            cancelled.dispose()
            _ = subject.scheduler.scheduleRelative((), dueTime: .milliseconds(150)) { _ in
                ran.append("later")
                done.signal()
                return Disposables.create()
            }
            #expect(waitFor(done))
            #expect(ran.values == ["later"])
        }

        @Test(arguments: NamedScheduler.all)
        func disposingAfterTheActionRanDisposesWhatItReturned(_ subject: NamedScheduler) {
            let disposedResults = Collector<String>()
            let ran = DispatchSemaphore(value: 0)
            let resultDisposed = DispatchSemaphore(value: 0)
            let scheduled = subject.scheduler.schedule(()) { _ in
                ran.signal()
                return Disposables.create {
                    disposedResults.append("result")
                    resultDisposed.signal()
                }
            }
            #expect(waitFor(ran))
            #expect(disposedResults.values.isEmpty)
            // If the action has not returned yet, its result is disposed when it does.
            scheduled.dispose()
            #expect(waitFor(resultDisposed))
            #expect(disposedResults.values == ["result"])
        }

        @Test(arguments: NamedScheduler.all)
        func schedulePeriodicPassesStateOnAndStopsWhenDisposed(_ subject: NamedScheduler) {
            let states = Collector<Int>()
            let slot = DisposableSlot()
            let fourth = DispatchSemaphore(value: 0)
            slot.set(subject.scheduler.schedulePeriodic(0, startAfter: .milliseconds(5), period: .milliseconds(5)) { state in
                states.append(state)
                if state == 3 {
                    slot.dispose()
                    fourth.signal()
                }
                return state + 1
            })
            #expect(waitFor(fourth))
            // Give a still-running periodic schedule ten periods to show itself.
            let marker = DispatchSemaphore(value: 0)
            _ = subject.scheduler.scheduleRelative((), dueTime: .milliseconds(50)) { _ in
                marker.signal()
                return Disposables.create()
            }
            #expect(waitFor(marker))
            #expect(states.values == [0, 1, 2, 3])
        }

        @Test(arguments: NamedScheduler.all)
        func periodicRunsNeverOverlapEvenWhenSlowerThanThePeriod(_ subject: NamedScheduler) {
            let probe = InFlightProbe()
            let slot = DisposableSlot()
            let done = DispatchSemaphore(value: 0)
            slot.set(subject.scheduler.schedulePeriodic(0, startAfter: .milliseconds(1), period: .milliseconds(1)) { state in
                probe.measure {
                    usleep(3_000)   // slower than the period
                    if state == 9 {
                        slot.dispose()
                        done.signal()
                    }
                }
                return state + 1
            })
            #expect(waitFor(done))
            #expect(waitFor(done, timeout: .milliseconds(30)) == false)
            #expect(probe.entries == 10)
            #expect(probe.overlaps == 0)
        }
    }
}
