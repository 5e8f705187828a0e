import Foundation
import Testing
import Rill
import RillTest

extension AllTests {
    @Suite struct TimestampTests {
        @Test func stampsEachElementWithTheVirtualTime() {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = scheduler.createHotObservable([.next(210, "a"), .next(250, "b"), .completed(300)])
            let res = scheduler.start { xs.timestamp(scheduler: scheduler).map { "\($0.value)@\(Int($0.timestamp.timeIntervalSince1970))" } }
            #expect(res.events == [.next(210, "a@210"), .next(250, "b@250"), .completed(300)])
            #expect(xs.subscriptions == [Subscription(200, 300)])
        }

        @Test func timeIntervalMeasuresFromTheSubscriptionThenBetweenElements() {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = scheduler.createHotObservable([.next(210, "a"), .next(250, "b"), .next(251, "c"), .error(300, DemoError.boom)])
            let res = scheduler.start { xs.timeInterval(scheduler: scheduler).map { "\($0.value)+\(Int($0.interval))" } }
            #expect(res.events == [.next(210, "a+10"), .next(250, "b+40"), .next(251, "c+1"), .error(300, DemoError.boom)])
        }

        @Test func disposingMidStreamUnsubscribes() {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = scheduler.createHotObservable([.next(210, 1), .next(260, 2)])
            let stamped = scheduler.start(disposed: 250) { xs.timestamp(scheduler: scheduler).map(\.value) }
            #expect(stamped.events == [.next(210, 1)])
            #expect(xs.subscriptions == [Subscription(200, 250)])
        }

        @Test func timestampedValuesCompare() {
            let time = Date(timeIntervalSince1970: 5)
            #expect(Timestamped(value: 1, timestamp: time) == Timestamped(value: 1, timestamp: time))
            #expect(TimeIntervalled(value: 1, interval: 2) != TimeIntervalled(value: 1, interval: 3))
        }
    }
}
