import Foundation
import Testing
import Rill
import RillTest

extension AllTests {
    @Suite struct DelaySubscriptionTests {
        @Test func subscribesAfterTheDueTime() {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = scheduler.createColdObservable([.next(50, 42), .next(60, 43), .completed(70)])
            let observer = scheduler.start { xs.delaySubscription(.seconds(30), scheduler: scheduler) }
            #expect(observer.events == [.next(280, 42), .next(290, 43), .completed(300)])
            #expect(xs.subscriptions == [Subscription(230, 300)])
        }

        @Test func forwardsTheSourcesError() {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = scheduler.createColdObservable([.next(50, 42), .error(60, DemoError.boom)])
            let observer = scheduler.start { xs.delaySubscription(.seconds(30), scheduler: scheduler) }
            #expect(observer.events == [.next(280, 42), .error(290, DemoError.boom)])
            #expect(xs.subscriptions == [Subscription(230, 290)])
        }

        @Test func disposingBeforeTheDueTimeNeverSubscribes() {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = scheduler.createColdObservable([.next(50, 42), .completed(70)])
            let observer = scheduler.start(disposed: 220) { xs.delaySubscription(.seconds(30), scheduler: scheduler) }
            #expect(observer.events == [])
            #expect(xs.subscriptions == [])
        }

        @Test func disposingMidStreamDisposesTheSource() {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = scheduler.createColdObservable([.next(50, 42), .next(60, 43), .completed(70)])
            let observer = scheduler.start(disposed: 285) { xs.delaySubscription(.seconds(30), scheduler: scheduler) }
            #expect(observer.events == [.next(280, 42)])
            #expect(xs.subscriptions == [Subscription(230, 285)])
        }

        @Test func readsAsAMarbleDiagram() throws {
            let scheduler = TestScheduler(initialClock: 0)
            let xs: TestableObservable<Int> = try scheduler.createColdObservable("-1-2|")
            let observer = scheduler.start { xs.delaySubscription(.seconds(30), scheduler: scheduler) }
            try Marble.assertEqual(observer.events, "^----1-2|")
        }

        @Test func subscribesOnARealQueue() {
            let log = EventLog<Int>()
            let ended = log.subscribeAndWaitForEnd(Observable.of(1, 2).delaySubscription(.milliseconds(5), scheduler: QueueScheduler()))
            #expect(ended)
            #expect(log.events == ["1", "2", "|"])
        }
    }
}
