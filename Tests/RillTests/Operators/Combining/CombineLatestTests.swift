import Foundation
import Testing
import Rill
import RillTest

extension AllTests {
    @Suite struct CombineLatestTests {
        @Test func combinesLatestElementsOnceEachSourceHasEmitted() {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = scheduler.createHotObservable([.next(150, 0), .next(210, 1), .next(230, 2), .completed(300)])
            let ys = scheduler.createHotObservable([.next(220, 10), .next(240, 20), .completed(350)])
            let res = scheduler.start { Observable.combineLatest(xs, ys) { $0 + $1 } }
            #expect(res.events == [.next(220, 11), .next(230, 12), .next(240, 22), .completed(350)])
            #expect(xs.subscriptions == [Subscription(200, 300)])   // ends when xs completes, as in RxSwift
            #expect(ys.subscriptions == [Subscription(200, 350)])
        }

        @Test func tupleFormEmitsPairs() {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = scheduler.createHotObservable([.next(210, 1), .completed(300)])
            let ys = scheduler.createHotObservable([.next(220, "a"), .next(230, "b"), .completed(300)])
            let res = scheduler.start { Observable.combineLatest(xs, ys).map { "\($0)\($1)" } }
            #expect(res.events == [.next(220, "1a"), .next(230, "1b"), .completed(300)])
        }

        @Test func eightSourcesCombine() {
            let sources = (1...8).map { Observable.just($0) }
            let combined = Observable.combineLatest(
                sources[0], sources[1], sources[2], sources[3], sources[4], sources[5], sources[6], sources[7]
            ) { $0 + $1 + $2 + $3 + $4 + $5 + $6 + $7 }
            #expect(record(combined) == ["36", "|"])
            let triple = Observable.combineLatest(sources[0], sources[1], sources[2]).map { "\($0)\($1)\($2)" }
            #expect(record(triple) == ["123", "|"])
        }

        @Test func collectionFormEmitsArrays() {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = scheduler.createHotObservable([.next(210, 1), .next(240, 4), .completed(300)])
            let ys = scheduler.createHotObservable([.next(220, 2), .completed(300)])
            let zs = scheduler.createHotObservable([.next(230, 3), .completed(300)])
            let res = scheduler.start { Observable.combineLatest([xs, ys, zs]) }
            #expect(res.events == [.next(230, [1, 2, 3]), .next(240, [4, 2, 3]), .completed(300)])
            #expect(record(Observable<Int>.combineLatest([Observable<Int>]())) == ["[]", "|"])
            let summed = Observable<Int>.combineLatest([Observable.of(1, 2), Observable.just(10)]) { $0.reduce(0, +) }
            #expect(record(summed) == ["11", "12", "|"])   // the trampoline interleaves the sources
        }

        @Test func anErrorEndsTheResultAndDisposesBothInputs() {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = scheduler.createHotObservable([.next(210, 1), .error(250, DemoError.boom)])
            let ys = scheduler.createHotObservable([.next(220, 10), .next(260, 20)])
            let res = scheduler.start { Observable.combineLatest(xs, ys) { $0 + $1 } }
            #expect(res.events == [.next(220, 11), .error(250, DemoError.boom)])
            #expect(xs.subscriptions == [Subscription(200, 250)])
            #expect(ys.subscriptions == [Subscription(200, 250)])
        }

        @Test func aThrowingSelectorEndsTheResult() {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = scheduler.createHotObservable([.next(210, 1), .next(230, 2)])
            let ys = scheduler.createHotObservable([.next(220, 10)])
            let res = scheduler.start {
                Observable.combineLatest(xs, ys) { x, y -> Int in
                    if x == 2 { throw DemoError.boom }
                    return x + y
                }
            }
            #expect(res.events == [.next(220, 11), .error(230, DemoError.boom)])
            #expect(xs.subscriptions == [Subscription(200, 230)])
        }

