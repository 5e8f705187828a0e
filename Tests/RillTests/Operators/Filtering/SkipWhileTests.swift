import Testing
import Rill
import RillTest

extension AllTests {
    @Suite struct SkipWhileTests {
        @Test func dropsElementsUntilThePredicateFirstFails() {
            var calls = 0
            let skipped = Observable.of(1, 2, 5, 1, 6).skip(while: { calls += 1; return $0 < 3 })
            #expect(record(skipped) == ["5", "1", "6", "|"])
            #expect(calls == 3)   // not asked again once it returned false
        }

        @Test func aThrowingPredicateEndsTheSequence() {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2)])
            let res = scheduler.start { xs.skip(while: { _ in throw DemoError.boom }) }
            #expect(res.events == [.error(210, DemoError.boom)])
            #expect(xs.subscriptions == [Subscription(200, 210)])
        }

        @Test func forwardsErrorAndCompletion() {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = scheduler.createHotObservable([.next(210, 1), .error(230, DemoError.boom)])
            let res = scheduler.start { xs.skip(while: { $0 < 3 }) }
            #expect(res.events == [.error(230, DemoError.boom)])
            #expect(record(Observable<Int>.empty().skip(while: { _ in true })) == ["|"])
        }

        @Test func disposingMidStreamUnsubscribes() {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = scheduler.createHotObservable([.next(210, 5), .next(260, 6)])
            let res = scheduler.start(disposed: 250) { xs.skip(while: { $0 < 3 }) }
            #expect(res.events == [.next(210, 5)])
            #expect(xs.subscriptions == [Subscription(200, 250)])
        }
    }
}
