import Testing
import Rill
import RillTest

extension AllTests {
    @Suite struct TakeLastTests {
        @Test func emitsTheLastElementsAtCompletion() {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = scheduler.createHotObservable([
                .next(210, 1), .next(220, 2), .next(230, 3), .next(240, 4), .completed(300),
            ])
            let res = scheduler.start { xs.takeLast(2) }
            #expect(res.events == [.next(300, 3), .next(300, 4), .completed(300)])
            #expect(xs.subscriptions == [Subscription(200, 300)])
        }

        @Test func fewerElementsThanCountEmitsAllAndZeroEmitsNone() {
            #expect(record(Observable.of(1, 2).takeLast(5)) == ["1", "2", "|"])
            #expect(record(Observable.of(1, 2).takeLast(0)) == ["|"])
            #expect(record(Observable.from(Array(1...10)).takeLast(3)) == ["8", "9", "10", "|"])
        }

        @Test func anErrorDropsTheBuffer() {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = scheduler.createHotObservable([.next(210, 1), .error(230, DemoError.boom)])
            let res = scheduler.start { xs.takeLast(2) }
            #expect(res.events == [.error(230, DemoError.boom)])
            #expect(xs.subscriptions == [Subscription(200, 230)])
        }

        @Test func disposingMidStreamEmitsNothing() {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = scheduler.createHotObservable([.next(210, 1), .completed(300)])
            let res = scheduler.start(disposed: 250) { xs.takeLast(2) }
            #expect(res.events.isEmpty)
            #expect(xs.subscriptions == [Subscription(200, 250)])
        }
    }
}
