import Testing
import Rill
import RillTest

extension AllTests {
    @Suite struct DistinctUntilChangedTests {
        struct User: Equatable {
            let id: Int
            let name: String
        }

        @Test func dropsConsecutiveRepeats() {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = scheduler.createHotObservable([
                .next(210, 1), .next(220, 1), .next(230, 2), .next(240, 2), .next(250, 1), .completed(300),
            ])
            let res = scheduler.start { xs.distinctUntilChanged() }
            #expect(res.events == [.next(210, 1), .next(230, 2), .next(250, 1), .completed(300)])
            #expect(xs.subscriptions == [Subscription(200, 300)])
        }

        @Test func keySelectorComparerAndKeyPathForms() {
            let words = Observable.of("a", "A", "b", "B", "a")
            #expect(record(words.distinctUntilChanged { $0.lowercased() }) == ["a", "b", "a", "|"])
            #expect(record(words.distinctUntilChanged { $0.lowercased() == $1.lowercased() }) == ["a", "b", "a", "|"])
            #expect(record(words.distinctUntilChanged({ $0.lowercased() }, comparer: { $0 == $1 })) == ["a", "b", "a", "|"])
            let users = Observable.of(User(id: 1, name: "ada"), User(id: 1, name: "Ada"), User(id: 2, name: "bob"))
            #expect(record(users.distinctUntilChanged(at: \.id).map(\.name)) == ["ada", "bob", "|"])
        }

        @Test func forwardsTheErrorAndUnsubscribes() {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = scheduler.createHotObservable([.next(210, 1), .error(230, DemoError.boom)])
            let res = scheduler.start { xs.distinctUntilChanged() }
            #expect(res.events == [.next(210, 1), .error(230, DemoError.boom)])
            #expect(xs.subscriptions == [Subscription(200, 230)])
        }

        @Test func aThrowingComparerEndsTheSequence() {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .next(230, 3)])
            let res = scheduler.start {
                xs.distinctUntilChanged { (_: Int, _: Int) throws -> Bool in throw DemoError.boom }
            }
            #expect(res.events == [.next(210, 1), .error(220, DemoError.boom)])
            #expect(xs.subscriptions == [Subscription(200, 220)])
        }

        @Test func disposingMidStreamUnsubscribes() {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = scheduler.createHotObservable([.next(210, 1), .next(260, 2)])
            let res = scheduler.start(disposed: 250) { xs.distinctUntilChanged() }
            #expect(res.events == [.next(210, 1)])
            #expect(xs.subscriptions == [Subscription(200, 250)])
        }
    }
}
