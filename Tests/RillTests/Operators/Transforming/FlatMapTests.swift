import Foundation
import Testing
import Rill
import RillTest

extension AllTests {
    /// `flatMap`: every inner sequence at once, merged.
    @Suite struct FlatMapTests {
        @Test func mergesTheInnerSequencesAsTheyEmit() {
            let scheduler = TestScheduler(initialClock: 0)
            let ys1 = scheduler.createColdObservable([.next(10, 1), .next(30, 3), .completed(40)])
            let ys2 = scheduler.createColdObservable([.next(10, 2), .next(30, 4), .completed(50)])
            let xs = scheduler.createHotObservable([.next(210, ys1), .next(220, ys2), .completed(230)])
            let res = scheduler.start { xs.flatMap { $0 } }
            #expect(res.events == [.next(220, 1), .next(230, 2), .next(240, 3), .next(250, 4), .completed(270)])
            // As in RxSwift, the outer subscription ends when the outer completes.
            #expect(xs.subscriptions == [Subscription(200, 230)])
            #expect(ys1.subscriptions == [Subscription(210, 250)])
            #expect(ys2.subscriptions == [Subscription(220, 270)])
        }

        @Test func completesOnlyWhenTheOuterAndEveryInnerCompleted() {
            let scheduler = TestScheduler(initialClock: 0)
            let inner = scheduler.createColdObservable([.next(10, 1), .completed(20)])
            let xs = scheduler.createHotObservable([.next(210, 0), .completed(300)])
            let res = scheduler.start { xs.flatMap { _ in inner } }
            // The inner completed at 230; the result waits for the outer at 300.
            #expect(res.events == [.next(220, 1), .completed(300)])
            #expect(inner.subscriptions == [Subscription(210, 230)])
        }

        @Test func anErrorFromTheOuterSequenceDisposesTheInners() {
            let scheduler = TestScheduler(initialClock: 0)
            let inner = scheduler.createColdObservable([.next(10, 1), .next(100, 2), .completed(200)])
            let xs = scheduler.createHotObservable([.next(210, 0), .error(250, DemoError.boom)])
            let res = scheduler.start { xs.flatMap { _ in inner } }
            #expect(res.events == [.next(220, 1), .error(250, DemoError.boom)])
            #expect(xs.subscriptions == [Subscription(200, 250)])
            #expect(inner.subscriptions == [Subscription(210, 250)])
        }

        @Test func anErrorFromAnInnerSequenceEndsTheResult() {
            let scheduler = TestScheduler(initialClock: 0)
            let failing = scheduler.createColdObservable([.next(10, 1), .error(20, DemoError.boom)])
            let other = scheduler.createColdObservable([.next(100, 9), .completed(200)])
            let xs = scheduler.createHotObservable([.next(210, failing), .next(215, other), .completed(300)])
            let res = scheduler.start { xs.flatMap { $0 } }
            #expect(res.events == [.next(220, 1), .error(230, DemoError.boom)])
            #expect(xs.subscriptions == [Subscription(200, 230)])
            #expect(other.subscriptions == [Subscription(215, 230)])
        }

