import Foundation
import Testing
import Rill
import RillTest

extension AllTests {
    @Suite struct RefCountTests {
        @Test func connectsWithTheFirstSubscriberAndDisconnectsAfterTheLast() {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = MulticastTests.hotSource(scheduler)
            let shared = xs.publish().refCount()
            let a = scheduler.createObserver(Int.self)
            let b = scheduler.createObserver(Int.self)
            let c = scheduler.createObserver(Int.self)
            var subscriptions: [String: any Disposable] = [:]
            scheduler.scheduleAt(205) { subscriptions["a"] = shared.subscribe(a) }
            scheduler.scheduleAt(215) { subscriptions["b"] = shared.subscribe(b) }
            scheduler.scheduleAt(225) { subscriptions["a"]?.dispose() }
            scheduler.scheduleAt(235) { subscriptions["b"]?.dispose() }
            scheduler.scheduleAt(245) { subscriptions["c"] = shared.subscribe(c) }
            scheduler.start()
            #expect(a.events == [.next(210, 1), .next(220, 2)])
            #expect(b.events == [.next(220, 2), .next(230, 3)])
            #expect(c.events == [.next(250, 5), .next(260, 6), .completed(280)])
            #expect(xs.subscriptions == [Subscription(205, 235), Subscription(245, 280)])
        }

        @Test func aSubscriberAfterTheSourceEndedConnectsAgain() {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = scheduler.createColdObservable([.next(10, 1), .completed(20)])
            let shared = xs.publish().refCount()
            let first = scheduler.createObserver(Int.self)
            let second = scheduler.createObserver(Int.self)
            scheduler.scheduleAt(200) { _ = shared.subscribe(first) }
            scheduler.scheduleAt(300) { _ = shared.subscribe(second) }
            scheduler.start()
            #expect(first.events == [.next(210, 1), .completed(220)])
            #expect(second.events == [.next(310, 1), .completed(320)])
            #expect(xs.subscriptions == [Subscription(200, 220), Subscription(300, 320)])
        }

        @Test func aSubscriberThatEndsWhileSubscribingDoesNotConnect() {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = scheduler.createHotObservable([.next(210, 1)])
            let ended = PublishSubject<Int>()
            ended.onCompleted()
            let res = scheduler.start { xs.multicast(ended).refCount() }
            #expect(res.events == [.completed(200)])
            #expect(xs.subscriptions == [])
        }

        @Test func anErrorReachesEverySubscriberAndAResubscriberConnectsAnew() {
            let scheduler = TestScheduler(initialClock: 0)
            let first = scheduler.createColdObservable([.next(10, 1), .error(20, DemoError.boom)])
            let second = scheduler.createColdObservable([.next(10, 2), .completed(30)])
            var attempts = 0
            let source = Observable<Int>.deferred {
                attempts += 1
                return attempts == 1 ? first.asObservable() : second.asObservable()
            }
            let shared = source.publish().refCount()
            let a = scheduler.createObserver(Int.self)
            let b = scheduler.createObserver(Int.self)
            scheduler.scheduleAt(200) {
                _ = shared.subscribe { event in
                    a.on(event)
                    if case .error = event { _ = shared.subscribe(a) }
                }
            }
            scheduler.scheduleAt(205) { _ = shared.subscribe(b) }
            scheduler.start()
            #expect(a.events == [.next(210, 1), .error(220, DemoError.boom), .next(230, 2), .completed(250)])
            #expect(b.events == [.next(210, 1), .error(220, DemoError.boom)])
            #expect(first.subscriptions == [Subscription(200, 220)])
            #expect(second.subscriptions == [Subscription(220, 250)])
        }

        @Test func aSubscriberOfAnEndedReplaySubjectGetsTheReplayAndDoesNotConnect() {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = scheduler.createHotObservable([.next(210, 1)])
            let ended = ReplaySubject<Int>.create(bufferSize: 2)
            ended.onNext(7)
            ended.onNext(8)
            ended.onCompleted()
            let res = scheduler.start { xs.multicast(ended).refCount() }
            #expect(res.events == [.next(200, 7), .next(200, 8), .completed(200)])
            #expect(xs.subscriptions == [])
        }

        @Test func joiningAConnectionMadeByHandStillCountsEveryoneOutWhenItEnds() {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = scheduler.createColdObservable([.next(10, 1), .completed(20)])
            let connectable = xs.publish()
            let shared = connectable.refCount()
            let first = scheduler.createObserver(Int.self)
            let second = scheduler.createObserver(Int.self)
            scheduler.scheduleAt(200) { _ = connectable.connect() }
            // Joins the hand-made connection; when it ends at 220 the refCount counts
            // its subscriber out before the completion arrives, so a subscriber made
            // in the completion handler connects again.
            scheduler.scheduleAt(205) {
                _ = shared.subscribe { event in
                    first.on(event)
                    if case .completed = event { _ = shared.subscribe(second) }
                }
            }
            scheduler.start()
            #expect(first.events == [.next(210, 1), .completed(220)])
            #expect(second.events == [.next(230, 1), .completed(240)])
            #expect(xs.subscriptions == [Subscription(200, 220), Subscription(220, 240)])
        }

