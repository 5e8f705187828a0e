import Foundation
import Testing
import Rill
import RillTest

extension AllTests {
    /// `catch(_:)` and `catchAndReturn(_:)`.
    @Suite struct CatchTests {
        @Test func continuesWithTheHandlersSequenceAfterAnError() {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = scheduler.createHotObservable([.next(210, 1), .error(230, DemoError.boom)])
            let ys = scheduler.createColdObservable([.next(10, 8), .next(20, 9), .completed(30)])
            var caught: [DemoError] = []
            let res = scheduler.start {
                xs.catch { error in
                    caught.append(error as! DemoError)
                    return ys.asObservable()
                }
            }
            #expect(res.events == [.next(210, 1), .next(240, 8), .next(250, 9), .completed(260)])
            #expect(caught == [.boom])
            #expect(xs.subscriptions == [Subscription(200, 230)])
            #expect(ys.subscriptions == [Subscription(230, 260)])
        }

        @Test func passesElementsAndCompletionThroughWithoutCallingTheHandler() {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = scheduler.createHotObservable([.next(210, 1), .completed(230)])
            var calls = 0
            let res = scheduler.start {
                xs.catch { _ in
                    calls += 1
                    return .just(0)
                }
            }
            #expect(res.events == [.next(210, 1), .completed(230)])
            #expect(calls == 0)
        }

        @Test func anErrorOfTheReplacementIsDelivered() {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = scheduler.createHotObservable([.error(210, DemoError.boom, Int.self)])
            let res = scheduler.start { xs.catch { _ in .error(DemoError.timeout) } }
            #expect(res.events == [.error(210, DemoError.timeout)])
        }

        @Test func anErrorThrownByTheHandlerIsDelivered() {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = scheduler.createHotObservable([.next(210, 1), .error(220, DemoError.boom)])
            let res = scheduler.start { xs.catch { _ in throw DemoError.timeout } }
            #expect(res.events == [.next(210, 1), .error(220, DemoError.timeout)])
        }

        @Test func disposingMidStreamDisposesTheReplacement() {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = scheduler.createHotObservable([.error(210, DemoError.boom, Int.self)])
            let ys = scheduler.createColdObservable([.next(10, 1), .next(100, 2), .completed(200)])
            let res = scheduler.start(disposed: 250) { xs.catch { _ in ys.asObservable() } }
            #expect(res.events == [.next(220, 1)])
            #expect(ys.subscriptions == [Subscription(210, 250)])
        }

        @Test func disposingBeforeAnErrorDisposesTheSource() {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = scheduler.createHotObservable([.next(210, 1), .error(300, DemoError.boom)])
            let res = scheduler.start(disposed: 250) { xs.catch { _ in .just(0) } }
            #expect(res.events == [.next(210, 1)])
            #expect(xs.subscriptions == [Subscription(200, 250)])
        }

        @Test func catchAndReturnCompletesWithTheElement() {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = scheduler.createHotObservable([.next(210, 1), .error(220, DemoError.boom)])
            let res = scheduler.start { xs.catchAndReturn(0) }
            #expect(res.events == [.next(210, 1), .next(220, 0), .completed(220)])
            #expect(xs.subscriptions == [Subscription(200, 220)])
        }

