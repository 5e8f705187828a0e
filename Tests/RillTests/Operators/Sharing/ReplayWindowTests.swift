import Foundation
import Testing
import Rill
import RillTest

extension AllTests {
    /// `replay(_:window:scheduler:)` and `share(replay:window:scheduler:scope:)`:
    /// replay limited by count and by age, on `TestScheduler`, where one tick is one
    /// second of the scheduler's clock (`.seconds(10)` is 10 ticks). The hot source
    /// is `MulticastTests.hotSource`: 1...6 every 10 ticks from 210, then the end at 280.
    @Suite struct ReplayWindowTests {
        /// Subscribes a new observer to `source` at each of `times` and returns them in order.
        static func subscribers(
            _ scheduler: TestScheduler, to source: Observable<Int>, at times: [TestTime]
        ) -> [TestableObserver<Int>] {
            times.map { time in
                let observer = scheduler.createObserver(Int.self)
                scheduler.scheduleAt(time) { _ = source.subscribe(observer) }
                return observer
            }
        }

        // MARK: replay(_:window:scheduler:)

        @Test func aLateSubscriberGetsAtMostBufferSizeElementsAndOnlyThoseInsideTheWindow() {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = MulticastTests.hotSource(scheduler)
            let replayed = xs.replay(3, window: .seconds(35), scheduler: scheduler)
            scheduler.scheduleAt(200) { _ = replayed.connect() }
            let late = Self.subscribers(scheduler, to: replayed.asObservable(), at: [252, 274, 275, 290])
            scheduler.start()
            // At 252, 2, 3, 4, 5 are inside the window: the buffer holds the last 3.
            #expect(late[0].events == [.next(252, 3), .next(252, 4), .next(252, 5), .next(260, 6), .completed(280)])
            // At 274, 4 is 34 seconds old: still inside.
            #expect(late[1].events == [.next(274, 4), .next(274, 5), .next(274, 6), .completed(280)])
            // At 275, 4 is exactly 35 seconds old: no longer replayed.
            #expect(late[2].events == [.next(275, 5), .next(275, 6), .completed(280)])
            // After the end a subscriber joins the next connection's fresh subject.
            #expect(late[3].events == [])
            #expect(xs.subscriptions == [Subscription(200, 280)])
        }

