import Foundation
import Testing
import Rill
import RillTest

/// Draws the given numbers in turn, for a deterministic jitter.
private func draws(_ numbers: [Double]) -> @Sendable () -> Double {
    let remaining = LockedBox(numbers)
    return {
        var next = 0.0
        remaining.mutate { next = $0.removeFirst() }
        return next
    }
}

/// Fails `failingAfter` ticks after each subscription, and logs subscriptions and
/// disposals with their times. Unlike a test observable, its subscription does not
/// end at its own error: only disposal ends it.
private final class FailingSource: ObservableType, @unchecked Sendable {
    // Sendable: `log` and `count` are behind their lock; the rest is immutable.
    typealias Element = Int

    let log = LockedBox<[String]>([])
    private let count = LockedBox(0)
    private let scheduler: TestScheduler
    private let failingAfter: Int

    init(scheduler: TestScheduler, failingAfter: Int) {
        self.scheduler = scheduler
        self.failingAfter = failingAfter
    }

    func subscribe<Observer: ObserverType>(_ observer: Observer) -> any Disposable where Observer.Element == Int {
        var number = 0
        count.mutate { $0 += 1; number = $0 }
        let (scheduler, log) = (self.scheduler, self.log)
        log.mutate { $0.append("subscribe \(number) at \(scheduler.clock)") }
        let failure = scheduler.scheduleRelative((), dueTime: .seconds(failingAfter)) { _ in
            observer.onError(DemoError.boom)
            return Disposables.create()
        }
        return Disposables.create {
            failure.dispose()
            log.mutate { $0.append("dispose \(number) at \(scheduler.clock)") }
        }
    }
}

extension DispatchTimeInterval {
    /// The interval as `.nanoseconds`.
    fileprivate var backoffTestNanoseconds: DispatchTimeInterval {
        switch self {
        case .seconds(let seconds): .nanoseconds(seconds * 1_000_000_000)
        case .milliseconds(let milliseconds): .nanoseconds(milliseconds * 1_000_000)
        case .microseconds(let microseconds): .nanoseconds(microseconds * 1_000)
        default: self
        }
    }
}

extension AllTests {
    /// `retry(_:backoff:scheduler:shouldRetry:)` and `RetryBackoff`.
    @Suite struct RetryBackoffTests {
        // MARK: The schedule

        @Test func constantBackoffWaitsTheSameDelayBeforeEveryRetry() {
            let backoff = RetryBackoff.constant(.seconds(3))
            #expect((1...4).map(backoff.delay(forRetry:)) == [.seconds(3), .seconds(3), .seconds(3), .seconds(3)])
        }

        @Test func linearBackoffAddsTheIncrementForEachRetry() {
            let backoff = RetryBackoff.linear(initial: .milliseconds(100), increment: .milliseconds(250))
            #expect((1...4).map(backoff.delay(forRetry:))
                == [.milliseconds(100), .milliseconds(350), .milliseconds(600), .milliseconds(850)])
        }

