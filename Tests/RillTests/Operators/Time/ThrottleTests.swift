import Foundation
import Testing
@testable import Rill
import RillTest

extension AllTests {
    @Suite struct ThrottleTests {
        /// RxSwift's throttle test input: elements every 40 or 60 ticks from 210 to 450.
        private func burst(_ scheduler: TestScheduler, end: Recorded<Event<Int>>) -> TestableObservable<Int> {
            scheduler.createHotObservable([
                .next(150, 1), .next(210, 2), .next(250, 3), .next(310, 4),
                .next(350, 5), .next(410, 6), .next(450, 7), end,
            ])
        }

        @Test func emitsTheFirstAtOnceThenTheLatestOfEachPeriod() {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = burst(scheduler, end: .completed(500))
            let observer = scheduler.start { xs.throttle(.seconds(200), scheduler: scheduler) }
            #expect(observer.events == [.next(210, 2), .next(410, 6), .next(610, 7), .completed(610)])
            #expect(xs.subscriptions == [Subscription(200, 500)])
        }

        @Test func completionAfterThePeriodIsNotDelayed() {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = burst(scheduler, end: .completed(900))
            let observer = scheduler.start { xs.throttle(.seconds(200), scheduler: scheduler) }
            #expect(observer.events == [.next(210, 2), .next(410, 6), .next(610, 7), .completed(900)])
            #expect(xs.subscriptions == [Subscription(200, 900)])
        }

        @Test func notLatestDropsEverythingInsideThePeriod() {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = burst(scheduler, end: .completed(500))
            let observer = scheduler.start { xs.throttle(.seconds(200), latest: false, scheduler: scheduler) }
            #expect(observer.events == [.next(210, 2), .next(410, 6), .completed(500)])
            #expect(xs.subscriptions == [Subscription(200, 500)])
        }

        @Test func anErrorIsForwardedAtOnceAndDropsTheWaitingElement() {
            for latest in [true, false] {
                let scheduler = TestScheduler(initialClock: 0)
                let xs = scheduler.createHotObservable([
                    .next(210, 2), .next(250, 3), .error(410, DemoError.boom), .next(450, 7),
                ])
                let observer = scheduler.start { xs.throttle(.seconds(200), latest: latest, scheduler: scheduler) }
                #expect(observer.events == [.next(210, 2), .error(410, DemoError.boom)])
                #expect(xs.subscriptions == [Subscription(200, 410)])
            }
        }

        @Test func anEmptySourceCompletesAtOnce() {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = scheduler.createHotObservable([.next(150, 0), .completed(500)])
            let observer = scheduler.start { xs.throttle(.seconds(200), scheduler: scheduler) }
            #expect(observer.events == [.completed(500)])
        }

        @Test func disposingMidStreamCancelsTheTimer() {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = scheduler.createHotObservable([.next(210, 2), .next(250, 3), .completed(500)])
            let observer = scheduler.start(disposed: 300) { xs.throttle(.seconds(200), scheduler: scheduler) }
            #expect(observer.events == [.next(210, 2)])
            #expect(xs.subscriptions == [Subscription(200, 300)])
        }

        @Test func readsAsAMarbleDiagram() throws {
            let scheduler = TestScheduler(initialClock: 0)
            let xs: TestableObservable<Int> = try scheduler.createHotObservable("^-1-2-3-------4-|")
            let latest = scheduler.start { xs.throttle(.seconds(30), scheduler: scheduler) }
            try Marble.assertEqual(latest.events, "^-1--2--3-----4-|")
            let scheduler2 = TestScheduler(initialClock: 0)
            let ys: TestableObservable<Int> = try scheduler2.createHotObservable("^-1-2-3-------4-|")
            let first = scheduler2.start { ys.throttle(.seconds(30), latest: false, scheduler: scheduler2) }
            try Marble.assertEqual(first.events, "^-1---3-------4-|")
        }