        @Test func subscribersConnectedBeforeTheElementsReceiveEveryLiveElementWhateverTheWindow() {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = MulticastTests.hotSource(scheduler)
            let replayed = xs.replay(1, window: .seconds(1), scheduler: scheduler)
            let early = Self.subscribers(scheduler, to: replayed.asObservable(), at: [200])
            scheduler.scheduleAt(205) { _ = replayed.connect() }
            scheduler.start()
            #expect(early[0].events == [
                .next(210, 1), .next(220, 2), .next(230, 3), .next(240, 4), .next(250, 5), .next(260, 6), .completed(280),
            ])
            #expect(xs.subscriptions == [Subscription(205, 280)])
        }

        @Test func anErrorReachesSubscribersAfterTheirReplay() {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = MulticastTests.hotSource(scheduler, end: .error(265, DemoError.boom))
            let replayed = xs.replay(2, window: .seconds(12), scheduler: scheduler)
            scheduler.scheduleAt(200) { _ = replayed.connect() }
            let late = Self.subscribers(scheduler, to: replayed.asObservable(), at: [255])
            scheduler.start()
            #expect(late[0].events == [.next(255, 5), .next(260, 6), .error(265, DemoError.boom)])
            #expect(xs.subscriptions == [Subscription(200, 265)])
        }

        @Test func disposingTheConnectionMidStreamDropsTheBufferForTheNextConnection() {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = MulticastTests.hotSource(scheduler)
            let replayed = xs.replay(3, window: .seconds(100), scheduler: scheduler)
            var connection: (any Disposable)?
            scheduler.scheduleAt(200) { connection = replayed.connect() }
            scheduler.scheduleAt(235) { connection?.dispose() }
            scheduler.scheduleAt(245) { connection = replayed.connect() }
            let observers = Self.subscribers(scheduler, to: replayed.asObservable(), at: [232, 247, 255])
            scheduler.start()
            #expect(observers[0].events == [.next(232, 1), .next(232, 2), .next(232, 3)])
            // The second connection's subject starts empty: 1, 2, 3 are not replayed.
            #expect(observers[1].events == [.next(250, 5), .next(260, 6), .completed(280)])
            #expect(observers[2].events == [.next(255, 5), .next(260, 6), .completed(280)])
            #expect(xs.subscriptions == [Subscription(200, 235), Subscription(245, 280)])
        }

        @Test func aSubscriberDisposedMidStreamReceivesNothingMore() {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = MulticastTests.hotSource(scheduler)
            let replayed = xs.replay(2, window: .seconds(20), scheduler: scheduler)
            scheduler.scheduleAt(200) { _ = replayed.connect() }
            let observer = scheduler.createObserver(Int.self)
            var subscription: (any Disposable)?
            scheduler.scheduleAt(235) { subscription = replayed.subscribe(observer) }
            scheduler.scheduleAt(245) { subscription?.dispose() }
            scheduler.start()
            #expect(observer.events == [.next(235, 2), .next(235, 3), .next(240, 4)])
            #expect(xs.subscriptions == [Subscription(200, 280)])
        }

        @Test func refCountReconnectsWithAnEmptyBuffer() {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = MulticastTests.hotSource(scheduler)
            let shared = xs.replay(3, window: .seconds(100), scheduler: scheduler).refCount()
            let a = scheduler.createObserver(Int.self)
            let b = scheduler.createObserver(Int.self)
            let c = scheduler.createObserver(Int.self)
            var subscriptions: [String: any Disposable] = [:]
            scheduler.scheduleAt(205) { subscriptions["a"] = shared.subscribe(a) }
            scheduler.scheduleAt(225) { subscriptions["b"] = shared.subscribe(b) }
            scheduler.scheduleAt(235) {
                subscriptions["a"]?.dispose()
                subscriptions["b"]?.dispose()
            }
            scheduler.scheduleAt(255) { subscriptions["c"] = shared.subscribe(c) }
            scheduler.start()
            #expect(a.events == [.next(210, 1), .next(220, 2), .next(230, 3)])
            #expect(b.events == [.next(225, 1), .next(225, 2), .next(230, 3)])
            // 1, 2 and 3 are inside the window, but they belong to the old connection.
            #expect(c.events == [.next(260, 6), .completed(280)])
            #expect(xs.subscriptions == [Subscription(205, 235), Subscription(255, 280)])
        }

        @Test func aWindowOfZeroOrLessReplaysNoElementButTheSubscribersStillGetLiveOnes() {
            for window in [RxTimeInterval.seconds(0), .seconds(-5)] {
                let scheduler = TestScheduler(initialClock: 0)
                let xs = MulticastTests.hotSource(scheduler)
                let replayed = xs.replay(3, window: window, scheduler: scheduler)
                scheduler.scheduleAt(200) { _ = replayed.connect() }
                let late = Self.subscribers(scheduler, to: replayed.asObservable(), at: [250, 255])
                scheduler.start()
                // At 250 the element arriving at the same tick was sent just before.
                #expect(late[0].events == [.next(260, 6), .completed(280)])
                #expect(late[1].events == [.next(260, 6), .completed(280)])
            }
        }

        @Test func anEndlessWindowReplaysLikeReplayWithoutOne() {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = MulticastTests.hotSource(scheduler)
            let replayed = xs.replay(2, window: .never, scheduler: scheduler)
            scheduler.scheduleAt(200) { _ = replayed.connect() }
            let late = Self.subscribers(scheduler, to: replayed.asObservable(), at: [275])
            scheduler.start()
            #expect(late[0].events == [.next(275, 5), .next(275, 6), .completed(280)])
        }

        @Test func aWindowInMillisecondsCountsOnTheSameClock() {
            // With one millisecond per tick, `.milliseconds(15)` is 15 ticks.
            let scheduler = TestScheduler(initialClock: 0, resolution: 0.001)
            let xs = MulticastTests.hotSource(scheduler)
            let replayed = xs.replay(5, window: .milliseconds(15), scheduler: scheduler)
            scheduler.scheduleAt(200) { _ = replayed.connect() }
            let late = Self.subscribers(scheduler, to: replayed.asObservable(), at: [244, 245])
            scheduler.start()
            #expect(late[0].events == [.next(244, 3), .next(244, 4), .next(250, 5), .next(260, 6), .completed(280)])
            #expect(late[1].events == [.next(245, 4), .next(250, 5), .next(260, 6), .completed(280)])
        }

        // MARK: share(replay:window:scheduler:scope:)

        @Test func shareWithAWindowPassesEveryEventToItsFirstSubscriberAndSubscribesTheSourceOnce() {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = MulticastTests.hotSource(scheduler)
            let res = scheduler.start { xs.share(replay: 2, window: .seconds(15), scheduler: scheduler) }
            #expect(res.events == [
                .next(210, 1), .next(220, 2), .next(230, 3), .next(240, 4), .next(250, 5), .next(260, 6), .completed(280),
            ])
            #expect(xs.subscriptions == [Subscription(200, 280)])
        }

        @Test func shareGivesALateSubscriberOnlyTheElementsInsideTheWindow() {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = MulticastTests.hotSource(scheduler)
            let shared = xs.share(replay: 3, window: .seconds(15), scheduler: scheduler)
            let observers = Self.subscribers(scheduler, to: shared, at: [205, 244, 245])
            scheduler.start()
            #expect(observers[1].events == [.next(244, 3), .next(244, 4), .next(250, 5), .next(260, 6), .completed(280)])
            #expect(observers[2].events == [.next(245, 4), .next(250, 5), .next(260, 6), .completed(280)])
            #expect(xs.subscriptions == [Subscription(205, 280)])
        }

        @Test func shareWhileConnectedStartsEachConnectionWithAnEmptyBuffer() {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = MulticastTests.hotSource(scheduler)
            let shared = xs.share(replay: 3, window: .seconds(30), scheduler: scheduler, scope: .whileConnected)
            let a = scheduler.createObserver(Int.self)
            let afterTheEnd = scheduler.createObserver(Int.self)
            var subscriptions: [any Disposable] = []
            scheduler.scheduleAt(205) { subscriptions.append(shared.subscribe(a)) }
            scheduler.scheduleAt(235) { subscriptions[0].dispose() }
            let late = Self.subscribers(scheduler, to: shared, at: [245])
            scheduler.scheduleAt(290) { subscriptions.append(shared.subscribe(afterTheEnd)) }
            scheduler.scheduleAt(300) { subscriptions[1].dispose() }
            scheduler.start()
            #expect(a.events == [.next(210, 1), .next(220, 2), .next(230, 3)])
            #expect(late[0].events == [.next(250, 5), .next(260, 6), .completed(280)])
            // After the end, a subscriber subscribes the (hot, finished) source again.
            #expect(afterTheEnd.events == [])
            #expect(xs.subscriptions == [Subscription(205, 235), Subscription(245, 280), Subscription(290, 300)])
        }

        @Test func shareForeverKeepsTheBufferAcrossConnectionsAndAfterTheEndWhileInsideTheWindow() {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = MulticastTests.hotSource(scheduler)
            let shared = xs.share(replay: 3, window: .seconds(24), scheduler: scheduler, scope: .forever)
            let a = scheduler.createObserver(Int.self)
            var subscription: (any Disposable)?
            scheduler.scheduleAt(205) { subscription = shared.subscribe(a) }
            scheduler.scheduleAt(235) { subscription?.dispose() }
            let late = Self.subscribers(scheduler, to: shared, at: [245, 282, 300])
            scheduler.start()
            #expect(a.events == [.next(210, 1), .next(220, 2), .next(230, 3)])
            // The old connection's 3 is 15 seconds old; 2 is 25 seconds old.
            #expect(late[0].events == [.next(245, 3), .next(250, 5), .next(260, 6), .completed(280)])
            // After the end: the buffer inside the window, then the end, without a new subscription.
            #expect(late[1].events == [.next(282, 6), .completed(282)])
            #expect(late[2].events == [.completed(300)])
            #expect(xs.subscriptions == [Subscription(205, 235), Subscription(245, 280)])
        }

        @Test func shareForeverReplaysAnErrorAfterTheElementsInsideTheWindow() {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = MulticastTests.hotSource(scheduler, end: .error(270, DemoError.boom))
            let shared = xs.share(replay: 3, window: .seconds(25), scheduler: scheduler, scope: .forever)
            let observers = Self.subscribers(scheduler, to: shared, at: [205, 280])
            scheduler.start()
            #expect(observers[1].events == [.next(280, 6), .error(280, DemoError.boom)])
            #expect(xs.subscriptions == [Subscription(205, 270)])
        }

        @Test func aSubscriberJoiningDuringAReplayGetsItsOwnReplayAndLiveElementsFollow() {
            let scheduler = TestScheduler(initialClock: 0)
            let source = PublishSubject<Int>()
            let shared = source.share(replay: 3, window: .seconds(10), scheduler: scheduler)
            var first: [Int] = []
            let keepAlive = shared.subscribe(onNext: { first.append($0) })
            scheduler.advanceTo(100)
            source.onNext(1)
            scheduler.advanceTo(105)
            source.onNext(2)
            source.onNext(3)
            scheduler.advanceTo(111)   // 1 is 11 seconds old
            var joined: [Int] = []
            var nested: (any Disposable)?
            var joining: [Int] = []
            let subscription = shared.subscribe(onNext: { value in
                joining.append(value)
                guard value == 2, nested == nil else { return }
                // During the replay: a live element, then a second subscriber.
                source.onNext(4)
                nested = shared.subscribe(onNext: { joined.append($0) })
            })
            source.onNext(5)
            #expect(first == [1, 2, 3, 4, 5])
            #expect(joining == [2, 3, 4, 5])
            #expect(joined == [2, 3, 4, 5])
            subscription.dispose()
            nested?.dispose()
            keepAlive.dispose()
            #expect(!source.hasObservers)
        }

        @Test func infallibleShareWithAWindowReplaysOnlyRecentElements() {
            let scheduler = TestScheduler(initialClock: 0)
            let relay = PublishRelay<Int>()
            let shared = relay.asInfallible().share(replay: 2, window: .seconds(5), scheduler: scheduler)
            var first: [Int] = []
            let a = shared.subscribe(onNext: { first.append($0) })
            relay.accept(1)
            scheduler.advanceTo(3)
            relay.accept(2)
            scheduler.advanceTo(6)
            var late: [Int] = []
            let b = shared.subscribe(onNext: { late.append($0) })
            #expect(first == [1, 2])
            #expect(late == [2])
            a.dispose()
            b.dispose()
        }
    }
}
