import Foundation
import Testing
import Rill
import RillTest

extension AllTests {
    /// `Maybe`: create, subscribe and its operators.
    @Suite struct MaybeTests {
        @Test func createKeepsOneOutcomeWhenCalledFromManyThreadsAtOnce() {
            for _ in 0..<50 {
                let observer = LockedBox<Maybe<Int>.MaybeObserver?>(nil)
                let maybe = Maybe<Int>.create { emit in
                    observer.mutate { $0 = emit }
                    return Disposables.create()
                }
                let outcomes = LockedBox<[String]>([])
                let subscription = maybe.subscribe(
                    onSuccess: { value in outcomes.mutate { $0.append("\(value)") } },
                    onError: { _ in outcomes.mutate { $0.append("x") } },
                    onCompleted: { outcomes.mutate { $0.append("|") } }
                )
                let emit = observer.value!
                DispatchQueue.concurrentPerform(iterations: 8) { index in
                    switch index % 3 {
                    case 0: emit(.success(index))
                    case 1: emit(.error(DemoError.boom))
                    default: emit(.completed)
                    }
                }
                #expect(outcomes.value.count == 1)
                subscription.dispose()
            }
        }

        @Test func createKeepsTheFirstEvent() {
            let maybe = Maybe<Int>.create { observer in
                observer(.completed)
                observer(.success(1))
                observer(.error(DemoError.boom))
                return Disposables.create()
            }
            #expect(record(maybe.asObservable()) == ["|"])
        }

        @Test func subscribeCallsOnSuccessWithoutOnCompleted() {
            var events: [String] = []
            _ = Maybe.just(1).subscribe(
                onSuccess: { events.append("success \($0)") },
                onError: { events.append("error \($0)") },
                onCompleted: { events.append("completed") },
                onDisposed: { events.append("disposed") }
            )
            _ = Maybe<Int>.empty().subscribe(onSuccess: { events.append("success \($0)") }, onCompleted: { events.append("completed") })
            _ = Maybe<Int>.error(DemoError.boom).subscribe(onError: { events.append("error \($0)") })
            #expect(events == ["success 1", "disposed", "completed", "error boom"])
        }

        @Test func eventClosureReceivesOneEvent() {
            var events: [String] = []
            let describe: (MaybeEvent<Int>) -> Void = { event in
                switch event {
                case .success(let value): events.append("success \(value)")
                case .error(let error): events.append("error \(error)")
                case .completed: events.append("completed")
                }
            }
            _ = Maybe.just(1).subscribe(describe)
            _ = Maybe<Int>.empty().subscribe(describe)
            _ = Maybe<Int>.error(DemoError.boom).subscribe(describe)
            #expect(events == ["success 1", "completed", "error boom"])
        }

        @Test func operatorsKeepTheMaybe() {
            #expect(record(Maybe.just(2).map { $0 * 10 }.asObservable()) == ["20", "|"])
            #expect(record(Maybe.just(2).filter { $0 > 2 }.asObservable()) == ["|"])
            #expect(record(Maybe.just("x").compactMap { Int($0) }.asObservable()) == ["|"])
            #expect(record(Maybe.just(2).flatMap { Maybe.just($0 + 1) }.asObservable()) == ["3", "|"])
            #expect(record(Maybe<Int>.empty().flatMap { Maybe.just($0 + 1) }.asObservable()) == ["|"])
            #expect(record(Maybe<Int>.error(DemoError.boom).catchAndReturn(0).asObservable()) == ["0", "|"])
        }

        @Test func ifEmptyDefaultGivesASingle() {
            let named: Single<String> = Maybe<String>.empty().ifEmpty(default: "guest")
            #expect(record(named.asObservable()) == ["guest", "|"])
            #expect(record(Maybe.just("ada").ifEmpty(default: "guest").asObservable()) == ["ada", "|"])
            #expect(record(Maybe<String>.error(DemoError.boom).ifEmpty(default: "guest").asObservable()) == ["x(boom)"])
        }

        @Test func ifEmptySwitchToSubscribesTheFallbackOnlyWhenEmpty() {
            let fallback = CountedRequest<String>(immediate: .success("network"))
            #expect(record(Maybe.just("cache").ifEmpty(switchTo: fallback.single).asObservable()) == ["cache", "|"])
            #expect(fallback.subscriptions == 0)
            #expect(record(Maybe<String>.empty().ifEmpty(switchTo: fallback.single).asObservable()) == ["network", "|"])
            #expect(fallback.subscriptions == 1)
            let other = Maybe<String>.empty().ifEmpty(switchTo: Maybe<String>.empty())
            #expect(record(other.asObservable()) == ["|"])
        }

        @Test func ifEmptySwitchToStartsTheFallbackAtTheCompletionInVirtualTime() {
            let scheduler = TestScheduler(initialClock: 0)
            let cache = scheduler.createColdObservable([.completed(10, String.self)])
            let network = scheduler.createColdObservable([.next(20, "user2"), .completed(20)])
            let res = scheduler.start { cache.asMaybe().ifEmpty(switchTo: network.asSingle()).asObservable() }
            #expect(res.events == [.next(230, "user2"), .completed(230)])
            #expect(network.subscriptions == [Subscription(210, 230)])
        }

        /// As in RxSwift 6.10 (Observable.zip's rule): an empty input ends the zip when
        /// the other input has finished too, not at once.
        @Test func zipCompletesEmptyWhenAnElementCannotPairWithAnEmptyInput() {
            let scheduler = TestScheduler(initialClock: 0)
            let empty = scheduler.createColdObservable([.completed(10, Int.self)])
            let pending = scheduler.createColdObservable([.next(50, 1), .completed(50)])
            let res = scheduler.start { Maybe.zip(empty.asMaybe(), pending.asMaybe()).map { $0 + $1 }.asObservable() }
            #expect(res.events == [.completed(250)])
            #expect(pending.subscriptions == [Subscription(200, 250)])
            #expect(record(Maybe.zip([Maybe.just(1), Maybe.just(2)]).asObservable()) == ["[1, 2]", "|"])
        }

        /// Maybe.zip of separate Maybes follows Observable.zip's rule for separate
        /// sources: an empty Maybe does not end the result while another is pending.
        @Test func zipOfAnEmptyAndAPendingMaybeWaitsForThePendingOne() {
            let scheduler = TestScheduler(initialClock: 0)
            let empty = scheduler.createColdObservable([.completed(10, Int.self)])
            let pending = scheduler.createColdObservable([Recorded<Event<Int>>]())
            let res = scheduler.start { Maybe.zip(empty.asMaybe(), pending.asMaybe()).map { $0 + $1 }.asObservable() }
            #expect(res.events == [])
            #expect(pending.subscriptions == [Subscription(200, 1000)])
        }

        @Test func doRunsOnNextThenOnCompleted() {
            var log: [String] = []
            let traced = Maybe.just(1).do(onNext: { log.append("next \($0)") }, onCompleted: { log.append("completed") })
            #expect(record(traced.asObservable()) == ["1", "|"])
            #expect(log == ["next 1", "completed"])
        }
    }
}