        @Test func exponentialBackoffMultipliesUpToTheCap() {
            let doubling = RetryBackoff.exponential(initial: .seconds(1), maxDelay: .seconds(10))
            #expect((1...6).map(doubling.delay(forRetry:))
                == [.seconds(1), .seconds(2), .seconds(4), .seconds(8), .seconds(10), .seconds(10)])
            let tripling = RetryBackoff.exponential(initial: .milliseconds(10), multiplier: 3, maxDelay: .seconds(1))
            #expect((1...5).map(tripling.delay(forRetry:))
                == [.milliseconds(10), .milliseconds(30), .milliseconds(90), .milliseconds(270), .milliseconds(810)])
            #expect(tripling.delay(forRetry: 6) == .seconds(1))
            // Far past the cap, the power overflows to infinity and the cap still holds.
            #expect(doubling.delay(forRetry: 5_000) == .seconds(10))
        }

        @Test func delaysAreExactToTheNanosecond() {
            // 0.1 s three times over is 300 ms, not 300.000001 ms.
            let linear = RetryBackoff.linear(initial: .milliseconds(100), increment: .milliseconds(100))
            #expect(linear.delay(forRetry: 3) == .milliseconds(300))
            let odd = RetryBackoff.exponential(initial: .nanoseconds(3), multiplier: 1.5, maxDelay: .seconds(1))
            #expect(odd.delay(forRetry: 3) == .nanoseconds(7))   // 6.75 rounded
            #expect(RetryBackoff.constant(.microseconds(1_500)).delay(forRetry: 1) == .microseconds(1_500))
        }

        @Test func aHugeLinearScheduleSaturatesInsteadOfOverflowing() {
            let backoff = RetryBackoff.linear(initial: .seconds(1), increment: .seconds(Int.max / 2))
            #expect(backoff.delay(forRetry: 3) == .nanoseconds(Int.max))
        }

        @Test func jitterShortensEachDelayByTheDrawnPartOfItsFraction() {
            let backoff = RetryBackoff.constant(.seconds(10)).jittered(0.5, random: draws([0, 0.5, 1, 2, -1]))
            // 10 s × (1 − 0.5 × r); draws outside 0...1 are clamped.
            #expect((1...5).map(backoff.delay(forRetry:))
                == [.seconds(10), .milliseconds(7_500), .seconds(5), .seconds(5), .seconds(10)])
        }

        @Test func jitterKeepsTheExponentialCap() {
            let backoff = RetryBackoff.exponential(initial: .seconds(8), maxDelay: .seconds(10))
                .jittered(1, random: { 0.25 })
            // 8 s and the 10 s cap, each shortened by a quarter.
            #expect(backoff.delay(forRetry: 1) == .seconds(6))
            #expect(backoff.delay(forRetry: 2) == .milliseconds(7_500))
        }

        @Test func jitterIsOffUnlessAskedFor() {
            let backoff = RetryBackoff.exponential(initial: .seconds(1), maxDelay: .seconds(60))
            #expect((1...3).map { _ in backoff.delay(forRetry: 3) } == [.seconds(4), .seconds(4), .seconds(4)])
            let none = backoff.jittered(0, random: { Issue.record("drawn with a fraction of 0"); return 1 })
            #expect(none.delay(forRetry: 3) == .seconds(4))
        }

        @Test func theDefaultRandomSourceStaysWithinTheFraction() {
            let backoff = RetryBackoff.constant(.seconds(1)).jittered(0.5)
            for _ in 0..<100 {
                guard case .nanoseconds(let delay) = backoff.delay(forRetry: 1).backoffTestNanoseconds else { return }
                #expect((500_000_000...1_000_000_000).contains(delay), "\(delay) ns")
            }
        }

        // MARK: The operator on virtual time

        @Test func constantBackoffResubscribesAtFixedIntervalsAfterEachError() {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = scheduler.createColdObservable([.next(10, 1), .error(20, DemoError.boom)])
            let res = scheduler.start { xs.retry(3, backoff: .constant(.seconds(30)), scheduler: scheduler) }
            #expect(res.events == [.next(210, 1), .next(260, 1), .next(310, 1), .error(320, DemoError.boom)])
            #expect(xs.subscriptions == [Subscription(200, 220), Subscription(250, 270), Subscription(300, 320)])
        }

        @Test func linearBackoffResubscribesAfterGrowingDelays() {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = scheduler.createColdObservable([.next(10, 1), .error(20, DemoError.boom)])
            let res = scheduler.start {
                xs.retry(4, backoff: .linear(initial: .seconds(10), increment: .seconds(20)), scheduler: scheduler)
            }
            // Delays 10, 30, 50.
            #expect(res.events == [.next(210, 1), .next(240, 1), .next(290, 1), .next(360, 1), .error(370, DemoError.boom)])
            #expect(xs.subscriptions
                == [Subscription(200, 220), Subscription(230, 250), Subscription(280, 300), Subscription(350, 370)])
        }

        @Test func exponentialBackoffResubscribesAfterDoublingDelaysUpToTheCap() {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = scheduler.createColdObservable([.next(10, 1), .error(20, DemoError.boom)])
            let res = scheduler.start {
                xs.retry(5, backoff: .exponential(initial: .seconds(10), maxDelay: .seconds(25)), scheduler: scheduler)
            }
            // Delays 10, 20, then 25 (the cap) twice.
            #expect(res.events
                == [.next(210, 1), .next(240, 1), .next(280, 1), .next(325, 1), .next(370, 1), .error(380, DemoError.boom)])
            #expect(xs.subscriptions == [
                Subscription(200, 220), Subscription(230, 250), Subscription(270, 290), Subscription(315, 335),
                Subscription(360, 380),
            ])
        }

        @Test func jitteredBackoffFollowsTheInjectedDraws() {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = scheduler.createColdObservable([.error(20, DemoError.boom)] as [Recorded<Event<Int>>])
            let backoff = RetryBackoff.constant(.seconds(40)).jittered(0.5, random: draws([0, 0.5, 1]))
            let res = scheduler.start { xs.retry(4, backoff: backoff, scheduler: scheduler) }
            // Delays 40, 30, 20.
            #expect(res.events == [.error(370, DemoError.boom)])
            #expect(xs.subscriptions
                == [Subscription(200, 220), Subscription(260, 280), Subscription(310, 330), Subscription(350, 370)])
        }

        @Test func readsAsAMarbleDiagram() throws {
            let scheduler = TestScheduler(initialClock: 0)
            let xs: TestableObservable<Int> = try scheduler.createColdObservable("-1-#")
            let res = scheduler.start {
                xs.retry(3, backoff: .exponential(initial: .seconds(20), maxDelay: .seconds(60)), scheduler: scheduler)
            }
            try Marble.assertEqual(res.events, "^-1----1------1-#")
        }

        @Test func theSourcesCompletionEndsTheRetries() {
            let scheduler = TestScheduler(initialClock: 0)
            let failing = scheduler.createColdObservable([.next(10, 1), .error(20, DemoError.boom)])
            let completing = scheduler.createColdObservable([.next(10, 2), .completed(20)])
            var attempts = 0
            let res = scheduler.start {
                Observable<Int>.deferred {
                    attempts += 1
                    return attempts == 1 ? failing.asObservable() : completing.asObservable()
                }.retry(5, backoff: .constant(.seconds(30)), scheduler: scheduler)
            }
            #expect(res.events == [.next(210, 1), .next(260, 2), .completed(270)])
            #expect(failing.subscriptions == [Subscription(200, 220)])
            #expect(completing.subscriptions == [Subscription(250, 270)])
            #expect(attempts == 2)
        }

        @Test func oneAttemptDeliversTheFirstErrorWithoutAsking() {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = scheduler.createColdObservable([.next(10, 1), .error(20, DemoError.boom)])
            var asked = 0
            let res = scheduler.start {
                xs.retry(1, backoff: .constant(.seconds(30)), scheduler: scheduler) { _ in asked += 1; return true }
            }
            #expect(res.events == [.next(210, 1), .error(220, DemoError.boom)])
            #expect(xs.subscriptions == [Subscription(200, 220)])
            #expect(asked == 0)
        }

        @Test func zeroAttemptsCompleteWithoutSubscribing() {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = scheduler.createColdObservable([.next(10, 1), .error(20, DemoError.boom)])
            let res = scheduler.start { xs.retry(0, backoff: .constant(.seconds(30)), scheduler: scheduler) }
            #expect(res.events == [.completed(200)])
            #expect(xs.subscriptions == [])
        }

        @Test func aZeroDelayRetriesOnTheSchedulersNextTurn() {
            let scheduler = TestScheduler(initialClock: 0)
            var attempts = 0
            let res = scheduler.start {
                Observable<Int>.deferred {
                    attempts += 1
                    return .error(DemoError.boom)
                }.retry(3, backoff: .constant(.seconds(0)), scheduler: scheduler)
            }
            // The test scheduler runs work due now one tick later.
            #expect(res.events == [.error(202, DemoError.boom)])
            #expect(attempts == 3)
        }

        // MARK: shouldRetry

        @Test func anErrorTheClosureRejectsIsDeliveredAtOnce() {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = scheduler.createColdObservable([.next(10, 1), .error(20, DemoError.boom)])
            var seen: [DemoError] = []
            let res = scheduler.start {
                xs.retry(3, backoff: .constant(.seconds(30)), scheduler: scheduler) { error in
                    seen.append(error as! DemoError)
                    return error as? DemoError == .timeout
                }
            }
            #expect(res.events == [.next(210, 1), .error(220, DemoError.boom)])
            #expect(xs.subscriptions == [Subscription(200, 220)])
            #expect(seen == [.boom])
        }

        @Test func theClosureDecidesForEachError() {
            let scheduler = TestScheduler(initialClock: 0)
            let timingOut = scheduler.createColdObservable([.error(20, DemoError.timeout)] as [Recorded<Event<Int>>])
            let failing = scheduler.createColdObservable([.error(20, DemoError.boom)] as [Recorded<Event<Int>>])
            var attempts = 0
            var asked: [DemoError] = []
            let res = scheduler.start {
                Observable<Int>.deferred {
                    attempts += 1
                    return attempts < 3 ? timingOut.asObservable() : failing.asObservable()
                }.retry(5, backoff: .constant(.seconds(30)), scheduler: scheduler) { error in
                    asked.append(error as! DemoError)
                    return error as? DemoError == .timeout
                }
            }
            // Two timeouts retried, then the boom delivered though attempts remain.
            #expect(res.events == [.error(320, DemoError.boom)])
            #expect(timingOut.subscriptions == [Subscription(200, 220), Subscription(250, 270)])
            #expect(failing.subscriptions == [Subscription(300, 320)])
            #expect(asked == [.timeout, .timeout, .boom])
        }

        @Test func theClosureIsNotAskedAboutTheLastAttemptsError() {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = scheduler.createColdObservable([.error(20, DemoError.boom)] as [Recorded<Event<Int>>])
            var asked = 0
            let res = scheduler.start {
                xs.retry(3, backoff: .constant(.seconds(30)), scheduler: scheduler) { _ in asked += 1; return true }
            }
            #expect(res.events == [.error(320, DemoError.boom)])
            #expect(xs.subscriptions.count == 3)
            #expect(asked == 2)
        }

        @Test func anErrorTheClosureThrowsIsDeliveredInstead() {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = scheduler.createColdObservable([.next(10, 1), .error(20, DemoError.boom)])
            let res = scheduler.start {
                xs.retry(3, backoff: .constant(.seconds(30)), scheduler: scheduler) { _ in throw DemoError.timeout }
            }
            #expect(res.events == [.next(210, 1), .error(220, DemoError.timeout)])
            #expect(xs.subscriptions == [Subscription(200, 220)])
        }

        // MARK: Disposal

        @Test func disposingDuringADelayCancelsTheTimerAndSubscribesNothing() {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = scheduler.createColdObservable([.next(10, 1), .error(20, DemoError.boom)])
            let res = scheduler.start(disposed: 240) {
                xs.retry(3, backoff: .constant(.seconds(5_000)), scheduler: scheduler)
            }
            #expect(res.events == [.next(210, 1)])
            #expect(xs.subscriptions == [Subscription(200, 220)])
            // A timer left pending would have moved the clock to 5,220 before the run ended.
            #expect(scheduler.clock == 240)
        }

        @Test func disposingDuringAnAttemptDisposesItsSubscription() {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = scheduler.createColdObservable([.next(10, 1), .error(20, DemoError.boom)])
            let res = scheduler.start(disposed: 265) {
                xs.retry(3, backoff: .constant(.seconds(30)), scheduler: scheduler)
            }
            #expect(res.events == [.next(210, 1), .next(260, 1)])
            #expect(xs.subscriptions == [Subscription(200, 220), Subscription(250, 265)])
            #expect(scheduler.clock == 265)
        }

        @Test func theFailedSubscriptionIsDisposedBeforeTheDelayStarts() {
            let scheduler = TestScheduler(initialClock: 0)
            let source = FailingSource(scheduler: scheduler, failingAfter: 20)
            let res = scheduler.start { source.retry(2, backoff: .constant(.seconds(30)), scheduler: scheduler) }
            #expect(res.events == [.error(270, DemoError.boom)])
            #expect(source.log.value == ["subscribe 1 at 200", "dispose 1 at 220", "subscribe 2 at 250", "dispose 2 at 270"])
        }

        // MARK: On a real scheduler

        @Test func retriesOnARealQueue() {
            let attempts = LockedBox(0)
            let source = Observable<Int>.deferred {
                var number = 0
                attempts.mutate { $0 += 1; number = $0 }
                return number < 3 ? .error(DemoError.boom) : .just(number)
            }
            let log = EventLog<Int>()
            let backoff = RetryBackoff.exponential(initial: .milliseconds(1), maxDelay: .milliseconds(4))
            #expect(log.subscribeAndWaitForEnd(source.retry(5, backoff: backoff, scheduler: QueueScheduler())))
            #expect(log.events == ["3", "|"])
            #expect(attempts.value == 3)
        }

        // MARK: Traits

        @Test func singleRetriesWithBackoffUntilItSucceeds() {
            let scheduler = TestScheduler(initialClock: 0)
            let failing = scheduler.createColdObservable([.error(20, DemoError.boom)] as [Recorded<Event<Int>>])
            let succeeding = scheduler.createColdObservable([.next(10, 42), .completed(10)])
            var attempts = 0
            let single = Single<Int>.deferred {
                attempts += 1
                return attempts < 3 ? failing.asSingle() : succeeding.asSingle()
            }
            let res = scheduler.start {
                single.retry(3, backoff: .exponential(initial: .seconds(10), maxDelay: .seconds(100)), scheduler: scheduler)
                    .asObservable()
            }
            #expect(res.events == [.next(280, 42), .completed(280)])
            #expect(failing.subscriptions == [Subscription(200, 220), Subscription(230, 250)])
            #expect(succeeding.subscriptions == [Subscription(270, 280)])
        }

        @Test func singleDeliversTheLastErrorAndZeroAttemptsHaveNoOutcome() {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = scheduler.createColdObservable([.error(20, DemoError.boom)] as [Recorded<Event<Int>>])
            let res = scheduler.start {
                xs.asSingle().retry(2, backoff: .constant(.seconds(5)), scheduler: scheduler).asObservable()
            }
            #expect(res.events == [.error(245, DemoError.boom)])
            #expect(xs.subscriptions == [Subscription(200, 220), Subscription(225, 245)])
            // The observable completes without an element; a Single's subscriber sees that as a failure.
            let never = Single.just(1).retry(0, backoff: .constant(.seconds(5)), scheduler: scheduler)
            #expect(record(never.asObservable()) == ["|"])
            var failure: (any Error)?
            _ = never.subscribe(onSuccess: { _ in Issue.record("succeeded") }, onFailure: { failure = $0 })
            #expect(failure.map { "\($0)" } == "\(RxError.noElements)")
        }

        @Test func maybeAndCompletableRetryWithBackoff() {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = scheduler.createColdObservable([.error(20, DemoError.boom)] as [Recorded<Event<Int>>])
            var maybeAsked = 0
            let maybe = scheduler.start {
                xs.asMaybe().retry(3, backoff: .linear(initial: .seconds(5), increment: .seconds(5)), scheduler: scheduler) { _ in
                    maybeAsked += 1
                    return maybeAsked < 2
                }.asObservable()
            }
            // One retry after 5; the closure then refuses.
            #expect(maybe.events == [.error(245, DemoError.boom)])
            #expect(xs.subscriptions == [Subscription(200, 220), Subscription(225, 245)])

            let completions = TestScheduler(initialClock: 0)
            let ys = completions.createColdObservable([.error(20, DemoError.boom)] as [Recorded<Event<Never>>])
            let zs = completions.createColdObservable([.completed(15)] as [Recorded<Event<Never>>])
            var attempts = 0
            let completable = Completable.deferred {
                attempts += 1
                return attempts == 1 ? ys.asCompletable() : zs.asCompletable()
            }
            let res = completions.start {
                completable.retry(2, backoff: .constant(.seconds(7)), scheduler: completions).asObservable()
            }
            #expect(res.events == [.completed(242)])
            #expect(ys.subscriptions == [Subscription(200, 220)])
            #expect(zs.subscriptions == [Subscription(227, 242)])
        }

        // MARK: Isolation

        @MainActor
        @Test func aMainActorClosureCalledOnTheMainThreadRuns() {
            let scheduler = TestScheduler(initialClock: 0)
            var attempts = 0
            var asked = 0
            let source = Observable<Int>.deferred {
                attempts += 1
                return attempts < 2 ? .error(DemoError.boom) : .just(attempts)
            }
            let res = scheduler.start {
                source.retry(3, backoff: .constant(.seconds(10)), scheduler: scheduler) { _ in asked += 1; return true }
            }
            #expect(res.events == [.next(210, 2), .completed(210)])
            #expect(asked == 1)
        }
    }
}
