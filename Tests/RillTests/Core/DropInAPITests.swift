import Foundation
import Testing
import Rill
import RillTest

/// A disposable of the test's own, counted through `DisposeBase`.
private final class CountedDisposable: DisposeBase, Disposable, @unchecked Sendable {
    // Sendable: holds no state.
    func dispose() {}
}

extension AllTests {
    /// RxSwift names that Rill keeps for drop-in use: `Resources`, `DisposeBase`,
    /// `RxObservable`, `SubjectObserverType`, `skip(_:scheduler:)`, `Maybe.timer`,
    /// the relays' `asInfallible()`, `Infallible.combineLatest` tuples,
    /// `asObservable(priority:)`.
    @Suite struct DropInAPITests {
        @Test func incrementAndDecrementTotalMoveTheCountAndReturnIt() {
            let before = Resources.total
            #expect(Resources.incrementTotal() == before + 1)
            #expect(Resources.total == before + 1)
            #expect(Resources.decrementTotal() == before)
            #expect(Resources.total == before)
        }

        @Test func aDisposeBaseIsCountedWhileAlive() {
            let before = Resources.total
            var disposable: CountedDisposable? = CountedDisposable()
            #if DEBUG
            #expect(Resources.total == before + 1)
            #endif
            disposable?.dispose()
            disposable = nil
            #expect(Resources.total == before)
        }

        @Test func observeOnASerialQueueSchedulerIsCountedWhileTheObservableLives() {
            let serial = SerialDispatchQueueScheduler(qos: .default)
            #expect(Resources.numberOfSerialDispatchQueueObservables == 0)
            var observable: Observable<Int>? = Observable.just(0).observe(on: serial)
            #if DEBUG
            #expect(Resources.numberOfSerialDispatchQueueObservables == 1)
            #endif
            let concurrent: Observable<Int>? = Observable.just(0).observe(on: ConcurrentDispatchQueueScheduler(qos: .default))
            #if DEBUG
            #expect(Resources.numberOfSerialDispatchQueueObservables == 1, "a concurrent scheduler is not counted")
            #endif
            _ = (observable, concurrent)
            observable = nil
            #expect(Resources.numberOfSerialDispatchQueueObservables == 0)
        }

        @Test func maxTailRecursiveSinkStackSizeKeepsWhatIsSet() {
            let saved = maxTailRecursiveSinkStackSize
            defer { maxTailRecursiveSinkStackSize = saved }
            maxTailRecursiveSinkStackSize = 7
            #expect(maxTailRecursiveSinkStackSize == 7)
        }

        @Test func rxObservableAndSubjectObserverTypeNameRillsTypes() {
            let observable: RxObservable<Int> = .just(1)
            #expect(record(observable) == ["1", "|"])
            #expect(PublishSubject<Int>.SubjectObserverType.self == PublishSubject<Int>.self)
            #expect(BehaviorSubject<Int>.SubjectObserverType.self == BehaviorSubject<Int>.self)
            #expect(ReplaySubject<Int>.SubjectObserverType.self == ReplaySubject<Int>.self)
            #expect(AsyncSubject<Int>.SubjectObserverType.self == AsyncSubject<Int>.self)
            #expect(SerializedSubject<Int>.SubjectObserverType.self == SerializedSubject<Int>.self)
        }

        @Test func skipWithADurationDropsWhatArrivesBeforeIt() {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = scheduler.createHotObservable([.next(210, 1), .next(216, 2), .next(230, 3), .completed(240)])
            let res = scheduler.start { xs.skip(.seconds(15), scheduler: scheduler) }
            #expect(res.events == [.next(216, 2), .next(230, 3), .completed(240)])
            #expect(xs.subscriptions == [Subscription(200, 240)])
        }

        @Test func skipWithADurationPassesAnEarlyError() {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = scheduler.createHotObservable([.next(210, 1), .error(220, DemoError.boom)])
            let res = scheduler.start { xs.skip(.seconds(50), scheduler: scheduler) }
            #expect(res.events == [.error(220, DemoError.boom)])
        }

        @Test func maybeTimerSucceedsWithZeroAfterTheDueTime() {
            let scheduler = TestScheduler(initialClock: 0)
            let res = scheduler.start { Maybe<Int>.timer(.seconds(3), scheduler: scheduler).asObservable() }
            #expect(res.events == [.next(203, 0), .completed(203)])
        }

        @Test func maybeTimerDisposedEarlyEmitsNothing() {
            let scheduler = TestScheduler(initialClock: 0)
            let res = scheduler.start(disposed: 202) { Maybe<Int>.timer(.seconds(3), scheduler: scheduler).asObservable() }
            #expect(res.events.isEmpty)
        }

        @Test func relaysConvertToInfallibleWithoutAFallback() {
            let publish = PublishRelay<Int>()
            let behavior = BehaviorRelay(value: 1)
            let replay = ReplayRelay<Int>.create(bufferSize: 1)
            replay.accept(5)
            var received: [String] = []
            let subscriptions = [
                publish.asInfallible().subscribe(onNext: { received.append("p\($0)") }),
                behavior.asInfallible().subscribe(onNext: { received.append("b\($0)") }),
                replay.asInfallible().subscribe(onNext: { received.append("r\($0)") }),
            ]
            publish.accept(2)
            behavior.accept(3)
            replay.accept(6)
            #expect(received == ["b1", "r5", "p2", "b3", "r6"])
            subscriptions.forEach { $0.dispose() }
        }

        @Test func infallibleCombineLatestWithoutASelectorEmitsTuples() {
            let scheduler = TestScheduler(initialClock: 0)
            let a = scheduler.createHotObservable([.next(210, 1), .next(230, 2), .completed(250)])
                .asInfallible(onErrorJustReturn: -1)
            let b = scheduler.createHotObservable([.next(220, "x"), .next(240, "y"), .completed(260)])
                .asInfallible(onErrorJustReturn: "")
            let res = scheduler.start { Infallible.combineLatest(a, b).map { "\($0)\($1)" }.asObservable() }
            #expect(res.events == [.next(220, "1x"), .next(230, "2x"), .next(240, "2y"), .completed(260)])
        }

        @Test func infallibleCombineLatestOfEightSourcesEmitsOnceAllHaveEmitted() {
            let sources = (1...8).map { Infallible.just($0) }
            var sums: [Int] = []
            let subscription = Infallible.combineLatest(
                sources[0], sources[1], sources[2], sources[3], sources[4], sources[5], sources[6], sources[7]
            ).subscribe(onNext: { sums.append($0 + $1 + $2 + $3 + $4 + $5 + $6 + $7) })
            #expect(sums == [36])
            subscription.dispose()
        }

        @Test func asyncSequenceWithAPriorityEmitsItsElements() async {
            let stream = AsyncStream<Int> { continuation in
                continuation.yield(1)
                continuation.yield(2)
                continuation.finish()
            }
            let elements = try? await stream.asObservable(priority: .userInitiated).toArray().value
            #expect(elements == [1, 2])
        }

        @Test func aCancellationErrorFromTheIterationCompletes() async {
            let stream = AsyncThrowingStream<Int, any Error> { continuation in
                continuation.yield(1)
                continuation.finish(throwing: CancellationError())
            }
            let elements = try? await stream.asObservable().toArray().value
            #expect(elements == [1])
        }
    }
}
