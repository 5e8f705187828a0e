import Testing
import Rill
import RillTest

// take(for:scheduler:) and skip(for:scheduler:): a timer from subscription.
extension AllTests {
    @Suite struct TimedGateTests {
        @Test func takeForCompletesWhenTheDurationHasPassed() {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = scheduler.createHotObservable([.next(210, 1), .next(240, 2), .next(260, 3), .completed(300)])
            let res = scheduler.start { xs.take(for: .seconds(50), scheduler: scheduler) }
            #expect(res.events == [.next(210, 1), .next(240, 2), .completed(250)])
            #expect(xs.subscriptions == [Subscription(200, 250)])
        }

        @Test func takeForForwardsEarlierTerminalEvents() {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = scheduler.createHotObservable([.next(210, 1), .error(220, DemoError.boom)])
            let res = scheduler.start { xs.take(for: .seconds(50), scheduler: scheduler) }
            #expect(res.events == [.next(210, 1), .error(220, DemoError.boom)])
            #expect(xs.subscriptions == [Subscription(200, 220)])
        }

        @Test func takeForDisposedMidStreamUnsubscribes() {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = scheduler.createHotObservable([.next(210, 1), .next(240, 2)])
            let res = scheduler.start(disposed: 230) { xs.take(for: .seconds(50), scheduler: scheduler) }
            #expect(res.events == [.next(210, 1)])
            #expect(xs.subscriptions == [Subscription(200, 230)])
        }

        @Test func skipForDropsElementsBeforeTheDuration() {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = scheduler.createHotObservable([.next(210, 1), .next(240, 2), .next(260, 3), .completed(300)])
            let res = scheduler.start { xs.skip(for: .seconds(50), scheduler: scheduler) }
            #expect(res.events == [.next(260, 3), .completed(300)])
            #expect(xs.subscriptions == [Subscription(200, 300)])
        }

        @Test func skipForForwardsErrorsAtAnyTime() {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = scheduler.createHotObservable([.next(210, 1), .error(220, DemoError.boom)])
            let res = scheduler.start { xs.skip(for: .seconds(50), scheduler: scheduler) }
            #expect(res.events == [.error(220, DemoError.boom)])
        }

        @Test func skipForDisposedMidStreamUnsubscribes() {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = scheduler.createHotObservable([.next(260, 1), .next(280, 2)])
            let res = scheduler.start(disposed: 270) { xs.skip(for: .seconds(50), scheduler: scheduler) }
            #expect(res.events == [.next(260, 1)])
            #expect(xs.subscriptions == [Subscription(200, 270)])
        }
    }
}
