import Testing
import Rill
import RillTest

extension AllTests {
    @Suite struct TestableObservableTests {
        /// Through an operator a subscription has a sink of its own in RxTest, which
        /// drops what comes after it was disposed: one that an earlier subscriber's
        /// delivery disposed gets nothing more of that event.
        @Test func aHotSubscriptionDisposedByAnEarlierSubscribersDeliveryGetsNothingMore() {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2)])
            var seenByLater: [Int] = []
            var later: (any Disposable)?
            let earlier = xs.map { $0 }.subscribe(onNext: { _ in later?.dispose() })
            later = xs.map { seenByLater.append($0); return $0 }.subscribe()
            scheduler.start()
            #expect(seenByLater.isEmpty)
            #expect(xs.subscriptions == [Subscription(0), Subscription(0, 210)])
            earlier.dispose()
        }

        @Test func hotEventsHappenAtAbsoluteTimesWhetherSubscribedOrNot() {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = scheduler.createHotObservable([.next(150, 1), .next(210, 2), .next(240, 3), .completed(300)])
            let observer = scheduler.start { xs.map { $0 * 10 } }
            #expect(observer.events == [.next(210, 20), .next(240, 30), .completed(300)])
            // Through an operator, the subscription ends with the terminal event.
            #expect(xs.subscriptions == [Subscription(200, 300)])
            #expect(xs.recordedEvents == [.next(150, 1), .next(210, 2), .next(240, 3), .completed(300)])
        }

        @Test func hotSubscribersSeeOnlyTheirWindow() {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .next(230, 3), .next(240, 4)])
            let early = scheduler.createObserver(Int.self)
            let late = scheduler.createObserver(Int.self)
            var subscriptions: [any Disposable] = []
            scheduler.scheduleAt(205) { subscriptions.append(xs.subscribe(early)) }
            scheduler.scheduleAt(225) { subscriptions.append(xs.subscribe(late)) }
            scheduler.scheduleAt(235) { subscriptions[0].dispose() }
            scheduler.scheduleAt(500) { subscriptions[1].dispose() }
            scheduler.start()
            #expect(early.events == [.next(210, 1), .next(220, 2), .next(230, 3)])
            #expect(late.events == [.next(230, 3), .next(240, 4)])
            #expect(xs.subscriptions == [Subscription(205, 235), Subscription(225, 500)])
        }

        @Test func hotDeliversToSubscribersInSubscriptionOrder() {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = scheduler.createHotObservable([.next(210, 1)])
            let log = RunLog<String>()
            var subscriptions: [any Disposable] = []
            scheduler.scheduleAt(200) {
                for name in ["a", "b", "c"] {
                    subscriptions.append(xs.subscribe(onNext: { log.append("\(name)\($0)") }))
                }
            }
            scheduler.start()
            subscriptions.forEach { $0.dispose() }
            #expect(log.entries == ["a1", "b1", "c1"])
        }

        @Test func aHotSubscriptionEndsAtItsOwnTerminalEventWhenAnOperatorDeliversLater() {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = scheduler.createHotObservable([.next(210, 1), .completed(300)])
            let observer = scheduler.start { xs.observe(on: scheduler) }
            #expect(observer.events == [.next(211, 1), .completed(301)])
            #expect(xs.subscriptions == [Subscription(200, 300)])
        }

        @Test func aColdSubscriptionEndsAtItsOwnErrorWhenAnOperatorDeliversLater() {
            let scheduler = TestScheduler(initialClock: 0)
            let ys = scheduler.createColdObservable([.next(10, "a"), .error(20, DemoError.boom)])
            let observer = scheduler.start { ys.observe(on: scheduler) }
            #expect(observer.events == [.next(211, "a"), .error(221, DemoError.boom)])
            #expect(ys.subscriptions == [Subscription(200, 220)])
        }

        @Test func throughAnOperatorEventsScriptedAfterTheTerminalEventAreNotDelivered() {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = scheduler.createHotObservable([.next(210, 1), .completed(220), .next(230, 2), .completed(240)])
            let observer = scheduler.start { xs.asObservable() }
            #expect(observer.events == [.next(210, 1), .completed(220)])
            #expect(xs.subscriptions == [Subscription(200, 220)])
        }

        @Test func disposingBeforeTheTerminalEventStillEndsTheSubscriptionThen() {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = scheduler.createHotObservable([.next(210, 1), .completed(300)])
            let observer = scheduler.start(disposed: 250) { xs.observe(on: scheduler) }
            #expect(observer.events == [.next(211, 1)])
            #expect(xs.subscriptions == [Subscription(200, 250)])
        }

        @Test func subscribeOnSubscribesTheTestObservableItselfAndDisposesItOnTheScheduler() {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = scheduler.createHotObservable([.next(210, 1), .completed(300)])
            let observer = scheduler.start { xs.subscribe(on: scheduler) }
            #expect(observer.events == [.next(210, 1), .completed(300)])
            #expect(xs.subscriptions == [Subscription(201, 301)])
        }

        @Test func aDirectHotSubscriptionIsNotEndedByTheTerminalEvent() {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = scheduler.createHotObservable([.next(210, 1), .completed(300)])
            let observer = scheduler.createObserver(Int.self)
            var subscription: (any Disposable)?
            scheduler.scheduleAt(200) { subscription = xs.subscribe(observer) }
            scheduler.start()
            #expect(observer.events == [.next(210, 1), .completed(300)])
            #expect(xs.subscriptions == [Subscription(200)])
            subscription?.dispose()
            #expect(xs.subscriptions == [Subscription(200, 300)])
        }

        @Test func theSchedulerKeepsAnUnretainedHotObservableRunning() {
            let scheduler = TestScheduler(initialClock: 0)
            let observer = scheduler.createObserver(Int.self)
            let subscription = scheduler.createHotObservable([.next(210, 1)]).subscribe(observer)
            scheduler.start()
            subscription.dispose()
            #expect(observer.events == [.next(210, 1)])
        }

        @Test func coldEventsAreRelativeToEachSubscription() {
            let scheduler = TestScheduler(initialClock: 0)
            let ys = scheduler.createColdObservable([.next(10, "a"), .next(20, "b"), .completed(30)])
            let first = scheduler.createObserver(String.self)
            let second = scheduler.createObserver(String.self)
            var subscriptions: [any Disposable] = []
            scheduler.scheduleAt(200) { subscriptions.append(ys.asObservable().subscribe(first)) }
            scheduler.scheduleAt(215) { subscriptions.append(ys.map { $0.uppercased() }.subscribe(second)) }
            scheduler.start()
            #expect(first.events == [.next(210, "a"), .next(220, "b"), .completed(230)])
            #expect(second.events == [.next(225, "A"), .next(235, "B"), .completed(245)])
            #expect(ys.subscriptions == [Subscription(200, 230), Subscription(215, 245)])
        }

        @Test func coldEventsAtOffsetZeroArriveAtTheSubscriptionTime() {
            let scheduler = TestScheduler(initialClock: 0)
            let ys = scheduler.createColdObservable([.next(0, 1), .completed(0)])
            let observer = scheduler.start { ys }
            #expect(observer.events == [.next(200, 1), .completed(200)])
        }

        @Test func disposingAColdSubscriptionCancelsItsRemainingEvents() {
            let scheduler = TestScheduler(initialClock: 0)
            let ys = scheduler.createColdObservable([.next(10, 1), .next(50, 2), .error(60, DemoError.boom)])
            let observer = scheduler.start(disposed: 230) { ys.filter { _ in true } }
            #expect(observer.events == [.next(210, 1)])
            #expect(ys.subscriptions == [Subscription(200, 230)])
        }

        @Test func coldErrorsReachTheObserverAndEndTheSubscription() {
            let scheduler = TestScheduler(initialClock: 0)
            let ys = scheduler.createColdObservable([.next(10, 1), .error(20, DemoError.timeout), .next(30, 2)])
            let observer = scheduler.start { ys.map { $0 } }
            #expect(observer.events == [.next(210, 1), .error(220, DemoError.timeout)])
            #expect(ys.subscriptions == [Subscription(200, 220)])
        }

        @Test func pendingWorkLeftAtTheEndOfATestIsReleasedWithTheScheduler() {
            // Stops half way with subscriptions never disposed: the leak check of
            // AllTests fails if the scheduler, observables and sinks keep each other alive.
            let scheduler = TestScheduler(initialClock: 0)
            let xs = scheduler.createHotObservable([.next(210, 1), .next(400, 2)])
            let ys = scheduler.createColdObservable([.next(10, 1), .next(200, 2)])
            let observer = scheduler.createObserver(Int.self)
            scheduler.scheduleAt(200) {
                _ = xs.map { $0 }.subscribe(observer)
                _ = ys.filter { _ in true }.subscribe(observer)
            }
            scheduler.advanceTo(300)
            #expect(observer.events == [.next(210, 1), .next(210, 1)])
        }
    }
}