        @Test func anErrorThrownByTheSelectorEndsTheResult() {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .next(230, 3), .completed(300)])
            let res = scheduler.start {
                xs.flatMap { value -> Observable<Int> in
                    if value == 2 { throw DemoError.boom }
                    return .just(value)
                }
            }
            #expect(res.events == [.next(210, 1), .error(220, DemoError.boom)])
            #expect(xs.subscriptions == [Subscription(200, 220)])
        }

        @Test func disposingMidStreamDisposesTheOuterAndEveryInner() {
            let scheduler = TestScheduler(initialClock: 0)
            let inner = scheduler.createColdObservable([.next(10, 1), .next(100, 2), .completed(200)])
            let xs = scheduler.createHotObservable([.next(210, 0), .next(220, 0), .completed(500)])
            let res = scheduler.start(disposed: 250) { xs.flatMap { _ in inner } }
            #expect(res.events == [.next(220, 1), .next(230, 1)])
            #expect(xs.subscriptions == [Subscription(200, 250)])
            #expect(inner.subscriptions == [Subscription(210, 250), Subscription(220, 250)])
        }

        @Test func synchronousInnersDeliverInOrder() {
            #expect(record(Observable.range(start: 0, count: 4).flatMap { Observable.just($0 * 2) })
                == ["0", "2", "4", "6", "|"])
            #expect(record(Observable.of(1, 2).flatMap { _ in Observable<Int>.empty() }) == ["|"])
            #expect(record(Observable<Int>.empty().flatMap { Observable.just($0) }) == ["|"])
        }

        @Test func aReentrantElementIsDeliveredAfterTheCurrentOneNotInsideIt() {
            let box = ObserverBox<Int>()
            let outer = Observable<Int>.create { observer in
                box.observer = observer
                return Disposables.create()
            }
            var received: [Int] = []
            var depth = 0
            var maxDepth = 0
            let subscription = outer.flatMap { Observable.just($0) }.subscribe(onNext: { value in
                depth += 1
                maxDepth = max(maxDepth, depth)
                received.append(value)
                // Re-entrant: the subscriber pushes another outer element while receiving.
                if value == 1 { box.observer?.onNext(2) }
                depth -= 1
            })
            box.observer?.onNext(1)
            #expect(received == [1, 2])
            #expect(maxDepth == 1)
            subscription.dispose()
            box.observer = nil
        }

        @Test func disposingWhileReceivingStopsEverythingAfter() {
            let box = ObserverBox<Int>()
            var cleanups = 0
            let outer = Observable<Int>.create { observer in
                box.observer = observer
                return Disposables.create { cleanups += 1 }
            }
            var received: [Int] = []
            var subscription: (any Disposable)?
            subscription = outer.flatMap { Observable.of($0, $0 * 10) }.subscribe(onNext: { value in
                received.append(value)
                if value == 1 { subscription?.dispose() }
            })
            box.observer?.onNext(1)
            box.observer?.onNext(2)
            #expect(received == [1])
            #expect(cleanups == 1)
            box.observer = nil
        }

        @Test func innersOnTwoThreadsDeliverEveryElementOneAtATime() {
            let perInner = 2_000
            let queues = [DispatchQueue(label: "flatMap.a"), DispatchQueue(label: "flatMap.b")]
            let finished = DispatchSemaphore(value: 0)
            let inFlight = LockedBox(0)
            let overlaps = LockedBox(0)
            let count = LockedBox(0)
            let subscription = Observable.from([0, 1]).flatMap { index in
                Observable<Int>.create { observer in
                    queues[index].async {
                        for value in 0..<perInner { observer.onNext(value) }
                        observer.onCompleted()
                    }
                    return Disposables.create()
                }
            }.subscribe(onNext: { _ in
                inFlight.mutate { value in
                    if value != 0 { overlaps.mutate { $0 += 1 } }
                    value += 1
                }
                count.mutate { $0 += 1 }
                inFlight.mutate { $0 -= 1 }
            }, onCompleted: { finished.signal() })
            #expect(finished.wait(timeout: .now() + 10) == .success)
            #expect(count.value == 2 * perInner)
            #expect(overlaps.value == 0)
            subscription.dispose()
        }

        /// Inners are subscribed on one thread while the result is disposed on
        /// another: each inner subscription is disposed once, whether its `run`
        /// returned before the disposal or after it (the inner sink's slot).
        @Test(arguments: [false, true])
        func disposalRacingSubscriptionsDisposesEveryInnerOnce(latest: Bool) {
            for _ in 0..<50 {
                let subscribed = LockedBox(0)
                let disposals = LockedBox([Int: Int]())
                let source = PublishSubject<Int>()
                let inner = { (id: Int) in
                    Observable<Int>.create { observer in
                        subscribed.mutate { $0 += 1 }
                        observer.onNext(id)
                        return Disposables.create { disposals.mutate { $0[id, default: 0] += 1 } }
                    }
                }
                let result = latest ? source.flatMapLatest(inner) : source.flatMap(inner)
                let subscription = result.subscribe()
                let started = DispatchSemaphore(value: 0)
                let done = DispatchSemaphore(value: 0)
                DispatchQueue.global().async {
                    started.signal()
                    for id in 0..<200 { source.onNext(id) }
                    done.signal()
                }
                started.wait()
                subscription.dispose()
                done.wait()
                // Every inner that was subscribed is disposed exactly once: by the
                // disposal, by its replacement (`latest`), or at once if it arrived late.
                #expect(disposals.value.count == subscribed.value)
                #expect(disposals.value.values.allSatisfy { $0 == 1 })
            }
        }
    }

    /// `flatMapFirst`: ignores outer elements while an inner sequence runs.
    @Suite struct FlatMapFirstTests {
        @Test func ignoresElementsWhileAnInnerSequenceRuns() {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .next(260, 3), .completed(300)])
            var mapped: [Int] = []
            let res = scheduler.start {
                xs.flatMapFirst { value -> TestableObservable<Int> in
                    mapped.append(value)
                    return scheduler.createColdObservable([.next(10, value), .next(20, value * 10), .completed(30)])
                }
            }
            #expect(res.events == [.next(220, 1), .next(230, 10), .next(270, 3), .next(280, 30), .completed(300)])
            #expect(mapped == [1, 3])   // the selector is not called for the ignored 2
            #expect(xs.subscriptions == [Subscription(200, 300)])
        }

        @Test func waitsForTheRunningInnerBeforeCompleting() {
            let scheduler = TestScheduler(initialClock: 0)
            let inner = scheduler.createColdObservable([.next(50, 7), .completed(100)])
            let xs = scheduler.createHotObservable([.next(210, 1), .completed(220)])
            let res = scheduler.start { xs.flatMapFirst { _ in inner } }
            #expect(res.events == [.next(260, 7), .completed(310)])
        }

        @Test func anInnerErrorEndsTheResult() {
            let scheduler = TestScheduler(initialClock: 0)
            let inner = scheduler.createColdObservable([.error(10, DemoError.boom, Int.self)])
            let xs = scheduler.createHotObservable([.next(210, 1), .completed(400)])
            let res = scheduler.start { xs.flatMapFirst { _ in inner } }
            #expect(res.events == [.error(220, DemoError.boom)])
            #expect(xs.subscriptions == [Subscription(200, 220)])
        }
    }

    /// `flatMapLatest`: only the latest inner sequence counts.
    @Suite struct FlatMapLatestTests {
        @Test func dropsTheResultsOfAStaleInnerSequence() {
            let scheduler = TestScheduler(initialClock: 0)
            let slow = scheduler.createColdObservable([.next(20, "a1"), .next(50, "a2"), .completed(60)])
            let fast = scheduler.createColdObservable([.next(20, "b1"), .completed(30)])
            let xs = scheduler.createHotObservable([.next(210, "a"), .next(240, "b"), .completed(300)])
            let res = scheduler.start { xs.flatMapLatest { $0 == "a" ? slow : fast } }
            // a2 (due at 260) is never delivered: b replaced a at 240.
            #expect(res.events == [.next(230, "a1"), .next(260, "b1"), .completed(300)])
            #expect(slow.subscriptions == [Subscription(210, 240)])
            #expect(fast.subscriptions == [Subscription(240, 270)])
        }

        @Test func completesWhenTheOuterAndTheLatestInnerCompleted() {
            let scheduler = TestScheduler(initialClock: 0)
            let inner = scheduler.createColdObservable([.next(100, 1), .completed(150)])
            let xs = scheduler.createHotObservable([.next(210, 0), .completed(250)])
            let res = scheduler.start { xs.flatMapLatest { _ in inner } }
            #expect(res.events == [.next(310, 1), .completed(360)])
        }

        @Test func anErrorFromTheLatestInnerEndsTheResult() {
            let scheduler = TestScheduler(initialClock: 0)
            let inner = scheduler.createColdObservable([.error(10, DemoError.timeout, Int.self)])
            let xs = scheduler.createHotObservable([.next(210, 0), .completed(400)])
            let res = scheduler.start { xs.flatMapLatest { _ in inner } }
            #expect(res.events == [.error(220, DemoError.timeout)])
            #expect(xs.subscriptions == [Subscription(200, 220)])
        }

        @Test func disposingMidStreamDisposesTheCurrentInner() {
            let scheduler = TestScheduler(initialClock: 0)
            let inner = scheduler.createColdObservable([.next(100, 1), .completed(150)])
            let xs = scheduler.createHotObservable([.next(210, 0), .completed(600)])
            let res = scheduler.start(disposed: 250) { xs.flatMapLatest { _ in inner } }
            #expect(res.events == [])
            #expect(inner.subscriptions == [Subscription(210, 250)])
            #expect(xs.subscriptions == [Subscription(200, 250)])
        }

        @Test func aSynchronousSwitchDropsNothingOfTheLatest() {
            #expect(record(Observable.of(1, 2, 3).flatMapLatest { Observable.just($0 * 10) })
                == ["10", "20", "30", "|"])
        }
    }

    /// `concatMap`: inner sequences one after another.
    @Suite struct ConcatMapTests {
        @Test func subscribesToEachInnerOnlyAfterThePreviousCompleted() {
            let scheduler = TestScheduler(initialClock: 0)
            let ys1 = scheduler.createColdObservable([.next(10, 1), .next(20, 2), .completed(30)])
            let ys2 = scheduler.createColdObservable([.next(10, 3), .completed(20)])
            let xs = scheduler.createHotObservable([.next(210, ys1), .next(215, ys2), .completed(220)])
            let res = scheduler.start { xs.concatMap { $0 } }
            #expect(res.events == [.next(220, 1), .next(230, 2), .next(250, 3), .completed(260)])
            #expect(ys1.subscriptions == [Subscription(210, 240)])
            #expect(ys2.subscriptions == [Subscription(240, 260)])
        }

        @Test func callsTheSelectorWhenTheElementArrives() {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = scheduler.createHotObservable([.next(210, 1), .next(215, 2), .completed(220)])
            var mappedAt: [Int] = []
            let res = scheduler.start {
                xs.concatMap { value -> TestableObservable<Int> in
                    mappedAt.append(scheduler.clock)
                    return scheduler.createColdObservable([.next(10, value), .completed(20)])
                }
            }
            #expect(mappedAt == [210, 215])
            #expect(res.events == [.next(220, 1), .next(240, 2), .completed(250)])
        }

        @Test func anInnerErrorDropsTheWaitingInners() {
            let scheduler = TestScheduler(initialClock: 0)
            let failing = scheduler.createColdObservable([.error(10, DemoError.boom, Int.self)])
            let waiting = scheduler.createColdObservable([.next(10, 1), .completed(20)])
            let xs = scheduler.createHotObservable([.next(210, failing), .next(212, waiting), .completed(300)])
            let res = scheduler.start { xs.concatMap { $0 } }
            #expect(res.events == [.error(220, DemoError.boom)])
            #expect(waiting.subscriptions == [])
        }

        @Test func manySynchronousInnersRunWithoutDeepRecursion() {
            var total = 0
            let count = 50_000
            _ = Observable.range(start: 0, count: count)
                .concatMap { Observable.just($0) }
                .subscribe(onNext: { total += $0 })
            #expect(total == count * (count - 1) / 2)
        }

        @Test func disposingMidStreamDisposesTheRunningInner() {
            let scheduler = TestScheduler(initialClock: 0)
            let inner = scheduler.createColdObservable([.next(10, 1), .next(100, 2), .completed(200)])
            let xs = scheduler.createHotObservable([.next(210, 0), .next(220, 0), .completed(600)])
            let res = scheduler.start(disposed: 250) { xs.concatMap { _ in inner } }
            #expect(res.events == [.next(220, 1)])
            #expect(inner.subscriptions == [Subscription(210, 250)])
        }
    }
}
