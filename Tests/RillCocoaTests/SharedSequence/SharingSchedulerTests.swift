import Foundation
import Testing
import Rill
import RillCocoa
import RillTest

extension AllTests {
    @MainActor @Suite struct SharingSchedulerTests {
        @Test func outsideAMockSharedSequencesUseAMainScheduler() {
            #expect(SharingScheduler.make() is MainScheduler)
            #expect(DriverSharingStrategy.scheduler is MainScheduler)
            #expect(SignalSharingStrategy.scheduler is MainScheduler)
        }

        @Test func mocksNestAndRestoreTheSchedulerTheyReplaced() {
            let outer = TestScheduler(initialClock: 0)
            let inner = TestScheduler(initialClock: 0)
            SharingScheduler.mock(scheduler: outer) {
                #expect(SharingScheduler.make() as? TestScheduler === outer)
                SharingScheduler.mock(makeScheduler: { inner }) {
                    #expect(SharingScheduler.make() as? TestScheduler === inner)
                }
                #expect(SharingScheduler.make() as? TestScheduler === outer)
            }
            #expect(SharingScheduler.make() is MainScheduler)
        }

        @Test func aThrowingActionStillRestoresTheScheduler() {
            #expect(throws: TestFailure.boom) {
                try SharingScheduler.mock(scheduler: TestScheduler(initialClock: 0)) { throw TestFailure.boom }
            }
            #expect(SharingScheduler.make() is MainScheduler)
        }

        @Test func factoriesDeliverOnTheMockedScheduler() {
            withTestScheduler { scheduler in
                let just = scheduler.createObserver(Int.self)
                let of = scheduler.createObserver(Int.self)
                let fromArray = scheduler.createObserver(Int.self)
                let fromSequence = scheduler.createObserver(Int.self)
                let fromOptional = scheduler.createObserver(Int.self)
                let empty = scheduler.createObserver(Int.self)
                let never = scheduler.createObserver(Int.self)
                let deferred = scheduler.createObserver(Int.self)
                scheduler.scheduleAt(300) {
                    _ = Driver.just(1).drive(just)
                    _ = Driver.of(1, 2).drive(of)
                    _ = Driver.from([3]).drive(fromArray)
                    _ = Driver.from(AnySequence([4])).drive(fromSequence)
                    _ = Driver.from(optional: Int?.none).drive(fromOptional)
                    _ = Driver<Int>.empty().drive(empty)
                    _ = Driver<Int>.never().drive(never)
                    _ = Driver.deferred { .just(5) }.drive(deferred)
                }
                scheduler.start()
                // just and empty subscribe on the scheduler (one tick); of and from send each
                // event as its own scheduled action (one tick each), as in RxCocoa.
                #expect(just.events == [.next(301, 1), .completed(301)])
                #expect(of.events == [.next(301, 1), .next(302, 2), .completed(303)])
                #expect(fromArray.events == [.next(301, 3), .completed(302)])
                #expect(fromSequence.events == [.next(301, 4), .completed(302)])
                #expect(fromOptional.events == [.completed(301)])
                #expect(empty.events == [.completed(301)])
                #expect(never.events == [])
                #expect(deferred.events == [.next(301, 5), .completed(301)])
            }
        }

        @Test func intervalAndTimerTickOnTheMockedSchedulerAndShareOneTimer() {
            withTestScheduler { scheduler in
                let interval = Driver<Int>.interval(.seconds(10))
                let first = scheduler.createObserver(Int.self)
                let second = scheduler.createObserver(Int.self)
                let timer = scheduler.createObserver(Int.self)
                var subscriptions: [any Disposable] = []
                scheduler.scheduleAt(200) {
                    subscriptions.append(interval.drive(first))
                    subscriptions.append(Signal<Int>.timer(.seconds(5), period: .seconds(20)).emit(to: timer))
                }
                scheduler.scheduleAt(215) { subscriptions.append(interval.drive(second)) }
                scheduler.scheduleAt(232) { subscriptions.forEach { $0.dispose() } }
                scheduler.start()
                #expect(first.events == [.next(210, 0), .next(220, 1), .next(230, 2)])
                #expect(second.events == [.next(215, 0), .next(220, 1), .next(230, 2)])
                #expect(timer.events == [.next(205, 0), .next(225, 1)])
            }
        }

        @Test func valuesIteratesADriversElementsToTheEnd() async {
            var values: [Int] = []
            for await value in Driver.from(1...4).values {
                values.append(value)
            }
            #expect(values == [1, 2, 3, 4])
        }
    }
}
