import Testing
import Rill

extension AllTests {
    /// Which subscriptions start inside the current thread's trampoline, as in RxSwift 6.10,
    /// where only its `Producer`s enter it: subjects, relays, `just`, `empty`, `error`,
    /// `from(optional:)`, `share`, connectable and grouped observables are subscribed
    /// directly. The difference is visible when a subscriber subscribes to a
    /// synchronous `of` from inside an element delivered while it subscribes: outside
    /// the trampoline the inner `of` runs at once, inside it waits for its turn.
    @Suite struct SubscriptionStyleTests {
        /// A subscriber that, for each element, first subscribes to `of(10, 20)` and
        /// then logs the element; `10` and `20` land where the inner `of` ran.
        final class NestingLog {
            var entries: [String] = []

            func onNext(_ value: some CustomStringConvertible) {
                _ = Observable.of(10, 20).subscribe(onNext: { self.entries.append("\($0)") })
                entries.append(value.description)
            }
        }

        @Test func justDeliversOutsideTheTrampolineSoANestedSourceRunsAtOnce() {
            let log = NestingLog()
            _ = Observable.just(1).subscribe(
                onNext: log.onNext, onCompleted: { log.entries.append("|") }, onDisposed: { log.entries.append("d") }
            )
            #expect(log.entries == ["10", "20", "1", "|", "d"])
        }

        @Test func emptyAndErrorEndOutsideTheTrampoline() {
            let log = NestingLog()
            _ = Observable<Int>.empty().subscribe(onCompleted: { log.onNext("|") })
            _ = Observable<Int>.error(DemoError.boom).subscribe(onError: { _ in log.onNext("x") })
            #expect(log.entries == ["10", "20", "|", "10", "20", "x"])
        }

        @Test func fromOptionalDeliversOutsideTheTrampoline() {
            let log = NestingLog()
            _ = Observable.from(optional: 4).subscribe(onNext: log.onNext, onCompleted: { log.entries.append("|") })
            #expect(log.entries == ["10", "20", "4", "|"])
        }

        @Test func behaviorSubjectAndRelayReplayOutsideTheTrampoline() {
            let log = NestingLog()
            let subject = BehaviorSubject(value: 1)
            let relay = BehaviorRelay(value: 2)
            let subscriptions = [
                subject.subscribe(onNext: log.onNext),
                relay.subscribe(onNext: log.onNext),
                relay.asObservable().subscribe(AnyObserver<Int> { event in
                    if case .next(let value) = event { log.onNext(value) }
                }),
            ]
            #expect(log.entries == ["10", "20", "1", "10", "20", "2", "10", "20", "2"])
            subscriptions.forEach { $0.dispose() }
        }

        @Test func anOperatorAfterASubjectSubscribesInsideTheTrampoline() {
            let log = NestingLog()
            let subject = BehaviorSubject(value: 1)
            let subscription = subject.map { $0 }.subscribe(onNext: log.onNext)
            #expect(log.entries == ["1", "10", "20"])
            subscription.dispose()
        }

        @Test func shareOverAReplaySubjectReplaysOutsideTheTrampoline() {
            let log = NestingLog()
            let subject = ReplaySubject<Int>.create(bufferSize: 2)
            subject.onNext(1)
            subject.onNext(2)
            let subscription = subject.share(replay: 1).subscribe(onNext: log.onNext)
            #expect(log.entries == ["10", "20", "1", "10", "20", "2"])
            subscription.dispose()
        }

        @Test func sharedAndPublishedSynchronousSourcesRunInsideTheTrampoline() {
            // The source is a producer: it runs inside the trampoline, so each
            // element's nested `of` waits behind the source's next element.
            let expected = ["1", "10", "2", "20", "10", "20"]
            let shared = NestingLog()
            _ = Observable.of(1, 2).share().subscribe(onNext: shared.onNext)
            #expect(shared.entries == expected)
            let published = NestingLog()
            let connectable = Observable.of(1, 2).publish()
            let subscription = connectable.subscribe(onNext: published.onNext)
            _ = connectable.connect()
            #expect(published.entries == expected)
            subscription.dispose()
        }

        @Test func anInnerJustOfFlatMapOverASubjectDeliversOutsideTheTrampoline() {
            let log = NestingLog()
            let subject = PublishSubject<Int>()
            let subscription = subject.flatMap { Observable.just($0) }.subscribe(onNext: log.onNext)
            subject.onNext(7)
            #expect(log.entries == ["10", "20", "7"])
            subscription.dispose()
        }

        @Test func singleJustDeliversOutsideTheTrampoline() {
            let log = NestingLog()
            _ = Single.just(3).subscribe(onSuccess: log.onNext)
            #expect(log.entries == ["10", "20", "3"])
        }

        @Test func aNestedJustSubscriptionEndsBeforeTheOuterGoesOn() {
            var log: [String] = []
            _ = Observable.just(1).subscribe(
                onNext: { value in
                    _ = Observable.just(2).subscribe(
                        onNext: { log.append("\($0)") }, onDisposed: { log.append("inner disposed") }
                    )
                    log.append("\(value)")
                },
                onCompleted: { log.append("|") },
                onDisposed: { log.append("outer disposed") }
            )
            #expect(log == ["2", "inner disposed", "1", "|", "outer disposed"])
        }

        @Test func catchSubscribesItsReplacementInTheReplacementsOwnStyle() {
            let log = NestingLog()
            let failing = PublishSubject<Int>()
            let replacement = BehaviorSubject(value: 8)
            let subscriptions = [
                failing.catchAndReturn(5).subscribe(onNext: log.onNext),
                failing.catch { _ in replacement.asObservable() }.subscribe(onNext: log.onNext),
            ]
            failing.onError(DemoError.boom)
            #expect(log.entries == ["10", "20", "5", "10", "20", "8"])
            subscriptions.forEach { $0.dispose() }
        }

        @Test func catchSequenceSubscribesTheNextSourceInItsOwnStyle() {
            let log = NestingLog()
            let failing = PublishSubject<Int>()
            let next = BehaviorSubject(value: 9)
            let subscription = Observable.catch(sequence: [failing.asObservable(), next.asObservable()])
                .subscribe(onNext: log.onNext)
            failing.onError(DemoError.boom)
            #expect(log.entries == ["10", "20", "9"])
            subscription.dispose()
        }

        @Test func retryResubscribesAProducerInsideTheTrampoline() {
            let log = NestingLog()
            var attempts = 0
            let flaky = Observable<Int>.deferred {
                attempts += 1
                return attempts < 2 ? .error(DemoError.boom) : .just(attempts)
            }
            let trigger = PublishSubject<Int>()
            let subscription = trigger.flatMap { _ in flaky.retry(3) }.subscribe(onNext: log.onNext)
            trigger.onNext(0)
            #expect(log.entries == ["2", "10", "20"])
            subscription.dispose()
        }
    }
}
