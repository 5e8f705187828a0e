import Foundation
import Testing
@testable import Rill
import RillTest

extension AllTests {
    @Suite struct TimeoutTests {
        @Test func failsWhenTheGapAfterAnElementIsTooLong() {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = scheduler.createHotObservable([.next(210, 1), .next(290, 2), .next(450, 3), .completed(500)])
            let observer = scheduler.start { xs.timeout(.seconds(100), scheduler: scheduler) }
            #expect(observer.events == [.next(210, 1), .next(290, 2), .error(390, RxError.timeout)])
            #expect(xs.subscriptions == [Subscription(200, 390)])
        }

        @Test func failsWhenNothingArrivesAfterSubscribing() {
            let scheduler = TestScheduler(initialClock: 0)
            let observer = scheduler.start { Observable<Int>.never().timeout(.seconds(50), scheduler: scheduler) }
            #expect(observer.events == [.error(250, RxError.timeout)])
        }

        @Test func passesEverythingWhenElementsComeInTime() {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = scheduler.createHotObservable([.next(210, 1), .next(300, 2), .next(390, 3), .completed(480)])
            let observer = scheduler.start { xs.timeout(.seconds(100), scheduler: scheduler) }
            #expect(observer.events == [.next(210, 1), .next(300, 2), .next(390, 3), .completed(480)])
            #expect(xs.subscriptions == [Subscription(200, 480)])
        }

        @Test func forwardsTheSourcesErrorAndStopsTheTimer() {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = scheduler.createHotObservable([.next(210, 1), .error(250, DemoError.boom)])
            let observer = scheduler.start { xs.timeout(.seconds(100), scheduler: scheduler) }
            #expect(observer.events == [.next(210, 1), .error(250, DemoError.boom)])
        }

        @Test func switchesToTheOtherSequence() {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = scheduler.createHotObservable([
                .next(70, 1), .next(130, 2), .next(310, 3), .next(400, 4), .completed(500),
            ])
            let ys = scheduler.createColdObservable([.next(50, -1), .next(200, -2), .next(310, -3), .completed(320)])
            let observer = scheduler.start { xs.timeout(.seconds(100), other: ys, scheduler: scheduler) }
            #expect(observer.events == [.next(350, -1), .next(500, -2), .next(610, -3), .completed(620)])
            #expect(xs.subscriptions == [Subscription(200, 300)])
            #expect(ys.subscriptions == [Subscription(300, 620)])
        }

        @Test func neverSubscribesTheOtherSequenceWhenInTime() {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = scheduler.createHotObservable([.next(210, 1), .next(290, 2), .completed(350)])
            let ys = scheduler.createColdObservable([.next(10, -1)])
            let observer = scheduler.start { xs.timeout(.seconds(100), other: ys, scheduler: scheduler) }
            #expect(observer.events == [.next(210, 1), .next(290, 2), .completed(350)])
            #expect(ys.subscriptions == [])
        }

        @Test func disposingMidStreamCancelsTheTimer() {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = scheduler.createHotObservable([.next(210, 1)])
            let observer = scheduler.start(disposed: 250) { xs.timeout(.seconds(100), scheduler: scheduler) }
            #expect(observer.events == [.next(210, 1)])
            #expect(xs.subscriptions == [Subscription(200, 250)])
        }

        @Test func disposingAfterTheSwitchDisposesTheOtherSequence() {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = scheduler.createHotObservable([.next(210, 1)])
            let ys = scheduler.createColdObservable([.next(10, -1), .next(100, -2)])
            let observer = scheduler.start(disposed: 350) { xs.timeout(.seconds(50), other: ys, scheduler: scheduler) }
            #expect(observer.events == [.next(210, 1), .next(270, -1)])
            #expect(ys.subscriptions == [Subscription(260, 350)])
        }

        @Test func readsAsAMarbleDiagram() throws {
            let scheduler = TestScheduler(initialClock: 0)
            let xs: TestableObservable<Int> = try scheduler.createHotObservable("^-1-2---------3|")
            let observer = scheduler.start { xs.timeout(.seconds(40), scheduler: scheduler) }
            try Marble.assertEqual(observer.events, "^-1-2---#", error: RxError.timeout)
        }

        @Test func firesOnARealQueue() {
            let log = EventLog<Int>()
            let source = Observable.of(1, 2).concatNever()
            let ended = log.subscribeAndWaitForEnd(source.timeout(.milliseconds(20), scheduler: QueueScheduler()))
            #expect(ended)
            #expect(log.events == ["1", "2", "x(Sequence timeout.)"])
        }

        @Test func elementsInTimeOnARealQueuePassThrough() {
            let source = DrivenSource<Int>()
            let log = EventLog<Int>()
            let ended = log.subscribeAndWaitForEnd(source.observable.timeout(.seconds(30), scheduler: QueueScheduler())) {
                for element in 0..<1_000 { source.onNext(element) }
                source.onCompleted()
            }
            #expect(ended)
            #expect(log.events == (0..<1_000).map(String.init) + ["|"])
        }
    }

    @Suite struct TimeoutStateTests {
        @Test func theInitialTimerFiresWhenNothingArrived() {
            var state = TimeoutState()
            let result1 = state.timerFired(generation: 0)
            #expect(result1)
            let result2 = state.elementReceived()
            #expect(!result2)
            let result3 = state.upstreamEnded()
            #expect(!result3)
        }

        @Test func anElementRetiresTheRunningTimer() {
            var state = TimeoutState()
            let result4 = state.elementReceived()
            #expect(result4)
            let next = state.elementDelivered()
            #expect(next == 1)
            let result5 = state.timerFired(generation: 0)
            #expect(!result5)
            let result6 = state.timerFired(generation: 1)
            #expect(result6)
        }

        @Test func theSourceEndingStopsTheTimer() {
            var state = TimeoutState()
            let result7 = state.upstreamEnded()
            #expect(result7)
            let result8 = state.timerFired(generation: 0)
            #expect(!result8)
        }

        @Test func aTimeoutDuringNoDeliveryArmsNoFurtherTimer() {
            var state = TimeoutState()
            _ = state.elementReceived()
            state.disposed()
            let result9 = state.elementDelivered()
            #expect(result9 == nil)
        }
    }
}

private extension Observable {
    /// The elements, then no terminal event.
    func concatNever() -> Observable<Element> {
        Observable.create { observer in
            let subscription = self.subscribe(onNext: { observer.onNext($0) })
            return subscription
        }
    }
}
