import Testing
import Rill
import RillTest

extension AllTests {
    @Suite struct SkipUntilTests {
        @Test func emitsOnlyAfterTheOtherEmits() {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = scheduler.createHotObservable([.next(210, 1), .next(230, 2), .next(250, 3), .completed(300)])
            let ys = scheduler.createHotObservable([.next(225, "x"), .next(240, "y")])
            let res = scheduler.start { xs.skip(until: ys) }
            #expect(res.events == [.next(230, 2), .next(250, 3), .completed(300)])
            #expect(xs.subscriptions == [Subscription(200, 300)])
            #expect(ys.subscriptions == [Subscription(200, 225)])
        }

        @Test func anOtherThatCompletesEmptyKeepsTheGateShut() {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = scheduler.createHotObservable([.next(210, 1), .next(230, 2), .completed(300)])
            let ys = scheduler.createHotObservable([.completed(220, String.self)])
            let res = scheduler.start { xs.skip(until: ys) }
            #expect(res.events == [.completed(300)])
            #expect(ys.subscriptions == [Subscription(200, 220)])
        }

        @Test func anErrorFromTheOtherEndsTheResult() {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = scheduler.createHotObservable([.next(210, 1), .next(230, 2)])
            let ys = scheduler.createHotObservable([.error(220, DemoError.boom, String.self)])
            let res = scheduler.start { xs.skip(until: ys) }
            #expect(res.events == [.error(220, DemoError.boom)])
            #expect(xs.subscriptions == [Subscription(200, 220)])
        }

        @Test func disposingMidStreamUnsubscribesBoth() {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = scheduler.createHotObservable([.next(210, 1), .next(260, 2)])
            let ys = scheduler.createHotObservable([.next(270, "x")])
            let res = scheduler.start(disposed: 250) { xs.skip(until: ys) }
            #expect(res.events.isEmpty)
            #expect(xs.subscriptions == [Subscription(200, 250)])
            #expect(ys.subscriptions == [Subscription(200, 250)])
        }
    }
}
