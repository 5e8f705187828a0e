import Dispatch
import Foundation
import Testing
import Rill

extension AllTests {
    /// `scheduleRecursive` (both forms) and the default `schedulePeriodic`.
    @Suite struct SchedulerTypeTests {
        @Test func recursionOnTheTrampolineQueuesEachRunInsteadOfNestingIt() {
            var runs: [Int] = []
            var isInsideRun = false
            var nestedRuns = 0
            _ = CurrentThreadScheduler.instance.scheduleRecursive(0) { count, recurse in
                if isInsideRun { nestedRuns += 1 }
                isInsideRun = true
                runs.append(count)
                if count < 9_999 { recurse(count + 1) }
                isInsideRun = false
            }
            #expect(runs == Array(0..<10_000))
            #expect(nestedRuns == 0)
        }

        @Test func recursionOnASerialQueueRunsEachStateInOrder() {
            let scheduler = SerialDispatchQueueScheduler(qos: .default)
            let runs = Collector<Int>()
            let done = DispatchSemaphore(value: 0)
            let recursion = scheduler.scheduleRecursive(0) { count, recurse in
                runs.append(count)
                if count < 99 { recurse(count + 1) } else { done.signal() }
            }
            #expect(waitFor(done))
            #expect(runs.values == Array(0..<100))
            recursion.dispose()
        }

        @Test func disposingTheRecursionStopsIt() {
            let scheduler = SerialDispatchQueueScheduler(qos: .default)
            let runs = Collector<Int>()
            let slot = DisposableSlot()
            // The queue stays blocked until the test holds the recursion's disposable:
            // otherwise the recursion could pass 4 before there is anything to dispose.
            let gate = QueueGate(blocking: scheduler)
            slot.set(scheduler.scheduleRecursive(0) { count, recurse in
                runs.append(count)
                if count == 4 { slot.dispose() }
                recurse(count + 1)   // after dispose: must not schedule
            })
            gate.open()
            // The recursion runs on the serial queue: once the queued work is done,
            // a recursion that was still scheduling would have shown itself.
            for _ in 0..<5 { #expect(waitForQueuedWork(on: scheduler)) }
            #expect(runs.values == [0, 1, 2, 3, 4])
        }

        @Test func disposingBeforeTheFirstRunCancelsIt() {
            let scheduler = SerialDispatchQueueScheduler(qos: .default)
            let gate = QueueGate(blocking: scheduler)
            let runs = Collector<Int>()
            let recursion = scheduler.scheduleRecursive(0) { count, _ in runs.append(count) }
            recursion.dispose()
            gate.open()
            #expect(waitForQueuedWork(on: scheduler))
            #expect(runs.values.isEmpty)
        }

        @Test func delayedRecursionWaitsEachDueTimeAndPassesTheState() {
            let scheduler = SerialDispatchQueueScheduler(qos: .default)
            let start = DispatchTime.now().uptimeNanoseconds
            let runs = Collector<(state: String, elapsed: UInt64)>()
            let done = DispatchSemaphore(value: 0)
            let recursion = scheduler.scheduleRecursive("a", dueTime: .milliseconds(20)) { state, recurse in
                runs.append((state, DispatchTime.now().uptimeNanoseconds - start))
                if state.count < 3 { recurse.schedule(state + "a", dueTime: .milliseconds(20)) } else { done.signal() }
            }
            #expect(waitFor(done))
            #expect(runs.values.map(\.state) == ["a", "aa", "aaa"])
            #expect(runs.values.map(\.elapsed).enumerated().allSatisfy { $0.element >= UInt64($0.offset + 1) * 20_000_000 })
            recursion.dispose()
        }

        @Test func delayedRecursionCanAlsoScheduleWithoutDelay() {
            let scheduler = CountingScheduler(SerialDispatchQueueScheduler(qos: .default))
            let runs = Collector<Int>()
            let done = DispatchSemaphore(value: 0)
            let recursion = scheduler.scheduleRecursive(0, dueTime: .milliseconds(1)) { count, recurse in
                runs.append(count)
                if count < 3 { recurse.schedule(count + 1) } else { done.signal() }
            }
            #expect(waitFor(done))
            #expect(runs.values == [0, 1, 2, 3])
            #expect(scheduler.scheduleRelativeCount == 1)
            #expect(scheduler.scheduleCount == 3)
            recursion.dispose()
        }

        @Test func disposingTheDelayedRecursionCancelsThePendingRun() {
            let scheduler = SerialDispatchQueueScheduler(qos: .default)
            let runs = Collector<Int>()
            let first = DispatchSemaphore(value: 0)
            let recursion = scheduler.scheduleRecursive(0, dueTime: .milliseconds(1)) { count, recurse in
                runs.append(count)
                recurse.schedule(count + 1, dueTime: .milliseconds(40))
                first.signal()
            }
            #expect(waitFor(first))
            recursion.dispose()
            let marker = DispatchSemaphore(value: 0)
            _ = scheduler.scheduleRelative((), dueTime: .milliseconds(100)) { _ in
                marker.signal()
                return Disposables.create()
            }
            #expect(waitFor(marker))
            #expect(runs.values == [0])
        }

        @Test func defaultPeriodicSchedulesEachTickRelativeToThePrevious() {
            let scheduler = CountingScheduler(SerialDispatchQueueScheduler(qos: .default))
            let start = DispatchTime.now().uptimeNanoseconds
            let ticks = Collector<(state: Int, elapsed: UInt64)>()
            let slot = DisposableSlot()
            let done = DispatchSemaphore(value: 0)
            slot.set(scheduler.schedulePeriodic(10, startAfter: .milliseconds(20), period: .milliseconds(10)) { state in
                ticks.append((state, DispatchTime.now().uptimeNanoseconds - start))
                if state == 13 {
                    slot.dispose()
                    done.signal()
                }
                return state + 1
            })
            #expect(waitFor(done))
            #expect(ticks.values.map(\.state) == [10, 11, 12, 13])
            #expect(ticks.values.map(\.elapsed).enumerated().allSatisfy { $0.element >= UInt64(20 + 10 * $0.offset) * 1_000_000 })
            // One delayed schedule per tick: the first, and the next one each tick
            // schedules before it runs the action.
            #expect(scheduler.scheduleRelativeCount == 5)
            #expect(scheduler.scheduleCount == 0)
        }
    }
}
