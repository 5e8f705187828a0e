import Foundation
import Testing
@testable import Rill
import RillTest

/// An infallible over a subject, for tests that send events by hand.
private func infallible(_ subject: PublishSubject<Int>) -> Infallible<Int> {
    subject.asInfallible(onErrorJustReturn: -1)
}

/// Operators between a driven source and its subscriber, by name.
private nonisolated(unsafe) let midStreamOperators: [String: (Infallible<Int>) -> Infallible<Int>] = [
    "map": { $0.map { $0 } }, "compactMap": { $0.compactMap { $0 } }, "filter": { $0.filter { _ in true } },
    "scan": { $0.scan(0, accumulator: +) }, "distinctUntilChanged": { $0.distinctUntilChanged() },
    "take": { $0.take(5) }, "skip": { $0.skip(0) }, "startWith": { $0.startWith(0) },
    "flatMap": { $0.flatMap { Infallible.just($0) } }, "flatMapLatest": { $0.flatMapLatest { Infallible.just($0) } },
    "flatMapFirst": { $0.flatMapFirst { Infallible.just($0) } },
    "concatMap": { $0.concatMap { Infallible.just($0) } }, "share": { $0.share() },
    "merge": { Infallible.merge($0, .never()) }, "concat": { $0.concat(Infallible.never()) },
    "zip": { Infallible.zip($0, $0) { $0 + $1 } }, "combineLatest": { Infallible.combineLatest($0, $0) { $0 + $1 } },
    "withLatestFrom": { $0.withLatestFrom(Infallible.just(1)) }, "do": { $0.do(onNext: { _ in }) },
]

extension AllTests {
    @Suite struct InfallibleTransformingTests {
        @Test func mapTransformsEachElement() {
            #expect(record(Infallible.of(1, 2, 3).map { $0 * 10 }) == ["10", "20", "30", "|"])
        }

        @MainActor
        @Test func mapAndFilterWrittenOnTheMainActorRunWhenDeliveredThere() {
            var seen: [Int] = []                                 // main-actor state
            let result = record(Infallible.of(1, 2, 3, 4).filter { seen.append($0); return $0 % 2 == 0 }.map { $0 + seen.count })
            #expect(result == ["4", "8", "|"])
        }

        @Test func compactMapDropsTheNils() {
            #expect(record(Infallible.of("1", "x", "3").compactMap { Int($0) }) == ["1", "3", "|"])
        }

        @Test func filterKeepsTheMatchingElements() {
            #expect(record(Infallible.of(1, 2, 3, 4).filter { $0 % 2 == 0 }) == ["2", "4", "|"])
        }

        @Test func scanEmitsEachAccumulatedValue() {
            #expect(record(Infallible.of(1, 2, 3).scan(0) { $0 + $1 }) == ["1", "3", "6", "|"])
            #expect(record(Infallible.of(1, 2, 3).scan(into: [Int]()) { $0.append($1) }) == ["[1]", "[1, 2]", "[1, 2, 3]", "|"])
        }

        @Test func startWithEmitsTheElementFirst() {
            #expect(record(Infallible.of(1, 2).startWith(0)) == ["0", "1", "2", "|"])
        }

        @Test func withUnretainedCompletesOnceTheObjectIsGone() {
            let subject = PublishSubject<Int>()
            var owner: NSObject? = NSObject()
            let keeper = NSObject()
            var events: [String] = []
            let subscription = infallible(subject).withUnretained(owner!).map { $1 }
                .subscribe(onNext: { events.append("\($0)") }, onCompleted: { events.append("|") })
            subject.onNext(1)
            owner = nil
            subject.onNext(2)
            #expect(events == ["1", "|"])
            subscription.dispose()
            #expect(record(Infallible.just(1).withUnretained(keeper) { _, value in value + 1 }) == ["2", "|"])
        }
    }

    @Suite struct InfallibleFlatteningTests {
        @Test func flatMapMergesTheInnerSequences() {
            let outer = PublishSubject<Int>()
            let inners = [PublishSubject<String>(), PublishSubject<String>()]
            var events: [String] = []
            let subscription = infallible(outer)
                .flatMap { inners[$0].asInfallible(onErrorJustReturn: "?") }
                .subscribe(onNext: { events.append($0) }, onCompleted: { events.append("|") })
            outer.onNext(0)
            inners[0].onNext("a")
            outer.onNext(1)
            inners[1].onNext("b")
            inners[0].onNext("c")
            outer.onCompleted()
            inners[0].onCompleted()
            #expect(events == ["a", "b", "c"])
            inners[1].onCompleted()
            #expect(events == ["a", "b", "c", "|"])
            subscription.dispose()
        }

