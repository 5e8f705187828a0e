import Foundation
import Testing
import Rill
import RillTest

extension AllTests {
    @Suite struct MergeTests {
        @Test func emitsElementsOfAllSourcesAsTheyArriveAndCompletesWhenAllHave() {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = scheduler.createHotObservable([.next(210, 1), .next(230, 3), .completed(300)])
            let ys = scheduler.createHotObservable([.next(220, 2), .next(240, 4), .completed(350)])
            let res = scheduler.start { Observable.merge(xs.asObservable(), ys.asObservable()) }
            #expect(res.events == [.next(210, 1), .next(220, 2), .next(230, 3), .next(240, 4), .completed(350)])
            #expect(xs.subscriptions == [Subscription(200, 300)])
            #expect(ys.subscriptions == [Subscription(200, 350)])
        }

        @Test func arrayAndCollectionFormsMergeTheSameWay() {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = scheduler.createHotObservable([.next(210, 1), .completed(300)])
            let ys = scheduler.createHotObservable([.next(220, 2), .completed(310)])
            let array = scheduler.start { Observable.merge([xs.asObservable(), ys.asObservable()]) }
            #expect(array.events == [.next(210, 1), .next(220, 2), .completed(310)])
            #expect(record(Observable.merge(ArraySlice([Observable.of(1, 2), Observable.of(3)]))) == ["1", "3", "2", "|"])
            #expect(record(Observable<Int>.merge([])) == ["|"])
        }

        @Test func anErrorEndsTheResultAndDisposesEveryInput() {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = scheduler.createHotObservable([.next(210, 1), .error(250, DemoError.boom)])
            let ys = scheduler.createHotObservable([.next(220, 2), .next(260, 4), .completed(350)])
            let res = scheduler.start { Observable.merge(xs.asObservable(), ys.asObservable()) }
            #expect(res.events == [.next(210, 1), .next(220, 2), .error(250, DemoError.boom)])
            #expect(xs.subscriptions == [Subscription(200, 250)])
            #expect(ys.subscriptions == [Subscription(200, 250)])
        }

        @Test func disposingMidStreamUnsubscribesEveryInput() {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = scheduler.createHotObservable([.next(210, 1), .next(260, 3)])
            let ys = scheduler.createHotObservable([.next(220, 2), .next(270, 4)])
            let res = scheduler.start(disposed: 250) { Observable.merge(xs.asObservable(), ys.asObservable()) }
            #expect(res.events == [.next(210, 1), .next(220, 2)])
            #expect(xs.subscriptions == [Subscription(200, 250)])
            #expect(ys.subscriptions == [Subscription(200, 250)])
        }

        @Test func mergeOfObservablesSubscribesEachInnerAsItArrives() {
            let scheduler = TestScheduler(initialClock: 0)
            let ys1 = scheduler.createColdObservable([.next(10, 101), .next(20, 102), .completed(30)])
            let ys2 = scheduler.createColdObservable([.next(5, 201), .next(30, 202), .completed(40)])
            let xs = scheduler.createHotObservable([
                .next(210, ys1.asObservable()), .next(220, ys2.asObservable()), .completed(230),
            ])
            let res = scheduler.start { xs.merge() }
            #expect(res.events == [
                .next(220, 101), .next(225, 201), .next(230, 102), .next(250, 202), .completed(260),
            ])
            #expect(xs.subscriptions == [Subscription(200, 230)])
            #expect(ys1.subscriptions == [Subscription(210, 240)])
            #expect(ys2.subscriptions == [Subscription(220, 260)])
        }

        @Test func innerErrorEndsTheResultAndDisposesTheOuter() {
            let scheduler = TestScheduler(initialClock: 0)
            let ys1 = scheduler.createColdObservable([.next(10, 1), .error(20, DemoError.boom)])
            let xs = scheduler.createHotObservable([.next(210, ys1.asObservable())])
            let res = scheduler.start { xs.merge() }
            #expect(res.events == [.next(220, 1), .error(230, DemoError.boom)])
            #expect(xs.subscriptions == [Subscription(200, 230)])
            #expect(ys1.subscriptions == [Subscription(210, 230)])
        }

        @Test func maxConcurrentQueuesInnersUntilASlotFrees() {
            let scheduler = TestScheduler(initialClock: 0)
            let ys1 = scheduler.createColdObservable([.next(10, 1), .completed(50)])
            let ys2 = scheduler.createColdObservable([.next(10, 2), .completed(20)])
            let ys3 = scheduler.createColdObservable([.next(10, 3), .completed(20)])
            let xs = scheduler.createHotObservable([
                .next(210, ys1.asObservable()), .next(220, ys2.asObservable()), .next(230, ys3.asObservable()),
                .completed(240),
            ])
            let res = scheduler.start { xs.merge(maxConcurrent: 2) }
            #expect(res.events == [.next(220, 1), .next(230, 2), .next(250, 3), .completed(260)])
            #expect(ys1.subscriptions == [Subscription(210, 260)])
            #expect(ys2.subscriptions == [Subscription(220, 240)])
            #expect(ys3.subscriptions == [Subscription(240, 260)])
        }

        @Test func reentrantElementIsDeliveredAfterTheCurrentOne() {
            let subject = ObserverBox<Int>()
            let source = Observable<Int>.create { observer in
                subject.observer = observer
                return Disposables.create()
            }
            var received: [Int] = []
            let subscription = Observable.merge(source, .never()).subscribe(onNext: { element in
                received.append(element)
                if element == 1 { subject.observer?.onNext(2) }   // re-entrant: queued, not nested
                received.append(-element)
            })
            subject.observer?.onNext(1)
            subscription.dispose()
            subject.observer = nil
            #expect(received == [1, -1, 2, -2])
        }

        @Test func elementsFromSeveralThreadsAreDeliveredOneAtATime() {
            let perThread = 2_000
            let boxes = (0..<4).map { _ in ObserverBox<Int>() }
            let sources = boxes.map { box in
                Observable<Int>.create { observer in
                    box.observer = observer
                    return Disposables.create()
                }
            }
            let recorder = UnsynchronizedRecorder<Int>()
            let subscription = Observable.merge(sources).subscribe(
                onNext: { recorder.onNext($0) }, onCompleted: { recorder.onCompleted() }
            )
            let observers = boxes.map { $0.observer! }
            runConcurrently(threads: 4) { index in
                for value in 0..<perThread { observers[index].onNext(index * perThread + value) }
                observers[index].onCompleted()
            }
            #expect(recorder.elements.count == 4 * perThread)
            #expect(Set(recorder.elements).count == 4 * perThread)
            #expect(recorder.completions == 1)
            subscription.dispose()
        }
    }
}