        @Test func catchesASynchronousError() {
            #expect(record(Observable<String>.error(DemoError.boom).catchAndReturn("anonymous")) == ["anonymous", "|"])
            #expect(record(Observable.of(1, 2).concatMap { value -> Observable<Int> in
                value == 2 ? .error(DemoError.boom) : .just(value)
            }.catch { _ in .of(8, 9) }) == ["1", "8", "9", "|"])
        }
    }

    /// `retry()`, `retry(_:)` and `retry(when:)`.
    @Suite struct RetryTests {
        @Test func resubscribesAfterAnErrorUntilTheSourceCompletes() {
            let scheduler = TestScheduler(initialClock: 0)
            var attempts = 0
            let res = scheduler.start {
                Observable<Int>.deferred {
                    attempts += 1
                    return attempts < 3 ? .error(DemoError.boom) : .just(attempts)
                }.retry()
            }
            #expect(res.events == [.next(200, 3), .completed(200)])
            #expect(attempts == 3)
        }

        @Test func retryCountsEveryAttemptIncludingTheFirst() {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = scheduler.createColdObservable([.next(10, 1), .error(20, DemoError.boom)])
            let res = scheduler.start { xs.retry(3) }
            #expect(res.events == [.next(210, 1), .next(230, 1), .next(250, 1), .error(260, DemoError.boom)])
            #expect(xs.subscriptions == [Subscription(200, 220), Subscription(220, 240), Subscription(240, 260)])
        }

        @Test func retryWithZeroAttemptsCompletesWithoutSubscribing() {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = scheduler.createColdObservable([.next(10, 1), .completed(20)])
            let res = scheduler.start { xs.retry(0) }
            #expect(res.events == [.completed(200)])
            #expect(xs.subscriptions == [])
        }

        @Test func disposingMidStreamDisposesTheCurrentAttempt() {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = scheduler.createColdObservable([.next(10, 1), .error(20, DemoError.boom)])
            let res = scheduler.start(disposed: 235) { xs.retry() }
            #expect(res.events == [.next(210, 1), .next(230, 1)])
            #expect(xs.subscriptions == [Subscription(200, 220), Subscription(220, 235)])
        }

        @Test func aSynchronouslyFailingSourceIsRetriedWithoutDeepRecursion() {
            var attempts = 0
            let source = Observable<Int>.deferred {
                attempts += 1
                return .error(DemoError.boom)
            }
            #expect(record(source.retry(100_000)) == ["x(boom)"])
            #expect(attempts == 100_000)
        }

        @Test func retryWhenResubscribesWhenTheTriggerEmits() {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = scheduler.createColdObservable([.next(10, 1), .error(20, DemoError.boom)])
            let res = scheduler.start {
                xs.retry(when: { (errors: Observable<DemoError>) in
                    errors.enumerated().flatMap { attempt, error -> Observable<Int> in
                        attempt < 2 ? .just(attempt) : .error(error)
                    }
                })
            }
            #expect(res.events == [.next(210, 1), .next(230, 1), .next(250, 1), .error(260, DemoError.boom)])
            #expect(xs.subscriptions == [Subscription(200, 220), Subscription(220, 240), Subscription(240, 260)])
        }

        @Test func retryWhenCompletesWhenTheTriggerCompletes() {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = scheduler.createColdObservable([.next(10, 1), .error(20, DemoError.boom)])
            let trigger = scheduler.createHotObservable([.completed(250, Int.self)])
            var errorsSeen = 0
            let res = scheduler.start {
                xs.retry(when: { (errors: Observable<any Error>) in
                    _ = errors.subscribe(onNext: { _ in errorsSeen += 1 })
                    return trigger
                })
            }
            #expect(res.events == [.next(210, 1), .completed(250)])
            #expect(errorsSeen == 1)
            #expect(xs.subscriptions == [Subscription(200, 220)])
        }

        @Test func retryWhenPassesOnErrorsOfAnotherType() {
            struct Other: Error, Equatable {}
            let scheduler = TestScheduler(initialClock: 0)
            let xs = scheduler.createColdObservable([.next(10, 1), .error(20, Other())])
            var seen = 0
            let res = scheduler.start {
                xs.retry(when: { (errors: Observable<DemoError>) in errors.map { _ in seen += 1 } })
            }
            #expect(res.events == [.next(210, 1), .error(220, Other())])
            #expect(seen == 0)
        }

        @Test func retryWhenWithADelayedTrigger() {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = scheduler.createColdObservable([.next(10, 1), .error(20, DemoError.boom)])
            let trigger = scheduler.createHotObservable([.next(300, ()), .completed(400)])
            let res = scheduler.start { xs.retry(when: { (_: Observable<DemoError>) in trigger }) }
            #expect(res.events == [.next(210, 1), .next(310, 1), .completed(400)])
            #expect(xs.subscriptions == [Subscription(200, 220), Subscription(300, 320)])
            #expect(trigger.subscriptions == [Subscription(200, 400)])
        }

        @Test func retryWhenActsOnAnEarlyTriggerCompletionAtTheNextError() {
            // As RxSwift: the trigger's completion is remembered until an error needs it.
            let scheduler = TestScheduler(initialClock: 0)
            let xs = scheduler.createColdObservable([.next(10, 1), .error(50, DemoError.boom)])
            let trigger = scheduler.createHotObservable([.completed(210, Int.self)])
            let res = scheduler.start { xs.retry(when: { (_: Observable<DemoError>) in trigger }) }
            #expect(res.events == [.next(210, 1), .completed(250)])
            #expect(xs.subscriptions == [Subscription(200, 250)])
        }

        @Test func retryWhenActsOnAnEarlyTriggerErrorAtTheNextError() {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = scheduler.createColdObservable([.next(10, 1), .error(50, DemoError.boom)])
            let trigger = scheduler.createHotObservable([.error(210, DemoError.timeout, Int.self)])
            let res = scheduler.start { xs.retry(when: { (_: Observable<DemoError>) in trigger }) }
            #expect(res.events == [.next(210, 1), .error(250, DemoError.timeout)])
        }

        @Test func retryWhenAnEarlyTriggerCompletionIsNotDeliveredWhenTheSourceCompletes() {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = scheduler.createHotObservable([.next(230, 1), .completed(250)])
            let trigger = scheduler.createHotObservable([.completed(210, Int.self)])
            let res = scheduler.start { xs.retry(when: { (_: Observable<DemoError>) in trigger }) }
            #expect(res.events == [.next(230, 1), .completed(250)])
            #expect(xs.subscriptions == [Subscription(200, 250)])
        }

        @Test func retryWhenATriggerElementWhileTheSourceRunsIsDropped() {
            // As RxSwift: only a trigger element that follows an error restarts the source.
            let scheduler = TestScheduler(initialClock: 0)
            let xs = scheduler.createColdObservable([.next(10, 1), .next(30, 2), .error(50, DemoError.boom)])
            let trigger = scheduler.createHotObservable([.next(220, ()), .next(270, ())])
            let res = scheduler.start { xs.retry(when: { (_: Observable<DemoError>) in trigger }) }
            #expect(res.events == [.next(210, 1), .next(230, 2), .next(280, 1), .next(300, 2)])
            #expect(xs.subscriptions == [Subscription(200, 250), Subscription(270, 320)])
        }
    }
}
