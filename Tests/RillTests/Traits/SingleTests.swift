import Foundation
import Testing
import Rill
import RillTest

extension AllTests {
    /// `Single`: create, subscribe and its operators.
    @Suite struct SingleTests {
        @Test func createKeepsTheFirstEventEvenAFailureAfterASuccess() {
            let single = Single<Int>.create { observer in
                observer(.success(1))
                observer(.failure(DemoError.boom))
                observer(.success(2))
                return Disposables.create()
            }
            #expect(record(single.asObservable()) == ["1", "|"])
        }

        @Test func createKeepsOneOutcomeWhenCalledFromManyThreadsAtOnce() {
            let request = CountedRequest<Int>()
            let log = OutcomeLog()
            let subscription = request.single.subscribe(onSuccess: { log.append("\($0)") }, onFailure: { _ in log.append("x") })
            DispatchQueue.concurrentPerform(iterations: 8) { request.send(.success($0)) }
            #expect(log.events.count == 1)
            #expect(request.disposals == 1)
            subscription.dispose()
            request.release()
        }

        @Test func subscribeReportsFailureAndDisposedOnce() {
            var events: [String] = []
            let subscription = Single<Int>.error(DemoError.boom).subscribe(
                onSuccess: { events.append("\($0)") },
                onFailure: { events.append("x(\($0))") },
                onDisposed: { events.append("disposed") }
            )
            #expect(events == ["x(boom)", "disposed"])
            subscription.dispose()
            #expect(events == ["x(boom)", "disposed"])
        }

        @Test func eventClosureReceivesOneResult() {
            var results: [String] = []
            let describe: (SingleEvent<Int>) -> Void = { result in
                switch result {
                case .success(let value): results.append("success \(value)")
                case .failure(let error): results.append("failure \(error)")
                }
            }
            _ = Single.just(3).subscribe(describe)
            _ = Single<Int>.error(DemoError.timeout).subscribe(describe)
            _ = Single<Int>.never().subscribe(describe).dispose()
            #expect(results == ["success 3", "failure timeout"])
        }

        @Test func disposingBeforeTheOutcomeCancelsTheRequest() {
            let request = CountedRequest<Int>()
            var events: [String] = []
            let subscription = request.single.subscribe(
                onSuccess: { events.append("\($0)") }, onDisposed: { events.append("disposed") }
            )
            subscription.dispose()
            #expect(request.disposals == 1)
            request.send(.success(1))
            #expect(events == ["disposed"])
            request.release()
        }

        @Test func subscribeWithObjectStopsOnceTheObjectIsGone() {
            final class Owner { var seen: [Int] = [] }
            var owner: Owner? = Owner()
            let request = CountedRequest<Int>()
            let subscription = request.single.subscribe(with: owner!, onSuccess: { owner, value in owner.seen.append(value) })
            weak let weakOwner = owner
            owner = nil
            #expect(weakOwner == nil)
            request.send(.success(1))
            subscription.dispose()
            request.release()
        }

        @Test func filterAndCompactMapGiveAMaybe() {
            #expect(record(Single.just(2).filter { $0 > 1 }.asObservable()) == ["2", "|"])
            #expect(record(Single.just(2).filter { $0 > 5 }.asObservable()) == ["|"])
            #expect(record(Single.just("7").compactMap { Int($0) }.asObservable()) == ["7", "|"])
            #expect(record(Single.just("x").compactMap { Int($0) }.asObservable()) == ["|"])
        }

        @Test func mapThrowingBecomesTheFailure() {
            let mapped = Single.just(1).map { _ -> Int in throw DemoError.boom }
            #expect(record(mapped.asObservable()) == ["x(boom)"])
        }

        @Test func flatMapMaybeAndFlatMapCompletable() {
            #expect(record(Single.just(1).flatMapMaybe { _ in Maybe<Int>.empty() }.asObservable()) == ["|"])
            #expect(record(Single.just(1).flatMapMaybe { Maybe.just($0 + 1) }.asObservable()) == ["2", "|"])
            var done: [Int] = []
            let work = Single.just(5).flatMapCompletable { value in
                Completable.create { observer in
                    done.append(value)
                    observer(.completed)
                    return Disposables.create()
                }
            }
            #expect(record(work.asObservable()) == ["|"])
            #expect(done == [5])
        }

