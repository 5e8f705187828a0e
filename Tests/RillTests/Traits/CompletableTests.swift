import Foundation
import Testing
import Rill
import RillTest

extension AllTests {
    /// `Completable`: create, subscribe, andThen, concat and zip.
    @Suite struct CompletableTests {
        @Test func createKeepsOneOutcomeWhenCalledFromManyThreadsAtOnce() {
            for _ in 0..<50 {
                let observer = LockedBox<Completable.CompletableObserver?>(nil)
                let completable = Completable.create { emit in
                    observer.mutate { $0 = emit }
                    return Disposables.create()
                }
                let outcomes = LockedBox<[String]>([])
                let subscription = completable.subscribe(
                    onCompleted: { outcomes.mutate { $0.append("|") } },
                    onError: { _ in outcomes.mutate { $0.append("x") } }
                )
                let emit = observer.value!
                DispatchQueue.concurrentPerform(iterations: 8) { index in
                    emit(index.isMultiple(of: 2) ? .completed : .error(DemoError.boom))
                }
                #expect(outcomes.value.count == 1)
                subscription.dispose()
            }
        }

        @Test func createKeepsTheFirstEvent() {
            let completable = Completable.create { observer in
                observer(.error(DemoError.boom))
                observer(.completed)
                return Disposables.create()
            }
            #expect(record(completable.asObservable()) == ["x(boom)"])
        }

        @Test func subscribeFormsReportTheOutcome() {
            var events: [String] = []
            _ = Completable.empty().subscribe(onCompleted: { events.append("completed") }, onDisposed: { events.append("disposed") })
            _ = Completable.error(DemoError.boom).subscribe(onError: { events.append("error \($0)") })
            _ = Completable.empty().subscribe { event in
                if case .completed = event { events.append("event completed") }
            }
            #expect(events == ["completed", "disposed", "error boom", "event completed"])
        }

        @Test func andThenSubscribesTheSecondAfterCompletionInVirtualTime() {
            let scheduler = TestScheduler(initialClock: 0)
            let save = scheduler.createColdObservable([.completed(20, Never.self)])
            let fetch = scheduler.createColdObservable([.next(10, "user3"), .completed(10)])
            let res = scheduler.start { save.asCompletable().andThen(fetch.asSingle()).asObservable() }
            #expect(res.events == [.next(230, "user3"), .completed(230)])
            #expect(fetch.subscriptions == [Subscription(220, 230)])
        }

        @Test func andThenAnObservableAMaybeAndACompletable() {
            #expect(record(Completable.empty().andThen(Observable.of(1, 2))) == ["1", "2", "|"])
            #expect(record(Completable.empty().andThen(Maybe<Int>.empty()).asObservable()) == ["|"])
            var order: [String] = []
            let first = Completable.empty().do(onCompleted: { order.append("first") })
            let second = Completable.empty().do(onCompleted: { order.append("second") })
            #expect(record(first.andThen(second).asObservable()) == ["|"])
            #expect(order == ["first", "second"])
        }

        @Test func concatRunsInOrderAndStopsAtTheFirstError() {
            var order: [String] = []
            func step(_ name: String, fails: Bool = false) -> Completable {
                Completable.create { observer in
                    order.append(name)
                    observer(fails ? .error(DemoError.boom) : .completed)
                    return Disposables.create()
                }
            }
            #expect(record(Completable.concat(step("a"), step("b")).asObservable()) == ["|"])
            #expect(record(Completable.concat([step("c", fails: true), step("d")]).asObservable()) == ["x(boom)"])
            #expect(record(step("e").concat(step("f")).asObservable()) == ["|"])
            #expect(order == ["a", "b", "c", "e", "f"])
        }

        @Test func zipCompletesWhenAllCompleteAndFailsOnTheFirstError() {
            let scheduler = TestScheduler(initialClock: 0)
            let a = scheduler.createColdObservable([.completed(10, Never.self)])
            let b = scheduler.createColdObservable([.completed(30, Never.self)])
            let res = scheduler.start { Completable.zip(a.asCompletable(), b.asCompletable()).asObservable() }
            #expect(res.events == [.completed(230)])

            let failing = scheduler.createColdObservable([.error(5, DemoError.boom, Never.self)])
            let slow = scheduler.createColdObservable([.completed(100, Never.self)])
            let failed = scheduler.start(created: 1000, subscribed: 1100, disposed: 2000) {
                Completable.zip([failing.asCompletable(), slow.asCompletable()]).asObservable()
            }
            #expect(failed.events == [.error(1105, DemoError.boom)])
            #expect(slow.subscriptions == [Subscription(1100, 1105)])
            #expect(record(Completable.zip([Completable]()).asObservable()) == ["|"])
        }

        @Test func asCompletableOfAnyObservableDiscardsElements() {
            #expect(record(Observable.of(1, 2, 3).asCompletable().asObservable()) == ["|"])
            #expect(record(Observable<Never>.empty().asCompletable().asObservable()) == ["|"])
        }
    }
}