        @Test func aResubscriberBehindAnOperatorConnectsAnewOnCompletion() {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = scheduler.createColdObservable([.next(10, 1), .completed(20)])
            let shared = xs.publish().refCount().map { $0 * 10 }
            let observer = scheduler.createObserver(Int.self)
            var resubscribed = false
            scheduler.scheduleAt(200) {
                _ = shared.subscribe { event in
                    observer.on(event)
                    if case .completed = event, !resubscribed {
                        resubscribed = true
                        _ = shared.subscribe(observer)
                    }
                }
            }
            scheduler.start()
            #expect(observer.events == [.next(210, 10), .completed(220), .next(230, 10), .completed(240)])
            #expect(xs.subscriptions == [Subscription(200, 220), Subscription(220, 240)])
        }

        @Test func anAsyncSubjectMulticastForwardsThroughRefCountsOwnSink() {
            // AsyncSubject has no SubjectCore: refCount puts its sink between the
            // subject and the subscriber and resets the count from the terminal event.
            let scheduler = TestScheduler(initialClock: 0)
            let xs = scheduler.createColdObservable([.next(10, 1), .next(15, 2), .completed(20)])
            let shared = xs.multicast(makeSubject: { AsyncSubject<Int>() }).refCount()
            let first = scheduler.createObserver(Int.self)
            let second = scheduler.createObserver(Int.self)
            scheduler.scheduleAt(200) { _ = shared.subscribe(first) }
            scheduler.scheduleAt(300) { _ = shared.subscribe(second) }
            scheduler.start()
            #expect(first.events == [.next(220, 2), .completed(220)])
            #expect(second.events == [.next(320, 2), .completed(320)])
            #expect(xs.subscriptions == [Subscription(200, 220), Subscription(300, 320)])
        }

        @Test func replayRefCountGivesALateSubscriberTheBufferOfTheRunningConnection() {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = MulticastTests.hotSource(scheduler)
            let shared = xs.replay(1).refCount()
            let a = scheduler.createObserver(Int.self)
            let b = scheduler.createObserver(Int.self)
            scheduler.scheduleAt(205) { _ = shared.subscribe(a) }
            scheduler.scheduleAt(235) { _ = shared.subscribe(b) }
            scheduler.start()
            #expect(b.events == [.next(235, 3), .next(240, 4), .next(250, 5), .next(260, 6), .completed(280)])
            #expect(xs.subscriptions == [Subscription(205, 280)])
        }

        @Test func disposingMidStreamDisconnects() {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = MulticastTests.hotSource(scheduler)
            let res = scheduler.start(disposed: 235) { xs.publish().refCount() }
            #expect(res.events == [.next(210, 1), .next(220, 2), .next(230, 3)])
            #expect(xs.subscriptions == [Subscription(200, 235)])
        }

        @Test func theSourceIsSubscribedOncePerConnectionAndDisposedWithTheLastSubscriber() {
            var subscribed = 0
            var disposed = 0
            let source = Observable<Int>.create { _ in
                subscribed += 1
                return Disposables.create { disposed += 1 }
            }
            let shared = source.publish().refCount()
            let a = shared.subscribe()
            let b = shared.subscribe()
            #expect(subscribed == 1)
            a.dispose()
            #expect(disposed == 0)
            b.dispose()
            b.dispose()
            #expect(disposed == 1)
            let c = shared.subscribe()
            #expect(subscribed == 2)
            c.dispose()
            #expect(disposed == 2)
        }

        @Test func aForeignConnectableObservableGetsRefCount() {
            let source = PublishSubject<Int>()
            let connectable = Wrapped(source.publish())
            let shared = connectable.refCount()
            var seen: [Int] = []
            let subscription = shared.subscribe(onNext: { seen.append($0) })
            source.onNext(1)
            #expect(connectable.connects == 1)
            subscription.dispose()
            #expect(!source.hasObservers)
            #expect(seen == [1])
        }

        /// A connectable observable written outside Rill.
        final class Wrapped: ConnectableObservableType {
            typealias Element = Int
            let inner: ConnectableObservable<Int>
            var connects = 0
            init(_ inner: ConnectableObservable<Int>) { self.inner = inner }
            func connect() -> any Disposable {
                connects += 1
                return inner.connect()
            }
            func subscribe<Observer: ObserverType>(_ observer: Observer) -> any Disposable where Observer.Element == Int {
                inner.subscribe(observer)
            }
        }
    }
}