        @Test func flatMapLatestFollowsOnlyTheNewestInner() {
            let outer = PublishSubject<Int>()
            let inners = [PublishSubject<String>(), PublishSubject<String>()]
            var events: [String] = []
            let subscription = infallible(outer)
                .flatMapLatest { inners[$0].asInfallible(onErrorJustReturn: "?") }
                .subscribe(onNext: { events.append($0) })
            outer.onNext(0)
            inners[0].onNext("a")
            outer.onNext(1)
            inners[0].onNext("dropped")
            inners[1].onNext("b")
            #expect(events == ["a", "b"])
            #expect(!inners[0].hasObservers)
            subscription.dispose()
        }

        @Test func flatMapFirstIgnoresElementsWhileAnInnerRuns() {
            let outer = PublishSubject<Int>()
            let inners = [PublishSubject<String>(), PublishSubject<String>()]
            var events: [String] = []
            let subscription = infallible(outer)
                .flatMapFirst { inners[$0].asInfallible(onErrorJustReturn: "?") }
                .subscribe(onNext: { events.append($0) })
            outer.onNext(0)
            outer.onNext(1)                                      // ignored: inner 0 runs
            inners[0].onNext("a")
            inners[1].onNext("never")
            inners[0].onCompleted()
            outer.onNext(1)
            inners[1].onNext("b")
            #expect(events == ["a", "b"])
            subscription.dispose()
        }

        @Test func concatMapRunsTheInnersOneAfterAnother() {
            let result = Infallible.of(1, 2).concatMap { Infallible.of($0, $0 * 10) }
            #expect(record(result) == ["1", "10", "2", "20", "|"])
        }

        @Test func aFailingInnerObservableEndsTheSubscription() {
            let result = Infallible.of(1, 2).flatMap { _ in Observable<Int>.error(DemoError.boom) }
            #expect(record(result) == ["x(boom)"])
        }
    }

    @Suite struct InfallibleFilteringTests {
        private struct Reading: Equatable {
            var sensor: String
            var value: Int
        }

        @Test func distinctUntilChangedDropsRepeats() {
            #expect(record(Infallible.of(1, 1, 2, 2, 1).distinctUntilChanged()) == ["1", "2", "1", "|"])
        }

        @Test func distinctUntilChangedByKeyComparerAndKeyPath() {
            let words = Infallible.of("a", "A", "b", "bb", "BB")
            #expect(record(words.distinctUntilChanged { $0.lowercased() }) == ["a", "b", "bb", "|"])
            #expect(record(words.distinctUntilChanged { $0.count == $1.count }) == ["a", "bb", "|"])
            #expect(record(words.distinctUntilChanged({ $0.count }, comparer: { $0 == $1 })) == ["a", "bb", "|"])
            let readings = Infallible.of(Reading(sensor: "a", value: 1), Reading(sensor: "a", value: 2), Reading(sensor: "b", value: 2))
            #expect(record(readings.distinctUntilChanged(at: \.sensor).map(\.value)) == ["1", "2", "|"])
        }

        @Test func takeCountWhileAndUntilAPredicate() {
            let numbers = Infallible.of(1, 2, 3, 1)
            #expect(record(numbers.take(2)) == ["1", "2", "|"])
            #expect(record(numbers.take(while: { $0 < 3 })) == ["1", "2", "|"])
            #expect(record(numbers.take(while: { $0 < 3 }, behavior: .inclusive)) == ["1", "2", "3", "|"])
            #expect(record(numbers.take(until: { $0 == 2 })) == ["1", "|"])
            #expect(record(numbers.take(until: { $0 == 2 }, behavior: .inclusive)) == ["1", "2", "|"])
        }

        @Test func takeUntilAnInfallibleOrAnObservableTrigger() {
            for useInfallibleTrigger in [true, false] {
                let source = PublishSubject<Int>()
                let trigger = PublishSubject<Void>()
                var events: [String] = []
                let result = useInfallibleTrigger
                    ? infallible(source).take(until: trigger.asInfallible(onErrorJustReturn: ()))
                    : infallible(source).take(until: trigger)
                let subscription = result.subscribe(onNext: { events.append("\($0)") }, onCompleted: { events.append("|") })
                source.onNext(1)
                trigger.onNext(())
                source.onNext(2)
                #expect(events == ["1", "|"])
                #expect(!source.hasObservers)
                subscription.dispose()
            }
        }

