import Foundation
import Testing
@testable import Rill
import RillTest

extension AllTests {
    @Suite struct DelayTests {
        @Test func shiftsElementsAndCompletionByTheDueTime() {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = scheduler.createHotObservable([
                .next(150, 1), .next(250, 2), .next(350, 3), .next(450, 4), .completed(550),
            ])
            let observer = scheduler.start { xs.delay(.seconds(100), scheduler: scheduler) }
            #expect(observer.events == [.next(350, 2), .next(450, 3), .next(550, 4), .completed(650)])
            #expect(xs.subscriptions == [Subscription(200, 550)])
        }

        @Test func keepsOrderWhenDelaysOverlapAndTimesCoincide() {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = scheduler.createHotObservable([
                .next(210, 1), .next(210, 2), .next(220, 3), .next(300, 4), .completed(310),
            ])
            let observer = scheduler.start { xs.delay(.seconds(150), scheduler: scheduler) }
            // 2 was due at 360 too: on virtual time it takes the next step, 361.
            #expect(observer.events == [
                .next(360, 1), .next(361, 2), .next(370, 3), .next(450, 4), .completed(460),
            ])
        }

        @Test func forwardsAnErrorAtOnceAndDropsWaitingElements() {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = scheduler.createHotObservable([
                .next(250, 2), .next(350, 3), .next(450, 4), .error(550, DemoError.boom),
            ])
            let observer = scheduler.start { xs.delay(.seconds(150), scheduler: scheduler) }
            #expect(observer.events == [.next(400, 2), .next(500, 3), .error(550, DemoError.boom)])
            #expect(xs.subscriptions == [Subscription(200, 550)])
        }

        @Test func delaysAnEmptySequencesCompletion() {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = scheduler.createHotObservable([.next(150, 1), .completed(250, Int.self)])
            let observer = scheduler.start { xs.delay(.seconds(150), scheduler: scheduler) }
            #expect(observer.events == [.completed(400)])
            #expect(xs.subscriptions == [Subscription(200, 250)])
        }

        @Test func delaysASynchronousSourceOneStepPerEvent() {
            let scheduler = TestScheduler(initialClock: 0)
            let observer = scheduler.start { Observable.of(1, 2).delay(.seconds(10), scheduler: scheduler) }
            #expect(observer.events == [.next(210, 1), .next(211, 2), .completed(212)])
        }

        @Test func eventsArrivingInOneTickLeaveInSeparateSteps() {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = scheduler.createHotObservable([.next(210, 1), .next(210, 2), .completed(210)])
            let observer = scheduler.start { xs.delay(.seconds(5), scheduler: scheduler) }
            #expect(observer.events == [.next(215, 1), .next(216, 2), .completed(217)])
            #expect(xs.subscriptions == [Subscription(200, 210)])
        }

        @Test func anEventOverdueBehindABurstTakesTheNextStep() {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = scheduler.createHotObservable([.next(210, 1), .next(210, 2), .next(210, 3), .next(211, 4), .completed(300)])
            let observer = scheduler.start { xs.delay(.seconds(1), scheduler: scheduler) }
            #expect(observer.events == [.next(211, 1), .next(212, 2), .next(213, 3), .next(214, 4), .completed(301)])
        }

        @Test func anErrorDuringABurstDropsTheStepsStillWaiting() {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = scheduler.createHotObservable([.next(210, 1), .next(210, 2), .next(210, 3), .error(216, DemoError.boom)])
            let observer = scheduler.start { xs.delay(.seconds(5), scheduler: scheduler) }
            // The error was scheduled first at 216 (the script), so 2, due then too, never leaves.
            #expect(observer.events == [.next(215, 1), .error(216, DemoError.boom)])
        }

        @Test func withoutTheProcessingDelayABurstLeavesAtItsDueTime() {
            let scheduler = TestScheduler(initialClock: 0, simulateProcessingDelay: false)
            let xs = scheduler.createHotObservable([.next(210, 1), .next(210, 2), .completed(210)])
            let observer = scheduler.start { xs.delay(.seconds(5), scheduler: scheduler) }
            #expect(observer.events == [.next(215, 1), .next(215, 2), .completed(215)])
        }

        @Test func disposingMidStreamCancelsTheTimer() {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = scheduler.createHotObservable([.next(210, 1), .next(260, 2), .completed(400)])
            let observer = scheduler.start(disposed: 300) { xs.delay(.seconds(50), scheduler: scheduler) }
            #expect(observer.events == [.next(260, 1)])
            #expect(xs.subscriptions == [Subscription(200, 300)])
        }

        @Test func disposingFromInsideADeliveryStopsTheEventsDueWithIt() {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = scheduler.createHotObservable([.next(210, 1), .next(210, 2), .completed(300)])
            let subscription = DisposableBox()
            var received: [Int] = []
            scheduler.scheduleAt(200) {
                subscription.disposable = xs.delay(.seconds(10), scheduler: scheduler).subscribe(onNext: { element in
                    received.append(element)
                    subscription.dispose()
                })
            }
            scheduler.start()
            #expect(received == [1])
            #expect(xs.subscriptions == [Subscription(200, 220)])
        }

        @Test func readsAsAMarbleDiagram() throws {
            let scheduler = TestScheduler(initialClock: 0)
            let xs: TestableObservable<Int> = try scheduler.createHotObservable("^-1-2---|")
            let observer = scheduler.start { xs.delay(.seconds(20), scheduler: scheduler) }
            try Marble.assertEqual(observer.events, "^---1-2---|")
        }

        @Test func deliversInOrderOnARealQueue() {
            let source = DrivenSource<Int>()
            let log = EventLog<Int>()
            let ended = log.subscribeAndWaitForEnd(source.observable.delay(.microseconds(50), scheduler: QueueScheduler())) {
                for element in 0..<1_000 { source.onNext(element) }
                source.onCompleted()
            }
            #expect(ended)
            #expect(log.events == (0..<1_000).map(String.init) + ["|"])
            #expect(log.overlaps == 0)
        }
    }

    @Suite struct DelayStateTests {
        private let start = Date(timeIntervalSince1970: 0)

        /// Fires the timer at `now`: the events emitted, and when the next timer is due.
        private func fire(at now: Date, _ state: inout DelayState<Int>) -> (events: [Event<Int>], next: TimeInterval?) {
            var next: TimeInterval?
            let events = emitted { next = state.timerFired(now: now, emit: $0) }
            return (events, next)
        }

        @Test func theFirstElementStartsTheTimerAndLaterOnesWait() {
            var state = DelayState<Int>(dueTime: 10)
            let first = state.elementReceived(1, now: start)
            let second = state.elementReceived(2, now: start + 5)
            #expect(first)
            #expect(!second)
        }

        @Test func aTimerEmitsDueEventsAndAsksForTheNextOne() {
            var state = DelayState<Int>(dueTime: 10)
            _ = state.elementReceived(1, now: start)
            _ = state.elementReceived(2, now: start + 5)
            let step = fire(at: start + 10, &state)
            #expect(step.events == [.next(1)])
            #expect(step.next == 5)
            let last = fire(at: start + 15, &state)
            #expect(last.events == [.next(2)])
            #expect(last.next == nil)
            let startsTimer = state.elementReceived(3, now: start + 20)
            #expect(startsTimer, "the next element starts a timer again")
        }

        @Test func oneEventPerTimerEmitsOneAtATime() {
            var state = DelayState<Int>(dueTime: 10, oneEventPerTimer: true)
            _ = state.elementReceived(1, now: start)
            _ = state.elementReceived(2, now: start)
            let first = fire(at: start + 10, &state)
            #expect(first.events == [.next(1)])
            #expect(first.next == 0)
            #expect(fire(at: start + 10, &state).events == [.next(2)])
        }

        @Test func completionWaitsBehindElementsAndStopsLaterOnes() {
            var state = DelayState<Int>(dueTime: 10)
            _ = state.elementReceived(1, now: start)
            let timerForCompletion = state.upstreamCompleted(now: start)
            let late = state.elementReceived(2, now: start)
            #expect(!timerForCompletion && !late)
            let step = fire(at: start + 10, &state)
            #expect(step.events == [.next(1), .completed])
            #expect(step.next == nil)
        }

        @Test func anErrorGoesOutAtOnceAndDropsWaitingEvents() {
            var state = DelayState<Int>(dueTime: 10)
            _ = state.elementReceived(1, now: start)
            #expect(emitted { state.upstreamFailed(DemoError.boom, emit: $0) } == [.error(DemoError.boom)])
            let step = fire(at: start + 10, &state)
            #expect(step.events == [] && step.next == nil)
        }

        @Test func anErrorAfterCompletionIsIgnored() {
            var state = DelayState<Int>(dueTime: 10)
            _ = state.upstreamCompleted(now: start)
            #expect(emitted { state.upstreamFailed(DemoError.boom, emit: $0) } == [])
            #expect(fire(at: start + 10, &state).events == [.completed])
        }

        @Test func disposalDropsEverything() {
            var state = DelayState<Int>(dueTime: 10)
            _ = state.elementReceived(1, now: start)
            state.disposed()
            #expect(fire(at: start + 10, &state).events == [])
            let result6 = state.elementReceived(2, now: start + 10)
            #expect(!result6)
        }
    }
}
