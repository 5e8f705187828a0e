import Testing
import Rill
import RillTest

// single(), single(_:), first(), ignoreElements(): operators that check or drop
// the elements of a whole sequence.
extension AllTests {
    @Suite struct SingleElementTests {
        @Test func singlePassesTheOnlyElement() {
            #expect(record(Observable.just(1).single()) == ["1", "|"])
            #expect(record(Observable<Int>.empty().single()) == ["x(Sequence doesn't contain any elements.)"])
        }

        @Test func singleFailsAtTheSecondElement() {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(300)])
            let res = scheduler.start { xs.single() }
            #expect(res.events == [.next(210, 1), .error(220, RxError.moreThanOneElement)])
            #expect(xs.subscriptions == [Subscription(200, 220)])
        }

        @Test func singleWithPredicateCountsOnlyMatches() {
            #expect(record(Observable.of(1, 2, 3).single { $0 == 2 }) == ["2", "|"])
            #expect(record(Observable.of(1, 2, 3).single { $0 > 1 }) == ["2", "x(Sequence contains more than one element.)"])
            #expect(record(Observable.of(1, 2).single { _ in throw DemoError.boom }) == ["x(boom)"])
        }

        @Test func singleDisposedMidStreamUnsubscribes() {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = scheduler.createHotObservable([.next(210, 1), .completed(300)])
            let res = scheduler.start(disposed: 250) { xs.single() }
            #expect(res.events == [.next(210, 1)])
            #expect(xs.subscriptions == [Subscription(200, 250)])
        }

        @Test func firstEmitsTheFirstElementAndUnsubscribes() {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2)])
            let res = scheduler.start { xs.first() }
            #expect(res.events == [.next(210, 1), .completed(210)])
            #expect(xs.subscriptions == [Subscription(200, 210)])
        }

        @Test func firstOfAnEmptySourceIsNilAndErrorsPass() {
            #expect(record(Observable<String>.empty().first()) == ["nil", "|"])
            #expect(record(Observable<String>.just("ada").first()) == ["Optional(\"ada\")", "|"])
            #expect(record(Observable<Int>.error(DemoError.boom).first()) == ["x(boom)"])
        }

        @Test func ignoreElementsKeepsOnlyTheTerminalEvent() {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(300)])
            let res = scheduler.start { xs.ignoreElements() }
            #expect(res.events == [.completed(300)])
            #expect(record(Observable<Int>.error(DemoError.boom).ignoreElements()) == ["x(boom)"])
        }

        @Test func ignoreElementsDisposedMidStreamUnsubscribes() {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = scheduler.createHotObservable([.next(210, 1), .completed(300)])
            let res = scheduler.start(disposed: 250) { xs.ignoreElements() }
            #expect(res.events.isEmpty)
            #expect(xs.subscriptions == [Subscription(200, 250)])
        }
    }
}
