import Testing
import Rill
import RillTest

extension AllTests {
    @Suite struct IfEmptyTests {
        @Test func defaultIsEmittedOnlyForAnEmptySource() {
            #expect(record(Observable<Int>.empty().ifEmpty(default: 0)) == ["0", "|"])
            #expect(record(Observable.of(1, 2).ifEmpty(default: 0)) == ["1", "2", "|"])
            #expect(record(Observable<Int>.error(DemoError.boom).ifEmpty(default: 0)) == ["x(boom)"])
        }

        @Test func switchesToTheOtherWhenTheSourceCompletesEmpty() {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = scheduler.createHotObservable([.completed(220, Int.self)])
            let ys = scheduler.createColdObservable([.next(10, 1), .next(20, 2), .completed(30)])
            let res = scheduler.start { xs.ifEmpty(switchTo: ys.asObservable()) }
            #expect(res.events == [.next(230, 1), .next(240, 2), .completed(250)])
            #expect(xs.subscriptions == [Subscription(200, 220)])
            #expect(ys.subscriptions == [Subscription(220, 250)])
        }

        @Test func doesNotSubscribeTheOtherWhenTheSourceHasElements() {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = scheduler.createHotObservable([.next(210, 5), .completed(220)])
            let ys = scheduler.createColdObservable([.next(10, 1), .completed(30)])
            let res = scheduler.start { xs.ifEmpty(switchTo: ys.asObservable()) }
            #expect(res.events == [.next(210, 5), .completed(220)])
            #expect(ys.subscriptions == [])
        }

        @Test func disposingAfterTheSwitchUnsubscribesTheOther() {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = scheduler.createHotObservable([.completed(220, Int.self)])
            let ys = scheduler.createColdObservable([.next(10, 1), .next(50, 2)])
            let res = scheduler.start(disposed: 250) { xs.ifEmpty(switchTo: ys.asObservable()) }
            #expect(res.events == [.next(230, 1)])
            #expect(ys.subscriptions == [Subscription(220, 250)])
        }
    }
}
