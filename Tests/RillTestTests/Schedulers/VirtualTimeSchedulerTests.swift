import Foundation
import Testing
import Rill

extension AllTests {
    @Suite struct VirtualTimeSchedulerTests {
        @Test func workRunsInTimeOrderAndSameTimeWorkInSchedulingOrder() {
            let scheduler = SecondsScheduler(initialClock: 0, converter: SecondsConverter())
            let log = RunLog<String>()
            for (time, name) in [(30, "c"), (10, "a1"), (20, "b"), (10, "a2"), (10, "a3")] {
                scheduler.at(time) { log.append("\(name)@\(scheduler.clock)") }
            }
            scheduler.start()
            #expect(log.entries == ["a1@10", "a2@10", "a3@10", "b@20", "c@30"])
            #expect(scheduler.clock == 30)
        }

        @Test func workScheduledByRunningWorkRunsInTheSameStart() {
            let scheduler = SecondsScheduler(initialClock: 0, converter: SecondsConverter())
            let log = RunLog<String>()
            scheduler.at(10) {
                scheduler.at(10) { log.append("same time, queued after@\(scheduler.clock)") }
                scheduler.at(5) { log.append("past time runs now@\(scheduler.clock)") }
                _ = scheduler.scheduleRelativeVirtual((), dueTime: 7) { _ in
                    log.append("relative@\(scheduler.clock)")
                    return Disposables.create()
                }
                log.append("first@\(scheduler.clock)")
            }
            scheduler.at(10) { log.append("second@\(scheduler.clock)") }
            scheduler.start()
            // Work is ordered by the time it asked for: the past time goes first.
            #expect(log.entries == [
                "first@10", "past time runs now@10", "second@10", "same time, queued after@10", "relative@17",
            ])
        }

        @Test func theBaseSchedulerRunsImmediateWorkAtTheCurrentClock() {
            let scheduler = SecondsScheduler(initialClock: 40, converter: SecondsConverter())
            let log = RunLog<Int>()
            _ = scheduler.schedule(1) { value in
                log.append(scheduler.clock + value)
                return Disposables.create()
            }
            scheduler.start()
            #expect(log.entries == [41])
        }

        @Test func scheduleRelativeConvertsRealTimeToVirtualTime() {
            let scheduler = SecondsScheduler(initialClock: 100, converter: SecondsConverter())
            let log = RunLog<String>()
            let intervals: [(String, RxTimeInterval)] = [
                ("seconds", .seconds(5)), ("milliseconds", .milliseconds(7_000)),
                ("microseconds", .microseconds(9_000_000)), ("nanoseconds", .nanoseconds(11_000_000_000)),
                ("never", .never),
            ]
            for (name, interval) in intervals {
                _ = scheduler.scheduleRelative(name, dueTime: interval) { name in
                    log.append("\(name)@\(scheduler.clock)")
                    return Disposables.create()
                }
            }
            scheduler.start()
            #expect(log.entries == ["seconds@105", "milliseconds@107", "microseconds@109", "nanoseconds@111"])
            #expect(scheduler.now == Date(timeIntervalSince1970: 111))
        }

        @Test func startWhileRunningReturnsAtOnce() {
            let scheduler = SecondsScheduler(initialClock: 0, converter: SecondsConverter())
            let log = RunLog<String>()
            scheduler.at(10) {
                log.append("enabled: \(scheduler.isEnabled)")
                scheduler.start()
                log.append("nested start returned")
            }
            scheduler.at(20) { log.append("twenty") }
            #expect(!scheduler.isEnabled)
            scheduler.start()
            #expect(log.entries == ["enabled: true", "nested start returned", "twenty"])
            #expect(!scheduler.isEnabled)
        }

        @Test func stopEndsTheRunAfterTheCurrentActionAndStartResumes() {
            let scheduler = SecondsScheduler(initialClock: 0, converter: SecondsConverter())
            let log = RunLog<Int>()
            scheduler.at(10) {
                log.append(10)
                scheduler.stop()
            }
            scheduler.at(20) { log.append(20) }
            scheduler.start()
            #expect(log.entries == [10])
            #expect(scheduler.clock == 10)
            scheduler.start()
            #expect(log.entries == [10, 20])
        }

        @Test func disposedWorkDoesNotRunAndDoesNotMoveTheClock() {
            let scheduler = SecondsScheduler(initialClock: 0, converter: SecondsConverter())
            let log = RunLog<Int>()
            scheduler.at(10) { log.append(10) }
            let cancelled = scheduler.at(50) { log.append(50) }
            cancelled.dispose()
            scheduler.start()
            #expect(log.entries == [10])
            #expect(scheduler.clock == 10)
        }

        @Test func disposingRunWorkDisposesWhatItReturned() {
            let scheduler = SecondsScheduler(initialClock: 0, converter: SecondsConverter())
            let returned = BooleanDisposable()
            let handle = scheduler.scheduleAbsoluteVirtual((), time: 10) { _ in returned }
            scheduler.start()
            #expect(!returned.isDisposed)
            handle.dispose()
            #expect(returned.isDisposed)
        }

        @Test func workDisposedWhileRunningHasItsResultDisposedWhenItReturns() {
            let scheduler = SecondsScheduler(initialClock: 0, converter: SecondsConverter())
            let returned = BooleanDisposable()
            let handle = SingleAssignmentDisposable()
            handle.setDisposable(scheduler.scheduleAbsoluteVirtual((), time: 10) { _ in
                handle.dispose()
                return returned
            })
            scheduler.start()
            #expect(returned.isDisposed)
        }

        @Test func advanceToRunsWorkDueUpToAndIncludingTheTimeThenSetsTheClock() {
            let scheduler = SecondsScheduler(initialClock: 0, converter: SecondsConverter())
            let log = RunLog<Int>()
            for time in [10, 20, 30] {
                scheduler.at(time) { log.append(scheduler.clock) }
            }
            scheduler.advanceTo(20)
            #expect(log.entries == [10, 20])
            #expect(scheduler.clock == 20)
            scheduler.advanceTo(25)
            #expect(log.entries == [10, 20])
            #expect(scheduler.clock == 25)
            #expect(!scheduler.isEnabled)
            scheduler.start()
            #expect(log.entries == [10, 20, 30])
        }

        @Test func advanceToTheCurrentClockRunsWorkDueNow() {
            let scheduler = SecondsScheduler(initialClock: 10, converter: SecondsConverter())
            let log = RunLog<Int>()
            scheduler.at(10) { log.append(scheduler.clock) }
            scheduler.advanceTo(10)
            #expect(log.entries == [10])
        }

        @Test func sleepMovesTheClockWithoutRunningWork() {
            let scheduler = SecondsScheduler(initialClock: 0, converter: SecondsConverter())
            let log = RunLog<Int>()
            scheduler.at(10) { log.append(scheduler.clock) }
            scheduler.sleep(50)
            #expect(scheduler.clock == 50)
            #expect(log.entries.isEmpty)
            scheduler.start()
            #expect(log.entries == [50])
        }

        @Test func defaultSchedulePeriodicRunsAtStartThenEveryPeriodUntilDisposed() {
            let scheduler = SecondsScheduler(initialClock: 0, converter: SecondsConverter())
            let log = RunLog<String>()
            let periodic = scheduler.schedulePeriodic(0, startAfter: .seconds(5), period: .seconds(10)) { count in
                log.append("\(count)@\(scheduler.clock)")
                return count + 1
            }
            scheduler.at(40) { periodic.dispose() }
            scheduler.start()
            #expect(log.entries == ["0@5", "1@15", "2@25", "3@35"])
        }

        @Test func advanceToAnEarlierTimeStopsTheProcess() async {
            await #expect(processExitsWith: .failure) {
                let scheduler = SecondsScheduler(initialClock: 50, converter: SecondsConverter())
                scheduler.advanceTo(40)
            }
        }

        @Test func advanceToWhileRunningStopsTheProcess() async {
            await #expect(processExitsWith: .failure) {
                let scheduler = SecondsScheduler(initialClock: 0, converter: SecondsConverter())
                scheduler.at(10) { scheduler.advanceTo(20) }
                scheduler.start()
            }
        }

        @Test func sleepingBackwardsStopsTheProcess() async {
            await #expect(processExitsWith: .failure) {
                let scheduler = SecondsScheduler(initialClock: 50, converter: SecondsConverter())
                scheduler.sleep(-1)
            }
        }

        @Test func releasingTheSchedulerReleasesWorkThatNeverRan() {
            final class Captured {}
            weak var captured: Captured?
            do {
                let scheduler = SecondsScheduler(initialClock: 0, converter: SecondsConverter())
                let object = Captured()
                captured = object
                scheduler.at(10) { _ = object }
                scheduler.advanceTo(5)
            }
            #expect(captured == nil)
        }

        @Test func debugDescriptionShowsTheClockAndPendingTimes() {
            let scheduler = SecondsScheduler(initialClock: 3, converter: SecondsConverter())
            scheduler.at(20) {}
            scheduler.at(10) {}
            scheduler.at(30) {}.dispose()
            #expect(scheduler.debugDescription.hasSuffix("(clock: 3, pending: [10, 20])"))
            scheduler.start()
        }

        @Test func schedulingFromManyThreadsLosesNothingAndKeepsTimeOrder() async {
            let scheduler = SecondsScheduler(initialClock: 0, converter: SecondsConverter())
            let log = RunLog<Int>()
            let threads = 4
            let perThread = 250
            await withTaskGroup(of: Void.self) { group in
                for thread in 0..<threads {
                    group.addTask {
                        for index in 0..<perThread {
                            let time = (index * 7 + thread * 13) % 100
                            scheduler.at(time) { log.append(time) }
                        }
                    }
                }
            }
            scheduler.start()
            let times = log.entries
            #expect(times.count == threads * perThread)
            #expect(times == times.sorted())
        }
    }
}