        @Test func completesWhenASourceEmitsAfterAnEmptyOneCompleted() {
            // ys completes without an element, so no combination can ever be made:
            // the next element of xs (the only source left) ends the result.
            let scheduler = TestScheduler(initialClock: 0)
            let xs = scheduler.createHotObservable([.next(210, 1), .next(260, 2)])
            let ys = scheduler.createHotObservable([.completed(220, Int.self)])
            let res = scheduler.start { Observable.combineLatest(xs, ys) { $0 + $1 } }
            #expect(res.events == [.completed(260)])
            #expect(xs.subscriptions == [Subscription(200, 260)])
        }

        @Test func aCompletedInputsSubscriptionEndsAtOnce() {
            // As in RxSwift: ys's subscription ends when ys completes; its last value
            // is still combined with later elements of xs.
            let scheduler = TestScheduler(initialClock: 0)
            let xs = scheduler.createHotObservable([.next(210, 1), .next(240, 2), .completed(300)])
            let ys = scheduler.createHotObservable([.next(220, 10), .completed(230)])
            let res = scheduler.start { Observable.combineLatest(xs, ys) { $0 + $1 } }
            #expect(res.events == [.next(220, 11), .next(240, 12), .completed(300)])
            #expect(xs.subscriptions == [Subscription(200, 300)])
            #expect(ys.subscriptions == [Subscription(200, 230)])
        }

        @Test func anEmptyCollectionEmitsTheEmptyCombinationThenCompletes() {
            // As RxSwift: the selector runs once with no elements, at subscription.
            let scheduler = TestScheduler(initialClock: 0)
            let sums = scheduler.start { Observable.combineLatest([Observable<Int>]()) { $0.reduce(100, +) } }
            #expect(sums.events == [.next(200, 100), .completed(200)])
            let arrays = TestScheduler(initialClock: 0).start { Observable.combineLatest([Observable<Int>]()).map(\.count) }
            #expect(arrays.events == [.next(200, 0), .completed(200)])
        }

        @Test func anEmptyCollectionFailsWithTheSelectorsError() {
            let failed = Observable<Int>.combineLatest([Observable<Int>]()) { _ -> Int in throw DemoError.boom }
            #expect(record(failed) == ["x(boom)"])
        }

        @Test func disposingMidStreamUnsubscribesBothInputs() {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = scheduler.createHotObservable([.next(210, 1), .next(260, 2)])
            let ys = scheduler.createHotObservable([.next(220, 10), .next(270, 20)])
            let res = scheduler.start(disposed: 250) { Observable.combineLatest(xs, ys) { $0 + $1 } }
            #expect(res.events == [.next(220, 11)])
            #expect(xs.subscriptions == [Subscription(200, 250)])
            #expect(ys.subscriptions == [Subscription(200, 250)])
        }

        @Test func pairsFromTwoThreadsAreDeliveredOneAtATime() {
            let perThread = 2_000
            let boxes = [ObserverBox<Int>(), ObserverBox<Int>()]
            let sources = boxes.map { box in
                Observable<Int>.create { observer in
                    box.observer = observer
                    return Disposables.create()
                }
            }
            let recorder = UnsynchronizedRecorder<Int>()
            let subscription = Observable.combineLatest(sources[0], sources[1]) { $0 + $1 }.subscribe(
                onNext: { recorder.onNext($0) }, onCompleted: { recorder.onCompleted() }
            )
            let observers = boxes.map { $0.observer! }
            observers[0].onNext(0)
            observers[1].onNext(0)
            runConcurrently(threads: 2) { index in
                for value in 1...perThread { observers[index].onNext(value) }
                observers[index].onCompleted()
            }
            #expect(recorder.elements.count == 1 + 2 * perThread)
            #expect(recorder.elements.last == 2 * perThread)
            #expect(recorder.completions == 1)
            subscription.dispose()
        }
    }
}