        @Test func skipCountWhileAndUntil() {
            let numbers = Infallible.of(1, 2, 3, 1)
            #expect(record(numbers.skip(2)) == ["3", "1", "|"])
            #expect(record(numbers.skip(while: { $0 < 3 })) == ["3", "1", "|"])
            for useInfallibleTrigger in [true, false] {
                let source = PublishSubject<Int>()
                let trigger = PublishSubject<Void>()
                var events: [Int] = []
                let result = useInfallibleTrigger
                    ? infallible(source).skip(until: trigger.asInfallible(onErrorJustReturn: ()))
                    : infallible(source).skip(until: trigger)
                let subscription = result.subscribe(onNext: { events.append($0) })
                source.onNext(1)
                trigger.onNext(())
                source.onNext(2)
                #expect(events == [2])
                subscription.dispose()
            }
        }
    }

    @Suite struct InfallibleTimeTests {
        @Test func debounceThrottleDelayAndTakeForRunOnTheScheduler() {
            let cases: [(String, (Infallible<Int>, TestScheduler) -> Infallible<Int>, [Recorded<Event<Int>>])] = [
                ("debounce", { $0.debounce(.seconds(50), scheduler: $1) }, [.next(310, 3), .completed(400)]),
                ("throttle", { $0.throttle(.seconds(50), scheduler: $1) }, [.next(210, 1), .next(260, 3), .completed(400)]),
                ("delay", { $0.delay(.seconds(5), scheduler: $1) }, [.next(215, 1), .next(235, 2), .next(265, 3), .completed(405)]),
                ("take(for:)", { $0.take(for: .seconds(40), scheduler: $1) }, [.next(210, 1), .next(230, 2), .completed(240)]),
            ]
            for (name, operation, expected) in cases {
                let scheduler = TestScheduler(initialClock: 0)
                let xs = scheduler.createHotObservable([.next(210, 1), .next(230, 2), .next(260, 3), .completed(400)])
                let observer = scheduler.start { operation(xs.asInfallible(onErrorJustReturn: -1), scheduler) }
                #expect(observer.events == expected, "\(name)")
            }
        }
    }

    @Suite struct InfallibleCombiningTests {
        @Test func concatEmitsEachSequenceInTurn() {
            let first = Infallible.of(1, 2)
            let second = Infallible.of(3)
            let expected = ["1", "2", "3", "|"]
            #expect(record(first.concat(second)) == expected)
            #expect(record(first.concat(Observable.just(3))) == expected)
            #expect(record(Infallible.concat(first, second)) == expected)
            #expect(record(Infallible.concat([first, second])) == expected)
            #expect(record(Infallible.concat(AnySequence([first, second]))) == expected)
            #expect(record(Infallible.of(first, second).concat()) == expected)
        }

        @Test func mergeInterleavesTheSourcesInEveryForm() {
            let forms: [([Infallible<Int>]) -> Infallible<Int>] = [
                { Infallible.merge($0[0], $0[1]) },
                { Infallible.merge($0) },
                { Infallible.merge($0[...]) },                     // the Collection overload
                { Infallible.from($0).merge() },
            ]
            for merge in forms {
                let subjects = [PublishSubject<Int>(), PublishSubject<Int>()]
                var events: [String] = []
                let subscription = merge(subjects.map(infallible))
                    .subscribe(onNext: { events.append("\($0)") }, onCompleted: { events.append("|") })
                subjects[0].onNext(1)
                subjects[1].onNext(2)
                subjects[0].onNext(3)
                subjects[0].onCompleted()
                subjects[1].onCompleted()
                #expect(events == ["1", "2", "3", "|"])
                subscription.dispose()
            }
        }

        @Test func zipCombinesElementByElementForEveryArity() {
            let a = Infallible.of(1, 2)
            let b = Infallible.of(10, 20, 30)
            #expect(record(Infallible.zip(a, b) { $0 + $1 }) == ["11", "22", "|"])
            #expect(record(Infallible.zip(a, a, a) { $0 + $1 + $2 }) == ["3", "6", "|"])
            #expect(record(Infallible.zip(a, a, a, a) { $0 + $1 + $2 + $3 }) == ["4", "8", "|"])
            #expect(record(Infallible.zip(a, a, a, a, a) { $0 + $1 + $2 + $3 + $4 }) == ["5", "10", "|"])
            #expect(record(Infallible.zip(a, a, a, a, a, a) { [$0, $1, $2, $3, $4, $5].reduce(0, +) }) == ["6", "12", "|"])
            #expect(record(Infallible.zip(a, a, a, a, a, a, a) { [$0, $1, $2, $3, $4, $5, $6].reduce(0, +) }) == ["7", "14", "|"])
            #expect(record(Infallible.zip(a, a, a, a, a, a, a, a) { [$0, $1, $2, $3, $4, $5, $6, $7].reduce(0, +) }) == ["8", "16", "|"])
            #expect(record(Infallible.zip([a, b]) { $0.reduce(0, +) }) == ["11", "22", "|"])
            #expect(record(Infallible.zip([a, b])) == ["[1, 10]", "[2, 20]", "|"])
        }

