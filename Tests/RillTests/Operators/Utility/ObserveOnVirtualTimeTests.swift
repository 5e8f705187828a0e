import Testing
import Rill
import RillTest

extension AllTests {
    /// `observe(on:)` on a virtual-time scheduler: one event per scheduler step, as
    /// RxTest users' expectations are written (each step one tick later on
    /// `TestScheduler`).
    @Suite struct ObserveOnVirtualTimeTests {
        @Test func eventsArrivingInOneTickAreDeliveredInSeparateSteps() {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = scheduler.createHotObservable([.next(210, 1), .next(210, 2), .completed(210)])
            let observer = scheduler.start { xs.observe(on: scheduler) }
            #expect(observer.events == [.next(211, 1), .next(212, 2), .completed(213)])
            #expect(xs.subscriptions.map(\.subscribe) == [200])
        }

        @Test func anErrorTakesItsOwnStepBehindTheElements() {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = scheduler.createHotObservable([.next(210, 1), .next(210, 2), .error(210, DemoError.boom)])
            let observer = scheduler.start { xs.observe(on: scheduler) }
            #expect(observer.events == [.next(211, 1), .next(212, 2), .error(213, DemoError.boom)])
        }

        @Test func anElementArrivingWhileABurstDrainsQueuesBehindIt() {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = scheduler.createHotObservable([.next(210, 1), .next(210, 2), .next(211, 3), .completed(250)])
            let observer = scheduler.start { xs.observe(on: scheduler) }
            #expect(observer.events == [.next(211, 1), .next(212, 2), .next(213, 3), .completed(251)])
        }

        @Test func disposingBetweenStepsDropsTheRestOfTheBurst() {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = scheduler.createHotObservable([.next(210, 1), .next(210, 2), .next(210, 3), .completed(300)])
            let observer = scheduler.start(disposed: 212) { xs.observe(on: scheduler) }
            #expect(observer.events == [.next(211, 1)])
            #expect(xs.subscriptions == [Subscription(200, 212)])
        }

        @Test func aSynchronousSourceIsSubscribedAtOnceAndDeliveredStepByStep() {
            let scheduler = TestScheduler(initialClock: 0)
            let observer = scheduler.start { Observable.of(1, 2).observe(on: scheduler) }
            #expect(observer.events == [.next(201, 1), .next(202, 2), .completed(203)])
        }

        @Test func withoutTheProcessingDelayTheStepsShareTheTick() {
            let scheduler = TestScheduler(initialClock: 0, simulateProcessingDelay: false)
            let xs = scheduler.createHotObservable([.next(210, 1), .next(210, 2), .completed(220)])
            let observer = scheduler.start { xs.observe(on: scheduler) }
            #expect(observer.events == [.next(210, 1), .next(210, 2), .completed(220)])
        }
    }
}
