import Testing
import Rill
import RillTest

extension AllTests {
    @Suite struct AmbTests {
        @Test func mirrorsTheFirstSourceToEmitAndDisposesTheOther() {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = scheduler.createHotObservable([.next(230, 1), .completed(300)])
            let ys = scheduler.createHotObservable([.next(220, 2), .next(240, 3), .completed(260)])
            let res = scheduler.start { xs.amb(ys) }
            #expect(res.events == [.next(220, 2), .next(240, 3), .completed(260)])
            #expect(xs.subscriptions == [Subscription(200, 220)])
            #expect(ys.subscriptions == [Subscription(200, 260)])
        }

        @Test func anErrorFirstWinsToo() {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = scheduler.createHotObservable([.error(210, DemoError.boom, Int.self)])
            let ys = scheduler.createHotObservable([.next(220, 2)])
            let zs = scheduler.createHotObservable([.next(230, 3)])
            let res = scheduler.start { Observable.amb([xs.asObservable(), ys.asObservable(), zs.asObservable()]) }
            #expect(res.events == [.error(210, DemoError.boom)])
            #expect(ys.subscriptions == [Subscription(200, 210)])
            #expect(zs.subscriptions == [Subscription(200, 210)])
        }

        @Test func disposingBeforeAnyEventUnsubscribesAll() {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = scheduler.createHotObservable([.next(260, 1)])
            let ys = scheduler.createHotObservable([.next(270, 2)])
            let res = scheduler.start(disposed: 250) { xs.amb(ys) }
            #expect(res.events.isEmpty)
            #expect(xs.subscriptions == [Subscription(200, 250)])
            #expect(ys.subscriptions == [Subscription(200, 250)])
        }

        @Test func anEmptyListNeverEmits() {
            #expect(record(Observable<Int>.amb([])) == [])
        }
    }
}
