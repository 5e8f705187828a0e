import Testing
import Rill
import RillTest

extension AllTests {
    @Suite struct SampleTests {
        @Test func emitsTheLatestUnsampledElementAtEachTick() {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .next(250, 3), .completed(300)])
            let ys = scheduler.createHotObservable([
                .next(230, "t"), .next(240, "t"), .next(260, "t"), .next(320, "t"),
            ])
            let res = scheduler.start { xs.sample(ys) }
            #expect(res.events == [.next(230, 2), .next(260, 3), .completed(320)])
            #expect(xs.subscriptions == [Subscription(200, 300)])   // ends when xs completes, as in RxSwift
            #expect(ys.subscriptions == [Subscription(200, 320)])
        }

        @Test func emitsTheDefaultWhenNothingArrivedSinceTheLastTick() {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = scheduler.createHotObservable([.next(210, 1)])
            let ys = scheduler.createHotObservable([.next(220, "t"), .next(230, "t")])
            let res = scheduler.start { xs.sample(ys, defaultValue: 0) }
            #expect(res.events == [.next(220, 1), .next(230, 0)])
        }

        @Test func theSamplersCompletionIsALastTickAndASourceCompletingLaterNeverEndsTheResult() {
            // As RxSwift 6.10: with the sampler gone, nothing completes the result.
            let scheduler = TestScheduler(initialClock: 0)
            let xs = scheduler.createHotObservable([.next(210, 1), .next(250, 2), .completed(300)])
            let ys = scheduler.createHotObservable([.completed(220, String.self)])
            let res = scheduler.start { xs.sample(ys) }
            #expect(res.events == [.next(220, 1)])
            #expect(xs.subscriptions == [Subscription(200, 300)])
            #expect(ys.subscriptions == [Subscription(200, 220)])
        }

        @Test func theSamplersCompletionAfterTheSourceCompletedEndsTheResult() {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = scheduler.createHotObservable([.next(210, 1), .completed(215)])
            let ys = scheduler.createHotObservable([.completed(220, String.self)])
            let res = scheduler.start { xs.sample(ys) }
            #expect(res.events == [.next(220, 1), .completed(220)])
        }

        @Test func anErrorFromEitherEndsTheResult() {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = scheduler.createHotObservable([.next(210, 1)])
            let ys = scheduler.createHotObservable([.error(220, DemoError.boom, String.self)])
            let res = scheduler.start { xs.sample(ys) }
            #expect(res.events == [.error(220, DemoError.boom)])
            #expect(xs.subscriptions == [Subscription(200, 220)])
        }

        @Test func disposingMidStreamUnsubscribesBoth() {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = scheduler.createHotObservable([.next(210, 1)])
            let ys = scheduler.createHotObservable([.next(260, "t")])
            let res = scheduler.start(disposed: 250) { xs.sample(ys) }
            #expect(res.events.isEmpty)
            #expect(xs.subscriptions == [Subscription(200, 250)])
            #expect(ys.subscriptions == [Subscription(200, 250)])
        }
    }
}