        @Test func zipCompletesOnlyWhenEverySourceHasCompletedAsObservableZipDoes() {
            // The short source completes with its elements used up; the result waits
            // for the long one, which stays subscribed, as its documentation says.
            let scheduler = TestScheduler(initialClock: 0)
            let short = scheduler.createHotObservable([.next(210, 1), .completed(220)])
            let long = scheduler.createHotObservable([.next(215, 10), .next(230, 20), .completed(250)])
            let res = scheduler.start {
                Infallible.zip(short.asInfallible(onErrorJustReturn: 0), long.asInfallible(onErrorJustReturn: 0)) { $0 + $1 }
                    .asObservable()
            }
            #expect(res.events == [.next(215, 11), .completed(250)])
            #expect(long.subscriptions == [Subscription(200, 250)])
        }

        @Test func combineLatestCompletesWhenASourceEmitsAfterAnEmptyOneCompleted() {
            // The second source completes without an element: the first one's next
            // element ends the result, as its documentation says.
            let scheduler = TestScheduler(initialClock: 0)
            let xs = scheduler.createHotObservable([.next(210, 1), .next(260, 2)])
            let ys = scheduler.createHotObservable([.completed(220, Int.self)])
            let res = scheduler.start {
                Infallible.combineLatest(xs.asInfallible(onErrorJustReturn: 0), ys.asInfallible(onErrorJustReturn: 0)) { $0 + $1 }
                    .asObservable()
            }
            #expect(res.events == [.completed(260)])
            #expect(xs.subscriptions == [Subscription(200, 260)])
        }

        @Test func combineLatestCombinesTheLatestElementsForEveryArity() {
            let one = Infallible.just(1)
            #expect(record(Infallible.combineLatest(one, Infallible.of(10, 20)) { $0 + $1 }) == ["11", "21", "|"])
            #expect(record(Infallible.combineLatest(one, one, one) { $0 + $1 + $2 }) == ["3", "|"])
            #expect(record(Infallible.combineLatest(one, one, one, one) { $0 + $1 + $2 + $3 }) == ["4", "|"])
            #expect(record(Infallible.combineLatest(one, one, one, one, one) { $0 + $1 + $2 + $3 + $4 }) == ["5", "|"])
            #expect(record(Infallible.combineLatest(one, one, one, one, one, one) { [$0, $1, $2, $3, $4, $5].reduce(0, +) }) == ["6", "|"])
            #expect(record(Infallible.combineLatest(one, one, one, one, one, one, one) { [$0, $1, $2, $3, $4, $5, $6].reduce(0, +) }) == ["7", "|"])
            #expect(record(Infallible.combineLatest(one, one, one, one, one, one, one, one) { [$0, $1, $2, $3, $4, $5, $6, $7].reduce(0, +) }) == ["8", "|"])
            #expect(record(Infallible.combineLatest([one, Infallible.of(10, 20)]) { $0.reduce(0, +) }) == ["11", "21", "|"])
            #expect(record(Infallible.combineLatest([one, Infallible.of(10, 20)])) == ["[1, 10]", "[1, 20]", "|"])
        }

        @Test func combineLatestWaitsForEverySourceThenFollowsEach() {
            let left = PublishSubject<Int>()
            let right = PublishSubject<Int>()
            var events: [String] = []
            let subscription = Infallible.combineLatest(infallible(left), infallible(right)) { "\($0)\($1)" }
                .subscribe(onNext: { events.append($0) }, onCompleted: { events.append("|") })
            left.onNext(1)
            right.onNext(2)
            left.onNext(3)
            left.onCompleted()
            #expect(events == ["12", "32"])
            right.onCompleted()
            #expect(events == ["12", "32", "|"])
            subscription.dispose()
        }

        @Test func withLatestFromPairsEachElementWithTheOthersLatest() {
            let source = PublishSubject<Int>()
            let other = PublishSubject<Int>()
            var combined: [String] = []
            var latest: [Int] = []
            let first = infallible(source).withLatestFrom(infallible(other)) { "\($0)\($1)" }
                .subscribe(onNext: { combined.append($0) })
            let second = infallible(source).withLatestFrom(infallible(other))
                .subscribe(onNext: { latest.append($0) })
            source.onNext(1)                                     // dropped: nothing latest yet
            other.onNext(7)
            source.onNext(2)
            #expect(combined == ["27"])
            #expect(latest == [7])
            first.dispose()
            second.dispose()
        }
    }

