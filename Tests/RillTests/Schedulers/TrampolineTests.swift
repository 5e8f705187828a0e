import Foundation
import Testing
import Rill

extension AllTests {
    /// CurrentThreadScheduler as a trampoline (article 000, "How synchronous
    /// sources avoid deep stacks").
    @Suite struct TrampolineTests {
        @Test func rangeDeliversTenThousandElementsAtOneStackDepth() {
            var depths: [Int] = []
            let subscription = Observable.range(start: 1, count: 10_000)
                .subscribe(onNext: { _ in depths.append(Thread.callStackSymbols.count) })
            #expect(depths.count == 10_000)
            #expect(Set(depths).count == 1)
            subscription.dispose()
        }

        @Test func nestedSchedulingIsQueuedNotNested() {
            var log: [String] = []
            #expect(CurrentThreadScheduler.isScheduleRequired)
            _ = CurrentThreadScheduler.instance.schedule(()) { _ in
                #expect(!CurrentThreadScheduler.isScheduleRequired)
                log.append("outer start")
                _ = CurrentThreadScheduler.instance.schedule(()) { _ in
                    log.append("inner")
                    return Disposables.create()
                }
                log.append("outer end")
                return Disposables.create()
            }
            #expect(log == ["outer start", "outer end", "inner"])
            #expect(CurrentThreadScheduler.isScheduleRequired)
        }

        @Test func disposedQueuedActionDoesNotRun() {
            var ran = false
            _ = CurrentThreadScheduler.instance.schedule(()) { _ in
                let queued = CurrentThreadScheduler.instance.schedule(()) { _ in
                    ran = true
                    return Disposables.create()
                }
                queued.dispose()
                return Disposables.create()
            }
            #expect(!ran)
        }

        @Test func recursiveSchedulingOnTheTrampolineRunsInOrder() {
            var values: [Int] = []
            let subscription = CurrentThreadScheduler.instance.scheduleRecursive(0) { value, recurse in
                values.append(value)
                if value < 4 { recurse(value + 1) }
            }
            #expect(values == [0, 1, 2, 3, 4])
            subscription.dispose()
        }

        @Test func eachThreadHasItsOwnTrampoline() {
            let done = DispatchSemaphore(value: 0)
            let otherThreadSawIdle = LockedBox(false)
            _ = CurrentThreadScheduler.instance.schedule(()) { _ in
                Thread.detachNewThread {
                    otherThreadSawIdle.mutate { $0 = CurrentThreadScheduler.isScheduleRequired }
                    done.signal()
                }
                _ = done.wait(timeout: .now() + 5)
                return Disposables.create()
            }
            #expect(otherThreadSawIdle.value)
        }

        @Test func synchronousSourceOnAnotherSchedulerUsesOneActionPerElement() {
            let scheduler = CountingImmediateScheduler()
            #expect(record(Observable.of(1, 2, 3, scheduler: scheduler)) == ["1", "2", "3", "|"])
            #expect(scheduler.scheduled == 4)
        }
    }
}

/// Runs every action at once and counts them.
final class CountingImmediateScheduler: ImmediateSchedulerType, @unchecked Sendable {
    // Sendable: used from one thread in these tests; the counter is behind a lock.
    private let count = LockedBox(0)
    var scheduled: Int { count.value }

    func schedule<StateType>(_ state: StateType, action: @escaping (StateType) -> Disposable) -> Disposable {
        count.mutate { $0 += 1 }
        return action(state)
    }
}
