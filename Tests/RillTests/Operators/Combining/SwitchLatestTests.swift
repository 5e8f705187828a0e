import Testing
import Rill
import RillTest

extension AllTests {
    @Suite struct SwitchLatestTests {
        @Test func followsOnlyTheNewestInner() {
            let scheduler = TestScheduler(initialClock: 0)
            let ys1 = scheduler.createColdObservable([.next(10, 1), .next(20, 2), .next(40, 3), .completed(50)])
            let ys2 = scheduler.createColdObservable([.next(10, 4), .completed(20)])
            let xs = scheduler.createHotObservable([
                .next(210, ys1.asObservable()), .next(240, ys2.asObservable()), .completed(250),
            ])
            let res = scheduler.start { xs.switchLatest() }
            #expect(res.events == [.next(220, 1), .next(230, 2), .next(250, 4), .completed(260)])
            // As in RxSwift, the outer subscription ends when the outer completes.
            #expect(xs.subscriptions == [Subscription(200, 250)])
            #expect(ys1.subscriptions == [Subscription(210, 240)])
            #expect(ys2.subscriptions == [Subscription(240, 260)])
        }

        @Test func anInnerErrorEndsTheResult() {
            let scheduler = TestScheduler(initialClock: 0)
            let ys1 = scheduler.createColdObservable([.next(10, 1), .error(20, DemoError.boom)])
            let xs = scheduler.createHotObservable([.next(210, ys1.asObservable())])
            let res = scheduler.start { xs.switchLatest() }
            #expect(res.events == [.next(220, 1), .error(230, DemoError.boom)])
            #expect(xs.subscriptions == [Subscription(200, 230)])
            #expect(ys1.subscriptions == [Subscription(210, 230)])
        }

        @Test func anOuterErrorEndsTheResult() {
            let scheduler = TestScheduler(initialClock: 0)
            let ys1 = scheduler.createColdObservable([.next(10, 1), .next(50, 2)])
            let xs = scheduler.createHotObservable([.next(210, ys1.asObservable()), .error(230, DemoError.boom)])
            let res = scheduler.start { xs.switchLatest() }
            #expect(res.events == [.next(220, 1), .error(230, DemoError.boom)])
            #expect(ys1.subscriptions == [Subscription(210, 230)])
        }

        @Test func waitsForTheCurrentInnerAfterTheOuterCompletes() {
            let scheduler = TestScheduler(initialClock: 0)
            let ys1 = scheduler.createColdObservable([.next(10, 1), .completed(80)])
            let xs = scheduler.createHotObservable([.next(210, ys1.asObservable()), .completed(220)])
            let res = scheduler.start { xs.switchLatest() }
            #expect(res.events == [.next(220, 1), .completed(290)])
        }

        @Test func disposingMidStreamUnsubscribesOuterAndInner() {
            let scheduler = TestScheduler(initialClock: 0)
            let ys1 = scheduler.createColdObservable([.next(10, 1), .next(70, 2)])
            let xs = scheduler.createHotObservable([.next(210, ys1.asObservable())])
            let res = scheduler.start(disposed: 250) { xs.switchLatest() }
            #expect(res.events == [.next(220, 1)])
            #expect(xs.subscriptions == [Subscription(200, 250)])
            #expect(ys1.subscriptions == [Subscription(210, 250)])
        }
    }
}
