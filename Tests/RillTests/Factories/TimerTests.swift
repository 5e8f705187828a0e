import Dispatch
import Foundation
import Testing
import Rill

extension AllTests {
    @Suite struct TimerTests {
        // What happens on each tick, with ticks the test triggers.

        @Test func intervalCountsUpFromZeroOnEachTick() {
            let scheduler = ManualTickScheduler()
            var events: [String] = []
            let subscription = Observable<Int>.interval(.seconds(1), scheduler: scheduler)
                .subscribe(onNext: { events.append("\($0)") }, onCompleted: { events.append("|") })
            #expect(events.isEmpty)
            for _ in 0..<4 { scheduler.tick() }
            #expect(events == ["0", "1", "2", "3"])
            subscription.dispose()
            #expect(scheduler.pendingCount == 0)
        }

        @Test func intervalWrapsAroundAtTheElementTypesMaximum() {
            let scheduler = ManualTickScheduler()
            var elements: [UInt8] = []
            let subscription = Observable<UInt8>.interval(.seconds(1), scheduler: scheduler)
                .subscribe(onNext: { elements.append($0) })
            for _ in 0..<258 { scheduler.tick() }
            #expect(elements.count == 258)
            #expect(Array(elements.suffix(3)) == [255, 0, 1])
            subscription.dispose()
        }

        @Test func oneShotTimerEmitsZeroThenCompletes() {
            let scheduler = ManualTickScheduler()
            var events: [String] = []
            let subscription = Observable<Int64>.timer(.seconds(2), scheduler: scheduler)
                .subscribe(onNext: { events.append("\($0)") }, onCompleted: { events.append("|") })
            #expect(events.isEmpty)
            scheduler.fire()
            #expect(events == ["0", "|"])
            subscription.dispose()
            #expect(scheduler.pendingCount == 0)
        }

        @Test func disposingBeforeTheDueTimeCancelsTheTimer() {
            let scheduler = ManualTickScheduler()
            var events: [String] = []
            let subscription = Observable<Int>.timer(.seconds(2), scheduler: scheduler)
                .subscribe(onNext: { events.append("\($0)") })
            subscription.dispose()
            #expect(scheduler.pendingCount == 0)
            scheduler.fire()
            #expect(events.isEmpty)
        }

        @Test func disposingFromAnElementStopsTheTicks() {
            let scheduler = ManualTickScheduler()
            var elements: [Int] = []
            let slot = DisposableSlot()
            slot.set(Observable<Int>.interval(.seconds(1), scheduler: scheduler).subscribe(onNext: { value in
                elements.append(value)
                if value == 2 { slot.dispose() }
            }))
            for _ in 0..<6 { scheduler.tick() }
            #expect(elements == [0, 1, 2])
            #expect(scheduler.pendingCount == 0)
        }

        // Real time, on dispatch schedulers.

        @Test func intervalTicksOnTheSchedulerUntilDisposed() {
            let scheduler = SerialDispatchQueueScheduler(internalSerialQueueName: "rill.test.interval") { QueueTag.tag($0, "ticks") }
            let ticks = Collector<(value: Int, queue: String?)>()
            let fifth = DispatchSemaphore(value: 0)
            let slot = DisposableSlot()
            slot.set(Observable<Int>.interval(.milliseconds(5), scheduler: scheduler).subscribe(onNext: { value in
                ticks.append((value, QueueTag.current))
                if value == 4 {
                    slot.dispose()
                    fifth.signal()
                }
            }))
            #expect(waitFor(fifth))
            // Ten more periods: a timer still running would tick in them.
            let marker = DispatchSemaphore(value: 0)
            _ = scheduler.scheduleRelative((), dueTime: .milliseconds(50)) { _ in
                marker.signal()
                return Disposables.create()
            }
            #expect(waitFor(marker))
            #expect(ticks.values.map(\.value) == [0, 1, 2, 3, 4])
            #expect(ticks.values.allSatisfy { $0.queue == "ticks" })
        }

        @Test func periodicTimerWaitsTheDueTimeThenTicksEveryPeriod() {
            let scheduler = ConcurrentDispatchQueueScheduler(qos: .default)
            let start = DispatchTime.now().uptimeNanoseconds
            let ticks = Collector<(value: Int, elapsed: UInt64)>()
            let third = DispatchSemaphore(value: 0)
            let subscription = Observable<Int>.timer(.milliseconds(30), period: .milliseconds(5), scheduler: scheduler)
                .subscribe(onNext: { value in
                    ticks.append((value, DispatchTime.now().uptimeNanoseconds - start))
                    if value == 2 { third.signal() }
                })
            #expect(waitFor(third))
            subscription.dispose()
            let firstThree = Array(ticks.values.prefix(3))
            #expect(firstThree.map(\.value) == [0, 1, 2])
            #expect(firstThree.allSatisfy { $0.elapsed >= 30_000_000 })
        }

        @Test func oneShotTimerOnADispatchSchedulerWaitsAtLeastItsDueTime() {
            let scheduler = SerialDispatchQueueScheduler(qos: .default)
            let start = DispatchTime.now().uptimeNanoseconds
            let events = Collector<String>()
            let elapsed = Collector<UInt64>()
            let done = DispatchSemaphore(value: 0)
            let subscription = Observable<Int>.timer(.milliseconds(20), scheduler: scheduler).subscribe(
                onNext: { value in
                    elapsed.append(DispatchTime.now().uptimeNanoseconds - start)
                    events.append("\(value)")
                },
                onCompleted: {
                    events.append("|")
                    done.signal()
                }
            )
            #expect(waitFor(done))
            #expect(events.values == ["0", "|"])
            #expect(elapsed.values.allSatisfy { $0 >= 20_000_000 })
            subscription.dispose()
        }
    }
}
