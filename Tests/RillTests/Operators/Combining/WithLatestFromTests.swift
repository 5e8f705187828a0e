import Testing
import Rill
import RillTest

extension AllTests {
    @Suite struct WithLatestFromTests {
        @Test func pairsEachElementWithTheLatestOfTheSecondAndDropsEarlierOnes() {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = scheduler.createHotObservable([.next(210, 1), .next(230, 2), .next(250, 3), .completed(300)])
            let ys = scheduler.createHotObservable([.next(220, "a"), .next(240, "b"), .completed(245)])
            let res = scheduler.start { xs.withLatestFrom(ys) { "\($0)\($1)" } }
            #expect(res.events == [.next(230, "2a"), .next(250, "3b"), .completed(300)])
            #expect(xs.subscriptions == [Subscription(200, 300)])
            #expect(ys.subscriptions == [Subscription(200, 245)])
        }

        @Test func withoutSelectorEmitsTheLatestOfTheSecond() {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = scheduler.createHotObservable([.next(230, 1), .next(250, 2)])
            let ys = scheduler.createHotObservable([.next(220, "a"), .next(240, "b")])
            let res = scheduler.start { xs.withLatestFrom(ys) }
            #expect(res.events == [.next(230, "a"), .next(250, "b")])
        }

        @Test func anErrorFromTheSecondEndsTheResult() {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = scheduler.createHotObservable([.next(230, 1), .next(260, 2)])
            let ys = scheduler.createHotObservable([.next(220, 10), .error(250, DemoError.boom)])
            let res = scheduler.start { xs.withLatestFrom(ys) { $0 + $1 } }
            #expect(res.events == [.next(230, 11), .error(250, DemoError.boom)])
            #expect(xs.subscriptions == [Subscription(200, 250)])
            #expect(ys.subscriptions == [Subscription(200, 250)])
        }

        @Test func aThrowingSelectorEndsTheResult() {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = scheduler.createHotObservable([.next(230, 1), .next(240, 2)])
            let ys = scheduler.createHotObservable([.next(220, 10)])
            let res = scheduler.start {
                xs.withLatestFrom(ys) { x, y -> Int in
                    if x == 2 { throw DemoError.boom }
                    return x + y
                }
            }
            #expect(res.events == [.next(230, 11), .error(240, DemoError.boom)])
            #expect(ys.subscriptions == [Subscription(200, 240)])
        }

        @Test func disposingMidStreamUnsubscribesBoth() {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = scheduler.createHotObservable([.next(230, 1), .next(260, 2)])
            let ys = scheduler.createHotObservable([.next(220, 10)])
            let res = scheduler.start(disposed: 250) { xs.withLatestFrom(ys) { $0 + $1 } }
            #expect(res.events == [.next(230, 11)])
            #expect(xs.subscriptions == [Subscription(200, 250)])
            #expect(ys.subscriptions == [Subscription(200, 250)])
        }
    }
}