        @Test func flatMapWaitsForTheSecondRequestInVirtualTime() {
            let scheduler = TestScheduler(initialClock: 0)
            let first = scheduler.createColdObservable([.next(10, 1), .completed(10)])
            let second = scheduler.createColdObservable([.next(20, "a"), .completed(20)])
            let res = scheduler.start {
                first.asSingle().flatMap { _ in second.asSingle() }.asObservable()
            }
            #expect(res.events == [.next(230, "a"), .completed(230)])
            #expect(second.subscriptions == [Subscription(210, 230)])
        }

        @Test func zipSucceedsWhenTheLastInputSucceedsInVirtualTime() {
            let scheduler = TestScheduler(initialClock: 0)
            let a = scheduler.createColdObservable([.next(10, 1), .completed(10)])
            let b = scheduler.createColdObservable([.next(30, 2), .completed(30)])
            let res = scheduler.start { Single.zip(a.asSingle(), b.asSingle()) { $0 + $1 }.asObservable() }
            #expect(res.events == [.next(230, 3), .completed(230)])
        }

        @Test func zipFailureDisposesThePendingInputInVirtualTime() {
            let scheduler = TestScheduler(initialClock: 0)
            let a = scheduler.createColdObservable([.error(15, DemoError.boom, Int.self)])
            let b = scheduler.createColdObservable([.next(30, 2), .completed(30)])
            let res = scheduler.start { Single.zip([a.asSingle(), b.asSingle()]).asObservable() }
            #expect(res.events == [.error(215, DemoError.boom)])
            #expect(b.subscriptions == [Subscription(200, 215)])
        }

        @Test func zipOfEightAndOfACollection() {
            let eight = Single.zip(
                Single.just(1), Single.just(2), Single.just(3), Single.just(4),
                Single.just(5), Single.just(6), Single.just(7), Single.just(8)
            ) { (a: Int, b: Int, c: Int, d: Int, e: Int, f: Int, g: Int, h: Int) -> String in
                "\(a)\(b)\(c)\(d)\(e)\(f)\(g)\(h)"
            }
            #expect(record(eight.asObservable()) == ["12345678", "|"])
            let tuple = Single.zip(Single.just(1), Single.just("a"), Single.just(true))
            #expect(record(tuple.map { "\($0)\($1)\($2)" }.asObservable()) == ["1atrue", "|"])
            #expect(record(Single.zip([Single.just(1), Single.just(2)]).asObservable()) == ["[1, 2]", "|"])
            #expect(record(Single.zip([Single<Int>]()).asObservable()) == ["[]", "|"])
        }

        @Test func catchRetryAndDo() {
            var attempts = 0
            let flaky = Single<Int>.deferred {
                attempts += 1
                return attempts < 3 ? .error(DemoError.boom) : .just(attempts)
            }
            #expect(record(flaky.retry(3).asObservable()) == ["3", "|"])
            #expect(record(Single<Int>.error(DemoError.boom).catch { _ in .just(9) }.asObservable()) == ["9", "|"])

            var log: [String] = []
            let traced = Single.just(1).do(
                onSuccess: { log.append("success \($0)") },
                afterSuccess: { log.append("after \($0)") },
                onSubscribe: { log.append("subscribe") },
                onDispose: { log.append("dispose") }
            )
            #expect(record(traced.asObservable()) == ["1", "|"])
            #expect(log == ["subscribe", "success 1", "after 1", "dispose"])
        }

        @Test func retryWhenResubscribesOnTheTrigger() {
            var attempts = 0
            let flaky = Single<Int>.deferred {
                attempts += 1
                return attempts < 2 ? .error(DemoError.boom) : .just(attempts)
            }
            let retried = flaky.retry(when: { (errors: Observable<DemoError>) in errors.map { _ in () } })
            #expect(record(retried.asObservable()) == ["2", "|"])
        }

        @Test func usingDisposesTheResourceAfterTheOutcome() {
            let resource = BooleanDisposable()
            let single = Single.using({ resource }, primitiveSequenceFactory: { _ in Single.just(1) })
            #expect(record(single.asObservable()) == ["1", "|"])
            #expect(resource.isDisposed)
        }

        @Test func asMaybeAndAsCompletable() {
            #expect(record(Single.just(1).asMaybe().asObservable()) == ["1", "|"])
            #expect(record(Single.just(1).asCompletable().asObservable()) == ["|"])
            #expect(record(Single<Int>.error(DemoError.boom).asCompletable().asObservable()) == ["x(boom)"])
        }
    }
}
