import Testing
import Rill
import RillTest

extension AllTests {
    @Suite struct ElementAtTests {
        @Test func emitsTheElementAtTheIndexAndCompletes() {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = scheduler.createHotObservable([.next(210, "a"), .next(220, "b"), .next(230, "c"), .completed(300)])
            let res = scheduler.start { xs.element(at: 1) }
            #expect(res.events == [.next(220, "b"), .completed(220)])
            #expect(xs.subscriptions == [Subscription(200, 220)])
        }

        @Test func failsWhenTheSourceIsTooShortOrTheIndexNegative() {
            #expect(record(Observable.of(1, 2).element(at: 2)) == ["x(Argument out of range.)"])
            #expect(record(Observable.of(1, 2).element(at: -1)) == ["x(Argument out of range.)"])
        }

        @Test func forwardsAnEarlierError() {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = scheduler.createHotObservable([.next(210, 1), .error(220, DemoError.boom)])
            let res = scheduler.start { xs.element(at: 3) }
            #expect(res.events == [.error(220, DemoError.boom)])
        }

        @Test func disposingMidStreamUnsubscribes() {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = scheduler.createHotObservable([.next(210, 1), .next(260, 2)])
            let res = scheduler.start(disposed: 250) { xs.element(at: 1) }
            #expect(res.events.isEmpty)
            #expect(xs.subscriptions == [Subscription(200, 250)])
        }
    }
}
