import Foundation
import Testing
@testable import Rill
import RillTest

extension AllTests {
    @Suite struct DebounceTests {
        @Test func emitsOnlyTheLastElementOfEachBurst() {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = scheduler.createHotObservable([
                .next(150, 1), .next(210, 2), .next(230, 3), .next(260, 4),
                .next(400, 5), .next(420, 6), .completed(500),
            ])
            let observer = scheduler.start { xs.debounce(.seconds(50), scheduler: scheduler) }
            #expect(observer.events == [.next(310, 4), .next(470, 6), .completed(500)])
            #expect(xs.subscriptions == [Subscription(200, 500)])
        }

        @Test func elementsFartherApartThanTheDueTimeAllPass() {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = scheduler.createHotObservable([.next(210, 1), .next(300, 2), .next(400, 3)])
            let observer = scheduler.start { xs.debounce(.seconds(20), scheduler: scheduler) }
            #expect(observer.events == [.next(230, 1), .next(320, 2), .next(420, 3)])
        }

        @Test func completionEmitsTheWaitingElementFirst() {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = scheduler.createHotObservable([.next(210, 1), .completed(230)])
            let observer = scheduler.start { xs.debounce(.seconds(50), scheduler: scheduler) }
            #expect(observer.events == [.next(230, 1), .completed(230)])
            #expect(xs.subscriptions == [Subscription(200, 230)])
        }

        @Test func anErrorDropsTheWaitingElement() {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = scheduler.createHotObservable([.next(210, 1), .error(230, DemoError.boom)])
            let observer = scheduler.start { xs.debounce(.seconds(50), scheduler: scheduler) }
            #expect(observer.events == [.error(230, DemoError.boom)])
            #expect(xs.subscriptions == [Subscription(200, 230)])
        }

        @Test func disposingMidStreamCancelsTheTimer() {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = scheduler.createHotObservable([.next(210, 1), .completed(400)])
            let observer = scheduler.start(disposed: 250) { xs.debounce(.seconds(100), scheduler: scheduler) }
            #expect(observer.events == [])
            #expect(xs.subscriptions == [Subscription(200, 250)])
        }

        @Test func anElementSentFromInsideADeliveryIsDebouncedInTurn() {
            let scheduler = TestScheduler(initialClock: 0)
            let subject = PublishSubject<Int>()
            let subscription = DisposableBox()
            var received: [String] = []
            scheduler.scheduleAt(200) {
                subscription.disposable = subject.debounce(.seconds(10), scheduler: scheduler).subscribe(onNext: { element in
                    received.append("\(element)@\(scheduler.clock)")
                    if element == 1 { subject.onNext(2) }
                })
            }
            scheduler.scheduleAt(210) { subject.onNext(1) }
            scheduler.scheduleAt(400) { subscription.dispose() }
            scheduler.start()
            #expect(received == ["1@220", "2@230"])
        }

        @Test func readsAsAMarbleDiagram() throws {
            let scheduler = TestScheduler(initialClock: 0)
            let xs: TestableObservable<Int> = try scheduler.createHotObservable("^-1-2-3------4--|")
            let observer = scheduler.start { xs.debounce(.seconds(30), scheduler: scheduler) }
            try Marble.assertEqual(observer.events, "^--------3------(4|)")
        }

        @Test func timerAndSourceOnDifferentThreadsNeverOverlap() {
            let source = DrivenSource<Int>()
            let log = EventLog<Int>()
            let ended = log.subscribeAndWaitForEnd(source.observable.debounce(.microseconds(20), scheduler: QueueScheduler())) {
                for element in 0..<1_000 { source.onNext(element) }
                source.onCompleted()
            }
            #expect(ended)
            #expect(isIncreasingThenCompleted(log.events))
            #expect(log.events.suffix(2) == ["999", "|"])
            #expect(log.overlaps == 0)
        }
    }

    @Suite struct DebounceStateTests {
        @Test func eachElementStartsANewTimerGeneration() {
            var state = DebounceState<Int>()
            let first = state.elementReceived(1)
            let second = state.elementReceived(2)
            #expect(first == 1)
            #expect(second == 2)
        }

        @Test func onlyTheNewestTimerEmits() {
            var state = DebounceState<Int>()
            _ = state.elementReceived(1)
            _ = state.elementReceived(2)
            #expect(emitted { state.timerFired(generation: 1, emit: $0) } == [])
            #expect(emitted { state.timerFired(generation: 2, emit: $0) } == [.next(2)])
            #expect(emitted { state.timerFired(generation: 2, emit: $0) } == [])
        }

        @Test func completionEmitsTheWaitingElementThenCompletion() {
            var state = DebounceState<Int>()
            _ = state.elementReceived(1)
            #expect(emitted { state.upstreamCompleted(emit: $0) } == [.next(1), .completed])
            let late = state.elementReceived(2)
            #expect(late == nil)
            #expect(emitted { state.upstreamFailed(DemoError.boom, emit: $0) } == [])
        }

        @Test func anErrorDropsTheWaitingElement() {
            var state = DebounceState<Int>()
            _ = state.elementReceived(1)
            #expect(emitted { state.upstreamFailed(DemoError.boom, emit: $0) } == [.error(DemoError.boom)])
            #expect(emitted { state.timerFired(generation: 1, emit: $0) } == [])
        }

        @Test func disposalStopsEverything() {
            var state = DebounceState<Int>()
            _ = state.elementReceived(1)
            state.disposed()
            #expect(emitted { state.timerFired(generation: 1, emit: $0) } == [])
            #expect(emitted { state.upstreamCompleted(emit: $0) } == [])
        }
    }
}