        @Test func timerAndSourceOnDifferentThreadsNeverOverlap() {
            let source = DrivenSource<Int>()
            let log = EventLog<Int>()
            let ended = log.subscribeAndWaitForEnd(source.observable.throttle(.microseconds(50), scheduler: QueueScheduler())) {
                for element in 0..<1_000 { source.onNext(element) }
                source.onCompleted()
            }
            #expect(ended)
            #expect(isIncreasingThenCompleted(log.events))
            #expect(log.events.first == "0")
            #expect(log.events.suffix(2) == ["999", "|"])
            #expect(log.overlaps == 0)
        }
    }

    @Suite struct ThrottleStateTests {
        private let start = Date(timeIntervalSince1970: 0)

        @Test func theFirstElementIsEmittedAtOnce() {
            var state = ThrottleState<Int>(dueTime: 10, latest: true)
            let result1 = state.elementReceived(1, now: start)
            #expect(delivered(result1) == .next(1))
        }

        @Test func anElementInsideThePeriodWaitsForTheRestOfIt() {
            var state = ThrottleState<Int>(dueTime: 10, latest: true)
            _ = state.elementReceived(1, now: start)
            _ = state.nextDelivery()   // the deliverer of 1 finishes
            let action = state.elementReceived(2, now: start + 4)
            let replaced = state.elementReceived(3, now: start + 6)
            guard case .scheduleTimer(let delay, let generation) = action else {
                Issue.record("expected a timer, got \(action)")
                return
            }
            #expect(delay == 6)
            if case .none = replaced {} else { Issue.record("the running timer should serve the newer element") }
            let result2 = state.timerFired(generation: generation, now: start + 10)
            #expect(result2 == .next(3))
        }

        @Test func notLatestDropsElementsInsideThePeriod() {
            var state = ThrottleState<Int>(dueTime: 10, latest: false)
            _ = state.elementReceived(1, now: start)
            _ = state.nextDelivery()   // the deliverer of 1 finishes
            let result3 = state.elementReceived(2, now: start + 4)
            if case .none = result3 {} else { Issue.record("expected a drop") }
            let result4 = state.elementReceived(3, now: start + 10)
            #expect(delivered(result4) == .next(3))
        }

        @Test func completionWaitsForTheWaitingElement() {
            var state = ThrottleState<Int>(dueTime: 10, latest: true)
            _ = state.elementReceived(1, now: start)
            _ = state.nextDelivery()   // the deliverer of 1 finishes
            _ = state.elementReceived(2, now: start + 4)
            let result5 = state.upstreamCompleted()
            #expect(result5 == nil)
            let result6 = state.timerFired(generation: 1, now: start + 10)
            #expect(result6 == .next(2))
            let result7 = state.nextDelivery()
            #expect(result7 == .completed)
        }

        @Test func aDirectEmissionRetiresTheOldTimer() {
            var state = ThrottleState<Int>(dueTime: 10, latest: true)
            _ = state.elementReceived(1, now: start)
            _ = state.nextDelivery()   // the deliverer of 1 finishes
            _ = state.elementReceived(2, now: start + 4)
            let result8 = state.elementReceived(3, now: start + 10)
            #expect(delivered(result8) == .next(3))
            let result9 = state.timerFired(generation: 1, now: start + 10)
            #expect(result9 == nil)
        }

        @Test func disposalStopsEverything() {
            var state = ThrottleState<Int>(dueTime: 10, latest: true)
            _ = state.elementReceived(1, now: start)
            _ = state.nextDelivery()   // the deliverer of 1 finishes
            _ = state.elementReceived(2, now: start + 4)
            state.disposed()
            let result10 = state.timerFired(generation: 1, now: start + 10)
            #expect(result10 == nil)
            let result11 = state.elementReceived(3, now: start + 20)
            #expect(delivered(result11) == nil)
        }

        private func delivered(_ action: ThrottleState<Int>.Action) -> Event<Int>? {
            if case .deliver(let event) = action { return event }
            return nil
        }
    }
}
