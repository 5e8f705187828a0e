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
            #expect(generation(first) == 1)
            #expect(generation(second) == 2)
        }

        @Test func onlyTheNewestTimerEmits() {
            var state = DebounceState<Int>()
            _ = state.elementReceived(1)
            _ = state.elementReceived(2)
            let stale = state.timerFired(generation: 1)
            let current = state.timerFired(generation: 2)
            let again = state.timerFired(generation: 2)
            #expect(stale == nil)
            #expect(current == .next(2))
            #expect(again == nil)
        }

        @Test func completionQueuesTheWaitingElementThenCompletion() {
            var state = DebounceState<Int>()
            _ = state.elementReceived(1)
            let first = state.upstreamCompleted()
            #expect(first == .next(1))
            let result1 = state.nextDelivery()
            #expect(result1 == .completed)
            let result2 = state.nextDelivery()
            #expect(result2 == nil)
            let result3 = state.elementReceived(2)
            #expect(generation(result3) == nil)
        }

        @Test func eventsDecidedDuringADeliveryWaitForTheDeliverer() {
            var state = DebounceState<Int>()
            _ = state.elementReceived(1)
            _ = state.timerFired(generation: 1)
            let failure = state.upstreamFailed(DemoError.boom)
            #expect(failure == nil)
            let result4 = state.nextDelivery()
            #expect(result4 == .error(DemoError.boom))
        }

        @Test func disposalStopsEverything() {
            var state = DebounceState<Int>()
            _ = state.elementReceived(1)
            state.disposed()
            let result5 = state.timerFired(generation: 1)
            #expect(result5 == nil)
            let result6 = state.upstreamCompleted()
            #expect(result6 == nil)
        }

        private func generation(_ action: DebounceState<Int>.Action) -> UInt64? {
            if case .scheduleTimer(let generation) = action { return generation }
            return nil
        }
    }
}
