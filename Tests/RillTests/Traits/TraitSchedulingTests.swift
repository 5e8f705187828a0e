import Foundation
import Testing
import Rill
import RillTest

extension AllTests {
    /// The scheduler-based operators on traits forward to the Observable ones.
    @Suite struct TraitSchedulingTests {
        @Test func singleTimeoutFailsWhenTheOutcomeIsLate() {
            let scheduler = TestScheduler(initialClock: 0)
            let late = scheduler.createColdObservable([.next(50, 1), .completed(50)])
            let result = scheduler.start { late.asSingle().timeout(.seconds(30), scheduler: scheduler) }
            #expect(result.events == [.error(230, RxError.timeout)])
        }

        @Test func singleTimeoutPassesAnOutcomeInTime() {
            let scheduler = TestScheduler(initialClock: 0)
            let prompt = scheduler.createColdObservable([.next(10, 1), .completed(10)])
            let result = scheduler.start { prompt.asSingle().timeout(.seconds(30), scheduler: scheduler) }
            #expect(result.events == [.next(210, 1), .completed(210)])
        }

        @Test func singleTimeoutSwitchesToOther() {
            let scheduler = TestScheduler(initialClock: 0)
            let late = scheduler.createColdObservable([.next(50, 1), .completed(50)])
            let result = scheduler.start {
                late.asSingle().timeout(.seconds(30), other: Single.just(7), scheduler: scheduler)
            }
            #expect(result.events == [.next(230, 7), .completed(230)])
        }

        @Test func maybeDelayShiftsTheOutcome() {
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createColdObservable([.next(10, 1), .completed(10)])
            let result = scheduler.start { source.asMaybe().delay(.seconds(5), scheduler: scheduler) }
            // The completion follows the element one step later, as in RxSwift.
            #expect(result.events == [.next(215, 1), .completed(216)])
        }

        @Test func singleDelayLandsTheCompletionOneStepAfterTheSuccess() {
            let scheduler = TestScheduler(initialClock: 0)
            let result = scheduler.start { Single.just(1).delay(.seconds(2), scheduler: scheduler) }
            #expect(result.events == [.next(202, 1), .completed(203)])
        }

        @Test func singleObserveOnDeliversSuccessAndCompletionInSeparateSteps() {
            let scheduler = TestScheduler(initialClock: 0)
            let result = scheduler.start { Single.just(1).observe(on: scheduler) }
            #expect(result.events == [.next(201, 1), .completed(202)])
        }

        @Test func maybeDelayAndObserveOnMatchRxSwiftsSteps() {
            let scheduler = TestScheduler(initialClock: 0)
            let delayed = scheduler.start { Maybe.just(1).delay(.seconds(2), scheduler: scheduler) }
            #expect(delayed.events == [.next(202, 1), .completed(203)])
            let observed = TestScheduler(initialClock: 0)
            let result = observed.start { Maybe.just(1).observe(on: observed) }
            #expect(result.events == [.next(201, 1), .completed(202)])
        }

        @Test func emptyMaybeAndCompletableDelayOnlyTheCompletion() {
            let scheduler = TestScheduler(initialClock: 0)
            let maybe = scheduler.start { Maybe<Int>.empty().delay(.seconds(2), scheduler: scheduler) }
            #expect(maybe.events == [.completed(202)])
            let other = TestScheduler(initialClock: 0)
            let completable = other.start { Completable.empty().observe(on: other) }
            #expect(completable.events == [.completed(201)])
        }

        @Test func aFailedSingleThroughDelayFailsAtOnce() {
            let scheduler = TestScheduler(initialClock: 0)
            let result = scheduler.start { Single<Int>.error(DemoError.boom).delay(.seconds(2), scheduler: scheduler) }
            #expect(result.events == [.error(200, DemoError.boom)])
        }

        @Test func completableDelaySubscriptionStartsLater() {
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createColdObservable([Recorded<Event<Never>>.completed(10)])
            let result = scheduler.start { source.asCompletable().delaySubscription(.seconds(20), scheduler: scheduler) }
            #expect(result.events == [.completed(230)])
            #expect(source.subscriptions == [Subscription(220, 230)])
        }

        @Test func singleTimerSucceedsWithZero() {
            let scheduler = TestScheduler(initialClock: 0)
            let result = scheduler.start { Single<Int>.timer(.seconds(40), scheduler: scheduler) }
            #expect(result.events == [.next(240, 0), .completed(240)])
        }

        @Test func observeAndSubscribeOnMoveTheWork() throws {
            let scheduler = SerialDispatchQueueScheduler(internalSerialQueueName: "trait-scheduling")
            let done = DispatchSemaphore(value: 0)
            let outcome = LockedBox<String>("")
            let subscription = Single.just(3)
                .subscribe(on: scheduler)
                .observe(on: scheduler)
                .subscribe(onSuccess: { value in
                    outcome.mutate { $0 = "\(value) on main: \(Thread.isMainThread)" }
                    done.signal()
                })
            #expect(done.wait(timeout: .now() + 5) == .success)
            #expect(outcome.value == "3 on main: false")
            subscription.dispose()
        }
    }
}
