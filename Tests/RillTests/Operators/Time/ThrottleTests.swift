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

        /// Sends `value` at `now`: the events emitted at once, and the timer to start.
        private func receive(
            _ value: Int, at now: Date, _ state: inout ThrottleState<Int>
        ) -> (events: [Event<Int>], timer: ThrottleState<Int>.Timer?) {
            var timer: ThrottleState<Int>.Timer?
            let events = emitted { timer = state.elementReceived(value, now: now, emit: $0) }
            return (events, timer)
        }

        @Test func theFirstElementIsEmittedAtOnce() {
            var state = ThrottleState<Int>(dueTime: 10, latest: true)
            let first = receive(1, at: start, &state)
            #expect(first.events == [.next(1)])
            #expect(first.timer == nil)
        }

        @Test func anElementInsideThePeriodWaitsForTheRestOfIt() {
            var state = ThrottleState<Int>(dueTime: 10, latest: true)
            _ = receive(1, at: start, &state)
            let waiting = receive(2, at: start + 4, &state)
            let replaced = receive(3, at: start + 6, &state)
            #expect(waiting.events == [])
            #expect(waiting.timer?.delay == 6)
            #expect(replaced.events == [])
            #expect(replaced.timer == nil, "the running timer serves the newer element")
            let generation = try! #require(waiting.timer?.generation)
            #expect(emitted { state.timerFired(generation: generation, now: start + 10, emit: $0) } == [.next(3)])
        }

        @Test func notLatestDropsElementsInsideThePeriod() {
            var state = ThrottleState<Int>(dueTime: 10, latest: false)
            _ = receive(1, at: start, &state)
            let dropped = receive(2, at: start + 4, &state)
            #expect(dropped.events == [])
            #expect(dropped.timer == nil)
            #expect(receive(3, at: start + 10, &state).events == [.next(3)])
        }

        @Test func completionWaitsForTheWaitingElement() {
            var state = ThrottleState<Int>(dueTime: 10, latest: true)
            _ = receive(1, at: start, &state)
            _ = receive(2, at: start + 4, &state)
            #expect(emitted { state.upstreamCompleted(emit: $0) } == [])
            guard case .completing(after: 2) = state.phase else { Issue.record("expected completing, got \(state.phase)"); return }
            #expect(emitted { state.upstreamFailed(DemoError.boom, emit: $0) } == [])
            #expect(emitted { state.timerFired(generation: 1, now: start + 10, emit: $0) } == [.next(2), .completed])
            guard case .stopped = state.phase else { Issue.record("expected stopped, got \(state.phase)"); return }
        }

        @Test func completionWithNothingWaitingIsImmediate() {
            var state = ThrottleState<Int>(dueTime: 10, latest: true)
            _ = receive(1, at: start, &state)
            #expect(emitted { state.upstreamCompleted(emit: $0) } == [.completed])
            #expect(receive(2, at: start + 20, &state).events == [])
        }

        @Test func aDirectEmissionRetiresTheOldTimer() {
            var state = ThrottleState<Int>(dueTime: 10, latest: true)
            _ = receive(1, at: start, &state)
            _ = receive(2, at: start + 4, &state)
            #expect(receive(3, at: start + 10, &state).events == [.next(3)])
            #expect(emitted { state.timerFired(generation: 1, now: start + 10, emit: $0) } == [])
        }

        @Test func disposalStopsEverything() {
            var state = ThrottleState<Int>(dueTime: 10, latest: true)
            _ = receive(1, at: start, &state)
            _ = receive(2, at: start + 4, &state)
            state.disposed()
            #expect(emitted { state.timerFired(generation: 1, now: start + 10, emit: $0) } == [])
            #expect(receive(3, at: start + 20, &state).events == [])
        }
    }
}
