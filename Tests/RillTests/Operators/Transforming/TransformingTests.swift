import Foundation
import Testing
import Rill
import RillTest

extension AllTests {
    /// The single-input transforming operators: compactMap, scan, reduce, toArray,
    /// enumerated, startWith, withUnretained, decode.
    @Suite struct TransformingTests {
        @Test func compactMapEmitsTheNonNilResults() {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = scheduler.createHotObservable([.next(150, "0"), .next(210, "1"), .next(220, "x"), .next(230, "3"), .completed(300)])
            let res = scheduler.start { xs.compactMap { Int($0) } }
            #expect(res.events == [.next(210, 1), .next(230, 3), .completed(300)])
            #expect(xs.subscriptions == [Subscription(200, 300)])
        }

        @Test func compactMapTurnsAThrowIntoAnErrorAndIgnoresTheRest() {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .next(230, 3), .completed(300)])
            var calls = 0
            let res = scheduler.start {
                xs.compactMap { value -> Int? in
                    calls += 1
                    if value == 2 { throw DemoError.boom }
                    return value
                }
            }
            #expect(res.events == [.next(210, 1), .error(220, DemoError.boom)])
            #expect(xs.subscriptions == [Subscription(200, 220)])
            #expect(calls == 2)
        }

        @Test func compactMapForwardsAnUpstreamError() {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = scheduler.createHotObservable([.next(210, 1), .error(220, DemoError.boom)])
            let res = scheduler.start { xs.compactMap { $0 } }
            #expect(res.events == [.next(210, 1), .error(220, DemoError.boom)])
        }

        @Test func scanEmitsEachAccumulatedValue() {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .next(230, 3), .completed(300)])
            let res = scheduler.start { xs.scan(0) { $0 + $1 } }
            #expect(res.events == [.next(210, 1), .next(220, 3), .next(230, 6), .completed(300)])
        }

        @Test func scanIntoMutatesTheAccumulatorInPlace() {
            #expect(record(Observable.of(1, 2, 3).scan(into: [Int]()) { $0.append($1) })
                == ["[1]", "[1, 2]", "[1, 2, 3]", "|"])
        }

        @Test func scanStartsFromTheSeedForEachSubscription() {
            let sums = Observable.of(1, 2).scan(10) { $0 + $1 }
            #expect(record(sums) == ["11", "13", "|"])
            #expect(record(sums) == ["11", "13", "|"])
        }

        @Test func scanTurnsAThrowIntoAnError() {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(300)])
            let res = scheduler.start {
                xs.scan(0) { sum, value in
                    if value == 2 { throw DemoError.boom }
                    return sum + value
                }
            }
            #expect(res.events == [.next(210, 1), .error(220, DemoError.boom)])
            #expect(xs.subscriptions == [Subscription(200, 220)])
        }

        @Test func scanDisposedMidStreamDisposesItsSource() {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = scheduler.createHotObservable([.next(210, 1), .next(260, 2), .completed(300)])
            let res = scheduler.start(disposed: 250) { xs.scan(0, accumulator: +) }
            #expect(res.events == [.next(210, 1)])
            #expect(xs.subscriptions == [Subscription(200, 250)])
        }

        @Test func reduceEmitsTheFinalValueOnCompletion() {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .next(230, 3), .completed(300)])
            let res = scheduler.start { xs.reduce(0, accumulator: +) }
            #expect(res.events == [.next(300, 6), .completed(300)])
        }

        @Test func reduceMapsTheResult() {
            #expect(record(Observable.of(1, 2, 3).reduce(0, accumulator: +, mapResult: { "sum \($0)" })) == ["sum 6", "|"])
            #expect(record(Observable<Int>.empty().reduce(7, accumulator: +)) == ["7", "|"])
        }

        @Test func reduceDeliversErrorsAndThrowsAndNothingElse() {
            #expect(record(Observable<Int>.error(DemoError.boom).reduce(0, accumulator: +)) == ["x(boom)"])
            #expect(record(Observable.of(1, 2).reduce(0) { _, _ in throw DemoError.boom }) == ["x(boom)"])
            #expect(record(Observable.of(1).reduce(0, accumulator: +, mapResult: { _ -> Int in throw DemoError.timeout }))
                == ["x(timeout)"])
        }

        @Test func reduceNeverEmitsForASourceThatNeverCompletes() {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = scheduler.createHotObservable([.next(210, 1)])
            let res = scheduler.start { xs.reduce(0, accumulator: +) }
            #expect(res.events == [])
            #expect(xs.subscriptions == [Subscription(200, 1000)])
        }

        @Test func toArrayCollectsEveryElement() {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(300)])
            let res = scheduler.start { xs.toArray() }
            #expect(res.events == [.next(300, [1, 2]), .completed(300)])
            #expect(record(Observable<Int>.empty().toArray()) == ["[]", "|"])
            #expect(record(Observable<Int>.error(DemoError.boom).toArray()) == ["x(boom)"])
        }

        @Test func enumeratedCountsFromZeroPerSubscription() {
            let pairs = Observable.of("a", "b").enumerated().map { "\($0.index)\($0.element)" }
            #expect(record(pairs) == ["0a", "1b", "|"])
            #expect(record(pairs) == ["0a", "1b", "|"])
            #expect(record(Observable<Int>.error(DemoError.boom).enumerated().map { $0.index }) == ["x(boom)"])
        }

        @Test func startWithEmitsItsElementsBeforeTheSource() {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = scheduler.createHotObservable([.next(210, 3), .completed(300)])
            let res = scheduler.start { xs.startWith(1, 2) }
            #expect(res.events == [.next(200, 1), .next(200, 2), .next(210, 3), .completed(300)])
            #expect(xs.subscriptions == [Subscription(200, 300)])
            #expect(record(Observable<Int>.error(DemoError.boom).startWith(0)) == ["0", "x(boom)"])
        }

        @Test func withUnretainedPairsEachElementWithTheObject() {
            final class Owner { let name = "owner" }
            let owner = Owner()
            #expect(record(Observable.of(1, 2).withUnretained(owner).map { "\($0.0.name) \($0.1)" })
                == ["owner 1", "owner 2", "|"])
            #expect(record(Observable.of(1).withUnretained(owner) { owner, value in "\(owner.name)\(value)" })
                == ["owner1", "|"])
        }

        @Test func withUnretainedCompletesOnceTheObjectIsGone() {
            final class Owner {}
            let scheduler = TestScheduler(initialClock: 0)
            let xs = scheduler.createHotObservable([.next(210, 1), .next(230, 2), .next(240, 3), .completed(300)])
            var owner: Owner? = Owner()
            scheduler.scheduleAt(220) { owner = nil }
            let res = scheduler.start { xs.withUnretained(owner!).map { $0.1 } }
            #expect(res.events == [.next(210, 1), .completed(230)])
            #expect(xs.subscriptions == [Subscription(200, 230)])
        }

        @Test func withUnretainedDoesNotRetainTheObject() {
            final class Owner {}
            var owner: Owner? = Owner()
            weak let weakOwner = owner
            let observable = Observable.of(1).withUnretained(owner!)
            owner = nil
            #expect(weakOwner == nil)
            #expect(record(observable) == ["|"])
        }

        @Test func decodeDecodesEachDataElement() throws {
            struct User: Decodable, Equatable { let name: String }
            let source = Observable.of(Data(#"{"name":"ada"}"#.utf8), Data(#"{"name":"bob"}"#.utf8))
            var users: [User] = []
            _ = source.decode(type: User.self, decoder: JSONDecoder()).subscribe(onNext: { users.append($0) })
            #expect(users == [User(name: "ada"), User(name: "bob")])
        }

        @Test func decodeTurnsADecodingFailureIntoAnError() {
            struct User: Decodable { let name: String }
            var failed = false
            _ = Observable.just(Data("not json".utf8)).decode(type: User.self, decoder: JSONDecoder())
                .subscribe(onError: { failed = $0 is DecodingError })
            #expect(failed)
        }
    }
}