    @Suite struct InfallibleUtilityTests {
        @Test func shareRunsOneSubscriptionAndReplays() {
            let subscriptions = LockedBox(0)
            let subject = PublishSubject<Int>()
            let shared = Infallible<Int>.create { observer in
                subscriptions.mutate { $0 += 1 }
                return subject.subscribe(onNext: { observer(.next($0)) })
            }.share(replay: 1)
            var firstEvents: [Int] = []
            var secondEvents: [Int] = []
            let first = shared.subscribe(onNext: { firstEvents.append($0) })
            subject.onNext(1)
            let second = shared.subscribe(onNext: { secondEvents.append($0) })
            subject.onNext(2)
            #expect(subscriptions.value == 1)
            #expect(firstEvents == [1, 2])
            #expect(secondEvents == [1, 2])
            first.dispose()
            second.dispose()
            #expect(!subject.hasObservers)
        }

        @Test func observeOnDeliversOnTheScheduler() {
            let queue = DispatchQueue(label: "rill.test.infallible.observe")
            QueueTag.tag(queue, "observer")
            let deliveredOn = Collector<String>()
            let done = DispatchSemaphore(value: 0)
            let subscription = Infallible.of(1, 2)
                .observe(on: SerialDispatchQueueScheduler(queue: queue, internalSerialQueueName: "rill.test.observe"))
                .subscribe(onNext: { _ in deliveredOn.append(QueueTag.current ?? "untagged") }, onCompleted: { done.signal() })
            #expect(waitFor(done))
            #expect(deliveredOn.values == ["observer", "observer"])
            subscription.dispose()
        }

        @Test func subscribeOnSubscribesOnTheScheduler() {
            let queue = DispatchQueue(label: "rill.test.infallible.subscribe")
            QueueTag.tag(queue, "subscriber")
            let subscribedOn = Collector<String>()
            let done = DispatchSemaphore(value: 0)
            let source = Infallible<Int>.create { observer in
                subscribedOn.append(QueueTag.current ?? "untagged")
                observer(.completed)
                return Disposables.create()
            }
            let subscription = source
                .subscribe(on: SerialDispatchQueueScheduler(queue: queue, internalSerialQueueName: "rill.test.subscribe"))
                .subscribe(onCompleted: { done.signal() })
            #expect(waitFor(done))
            #expect(subscribedOn.values == ["subscriber"])
            subscription.dispose()
        }

        @Test func doRunsItsClosuresInOrder() {
            var steps: [String] = []
            let source = Infallible.of(1).do(
                onNext: { steps.append("onNext \($0)") },
                afterNext: { steps.append("afterNext \($0)") },
                onCompleted: { steps.append("onCompleted") },
                afterCompleted: { steps.append("afterCompleted") },
                onSubscribe: { steps.append("onSubscribe") },
                onSubscribed: { steps.append("onSubscribed") },
                onDispose: { steps.append("onDispose") }
            )
            _ = source.subscribe(onNext: { steps.append("received \($0)") }, onCompleted: { steps.append("completed") })
            #expect(steps == [
                "onSubscribe", "onSubscribed", "onNext 1", "received 1", "afterNext 1",
                "onCompleted", "completed", "afterCompleted", "onDispose",
            ])
        }

        @Test func debugPrintsTheEventsWithTheIdentifier() {
            let lines = Collector<String>()
            let previous = DebugOutput.shared.replaceWriter { lines.append($0) }
            defer { DebugOutput.shared.replaceWriter(previous) }
            #expect(record(Infallible.of(1).debug("numbers")) == ["1", "|"])
            let written = lines.values
            #expect(written.count == 4)
            #expect(written.allSatisfy { $0.contains("numbers ->") })
            #expect(written.last?.hasSuffix("isDisposed") == true)
        }

        /// Disposing mid-stream disposes the source, whatever operator is between.
        @Test(arguments: midStreamOperators.keys.sorted())
        func disposingMidStreamDisposesTheSource(_ name: String) throws {
            let operation = try #require(midStreamOperators[name])
            let source = PublishSubject<Int>()
            var received: [Int] = []
            let subscription = operation(infallible(source)).subscribe(onNext: { received.append($0) })
            source.onNext(1)
            #expect(source.hasObservers)
            subscription.dispose()
            source.onNext(100)
            #expect(!source.hasObservers)
            #expect(received.allSatisfy { $0 < 100 })
        }
    }
}
