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

        @Test func anOtherThatCompletesEmptyKeepsTheGateShutAndSwallowsTheCompletion() {
            // As RxSwift: the source's completion before the gate opens is not delivered.
            let scheduler = TestScheduler(initialClock: 0)
            let xs = scheduler.createHotObservable([.next(210, 1), .next(230, 2), .completed(300)])
            let ys = scheduler.createHotObservable([.completed(220, String.self)])
            let res = scheduler.start { xs.skip(until: ys) }
            #expect(res.events == [])
            #expect(xs.subscriptions == [Subscription(200, 300)])
            #expect(ys.subscriptions == [Subscription(200, 220)])
        }

        @Test func aCompletionBeforeTheGateOpensIsSwallowedAndDisposesTheOther() {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = scheduler.createHotObservable([.next(210, 1), .completed(250)])
            let ys = scheduler.createHotObservable([.next(260, "x"), .error(300, DemoError.boom, String.self)])
            let res = scheduler.start { xs.skip(until: ys) }
            #expect(res.events == [])
            #expect(xs.subscriptions == [Subscription(200, 250)])
            #expect(ys.subscriptions == [Subscription(200, 250)])
        }

        @Test func aSourceErrorPassesBeforeTheGateOpens() {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = scheduler.createHotObservable([.next(210, 1), .error(250, DemoError.boom)])
            let ys = scheduler.createHotObservable([.next(260, "x")])
            let res = scheduler.start { xs.skip(until: ys) }
            #expect(res.events == [.error(250, DemoError.boom)])
            #expect(ys.subscriptions == [Subscription(200, 250)])
        }

        @Test func subscribesTheSourceBeforeTheOther() {
            let order = EventLog<String>()
            let source = Observable<Int>.create { _ in
                order.note("source")
                return Disposables.create()
            }
            let other = Observable<Int>.create { _ in
                order.note("other")
                return Disposables.create()
            }
            let subscription = source.skip(until: other).subscribe()
            #expect(order.events == ["source", "other"])
            subscription.dispose()
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
