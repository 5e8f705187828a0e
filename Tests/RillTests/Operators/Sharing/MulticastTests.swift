import Foundation
import Testing
import Rill
import RillTest

extension AllTests {
    @Suite struct MulticastTests {
        /// A hot source emitting 1...6 every 10 ticks from 210, completing at 280.
        static func hotSource(_ scheduler: TestScheduler, end: Recorded<Event<Int>> = .completed(280)) -> TestableObservable<Int> {
            scheduler.createHotObservable([
                .next(150, 0), .next(210, 1), .next(220, 2), .next(230, 3),
                .next(240, 4), .next(250, 5), .next(260, 6), end,
            ])
        }

        @Test func publishDeliversOnlyWhileConnectedAndSubscribesTheSourcePerConnection() {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = Self.hotSource(scheduler)
            let published = xs.publish()
            let early = scheduler.createObserver(Int.self)
            let late = scheduler.createObserver(Int.self)
            var connection: (any Disposable)?
            scheduler.scheduleAt(200) { _ = published.subscribe(early) }
            scheduler.scheduleAt(215) { connection = published.connect() }
            scheduler.scheduleAt(235) { connection?.dispose() }
            // Disposing the connection dropped the subject: `early` hears nothing more.
            scheduler.scheduleAt(240) { _ = published.subscribe(late) }
            scheduler.scheduleAt(245) { connection = published.connect() }
            scheduler.start()
            #expect(early.events == [.next(220, 2), .next(230, 3)])
            #expect(late.events == [.next(250, 5), .next(260, 6), .completed(280)])
            #expect(xs.subscriptions == [Subscription(215, 235), Subscription(245, 280)])
        }

        @Test func aSecondConnectWhileConnectedReturnsTheSameConnection() {
            let source = PublishSubject<Int>()
            let published = source.publish()
            let first = published.connect()
            let second = published.connect()
            let same = (first as AnyObject) === (second as AnyObject)
            #expect(same)
            second.dispose()
            #expect(!source.hasObservers)
            let third = published.connect()
            let renewed = (first as AnyObject) !== (third as AnyObject)
            #expect(renewed)
            #expect(source.hasObservers)
            third.dispose()
        }

        @Test func withOneSubjectSubscribersStayAttachedAcrossConnections() {
            let source = PublishSubject<Int>()
            let shared = source.multicast(PublishSubject<Int>())
            var seen: [Int] = []
            let subscription = shared.subscribe(onNext: { seen.append($0) })
            let connection = shared.connect()
            source.onNext(1)
            connection.dispose()
            source.onNext(2)
            let again = shared.connect()
            source.onNext(3)
            #expect(seen == [1, 3])
            again.dispose()
            subscription.dispose()
        }

        @Test func withASubjectPerConnectionSubscribersOfADisposedConnectionHearNothingMore() {
            let source = PublishSubject<Int>()
            let published = source.publish()
            var old: [String] = []
            let oldSubscription = published.subscribe(onNext: { old.append("\($0)") }, onCompleted: { old.append("|") })
            let connection = published.connect()
            source.onNext(1)
            connection.dispose()
            var new: [Int] = []
            let newSubscription = published.subscribe(onNext: { new.append($0) })
            let again = published.connect()
            source.onNext(2)
            source.onCompleted()
            #expect(old == ["1"])
            #expect(new == [2])
            again.dispose()
            oldSubscription.dispose()
            newSubscription.dispose()
        }

        @Test func publishGivesAFreshSubjectAfterTheSourceCompleted() {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = scheduler.createColdObservable([.next(10, 1), .completed(20)])
            let published = xs.publish()
            let early = scheduler.createObserver(Int.self)
            let late = scheduler.createObserver(Int.self)
            scheduler.scheduleAt(200) { _ = published.subscribe(early) }
            scheduler.scheduleAt(205) { _ = published.connect() }
            // The first connection ended at 225: this subscriber joins a new subject.
            scheduler.scheduleAt(300) { _ = published.subscribe(late) }
            scheduler.scheduleAt(400) { _ = published.connect() }
            scheduler.start()
            #expect(early.events == [.next(215, 1), .completed(225)])
            #expect(late.events == [.next(410, 1), .completed(420)])
            #expect(xs.subscriptions == [Subscription(205, 225), Subscription(400, 420)])
        }

        @Test func multicastThroughOneSubjectKeepsItsEndForLaterSubscribers() {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = scheduler.createColdObservable([.next(10, 1), .next(20, 2), .completed(30)])
            let shared = xs.multicast(ReplaySubject<Int>.create(bufferSize: 1))
            let late = scheduler.createObserver(Int.self)
            scheduler.scheduleAt(200) { _ = shared.connect() }
            scheduler.scheduleAt(300) { _ = shared.subscribe(late) }
            scheduler.scheduleAt(400) { _ = shared.connect() }
            scheduler.start()
            #expect(late.events == [.next(300, 2), .completed(300)])
            // The second connect subscribes the source again, but the subject had ended.
            #expect(xs.subscriptions == [Subscription(200, 230), Subscription(400, 430)])
        }

        @Test func makeSubjectRunsOncePerConnection() {
            var made = 0
            let source = PublishSubject<Int>()
            let shared = source.multicast(makeSubject: { () -> PublishSubject<Int> in
                made += 1
                return PublishSubject()
            })
            let a = shared.subscribe()
            let b = shared.subscribe()
            #expect(made == 1)
            let connection = shared.connect()
            #expect(made == 1)
            connection.dispose()
            #expect(made == 1)
            let c = shared.subscribe()
            #expect(made == 2)
            [a, b, c].forEach { $0.dispose() }
        }

        @Test func replayGivesLateSubscribersTheLastElementsOfTheConnection() {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = Self.hotSource(scheduler)
            let replayed = xs.replay(2)
            let observer = scheduler.createObserver(Int.self)
            scheduler.scheduleAt(205) { _ = replayed.connect() }
            scheduler.scheduleAt(245) { _ = replayed.subscribe(observer) }
            scheduler.start()
            #expect(observer.events == [.next(245, 3), .next(245, 4), .next(250, 5), .next(260, 6), .completed(280)])
        }

        @Test func replayAllGivesEveryElementOfTheConnectionAndItsEnd() {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = Self.hotSource(scheduler, end: .error(270, DemoError.boom))
            let replayed = xs.replayAll()
            let observer = scheduler.createObserver(Int.self)
            var connection: (any Disposable)?
            scheduler.scheduleAt(205) { connection = replayed.connect() }
            scheduler.scheduleAt(235) { _ = replayed.subscribe(observer) }
            scheduler.scheduleAt(500) { connection?.dispose() }
            scheduler.start()
            #expect(observer.events == [
                .next(235, 1), .next(235, 2), .next(235, 3),
                .next(240, 4), .next(250, 5), .next(260, 6), .error(270, DemoError.boom),
            ])
            #expect(xs.subscriptions == [Subscription(205, 270)])
        }

        @Test func anErrorReachesEverySubscriberAndEndsTheConnection() {
            let source = PublishSubject<Int>()
            let published = source.publish()
            var log: [String] = []
            let a = published.subscribe(onError: { log.append("a \($0)") })
            let b = published.subscribe(onError: { log.append("b \($0)") })
            let connection = published.connect()
            source.onError(DemoError.boom)
            #expect(log == ["a boom", "b boom"])
            #expect(!source.hasObservers)
            let next = published.connect()
            let renewed = (next as AnyObject) !== (connection as AnyObject)
            #expect(renewed)
            [a, b, next].forEach { $0.dispose() }
        }

        @Test func aConnectionDisposedFromInsideItsOwnDeliveryStopsAtOnce() {
            let source = PublishSubject<Int>()
            let published = source.publish()
            var connection: (any Disposable)?
            var seen: [Int] = []
            let subscription = published.subscribe(onNext: { value in
                seen.append(value)
                if value == 2 { connection?.dispose() }
            })
            connection = published.connect()
            source.onNext(1)
            source.onNext(2)
            source.onNext(3)
            #expect(seen == [1, 2])
            #expect(!source.hasObservers)
            subscription.dispose()
        }

        @Test func aSynchronousSourceDeliversToSubscribersAttachedBeforeConnect() {
            let published = Observable.of(1, 2, 3).publish()
            var seen: [String] = []
            let subscription = published.subscribe(onNext: { seen.append("\($0)") }, onCompleted: { seen.append("|") })
            let connection = published.connect()
            #expect(seen == ["1", "2", "3", "|"])
            connection.dispose()
            subscription.dispose()
        }

        @Test func theSelectorFormSharesOneSubscriptionPerSubscriber() {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = Self.hotSource(scheduler)
            let res = scheduler.start {
                xs.multicast({ PublishSubject<Int>() }) { shared in
                    Observable.zip(shared, shared.skip(1)) { $0 * 10 + $1 }
                }
            }
            #expect(res.events == [.next(220, 12), .next(230, 23), .next(240, 34), .next(250, 45), .next(260, 56), .completed(280)])
            #expect(xs.subscriptions == [Subscription(200, 280)])
        }

        @Test func theSelectorFormDisconnectsWhenTheSubscriberDisposes() {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = Self.hotSource(scheduler)
            let res = scheduler.start(disposed: 235) {
                xs.multicast({ PublishSubject<Int>() }) { $0.map { $0 * 2 } }
            }
            #expect(res.events == [.next(210, 2), .next(220, 4), .next(230, 6)])
            #expect(xs.subscriptions == [Subscription(200, 235)])
        }

        @Test func theSelectorFormFailsWhenEitherClosureThrows() {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = Self.hotSource(scheduler)
            let subjectFails = scheduler.start {
                xs.multicast({ () throws -> PublishSubject<Int> in throw DemoError.boom }) { $0 }
            }
            #expect(subjectFails.events == [.error(200, DemoError.boom)])
            let other = TestScheduler(initialClock: 0)
            let ys = Self.hotSource(other)
            let selectorFails = other.start {
                ys.multicast({ PublishSubject<Int>() }) { _ -> Observable<Int> in throw DemoError.timeout }
            }
            #expect(selectorFails.events == [.error(200, DemoError.timeout)])
            #expect(xs.subscriptions == [])
            #expect(ys.subscriptions == [])
        }

        @Test func aCustomSubjectReceivesEventsThroughItsObserver() {
            let subject = RecordingSubject()
            let shared = Observable.of(1, 2).multicast(subject)
            _ = shared.connect()
            #expect(subject.received == ["1", "2", "|"])
        }

        /// A subject written outside Rill: only `on(_:)` and `subscribe(_:)`.
        final class RecordingSubject: SubjectType, ObserverType {
            var received: [String] = []
            func on(_ event: Event<Int>) {
                switch event {
                case .next(let value): received.append("\(value)")
                case .error(let error): received.append("x(\(error))")
                case .completed: received.append("|")
                }
            }
            func subscribe<Observer: ObserverType>(_ observer: Observer) -> any Disposable where Observer.Element == Int {
                Disposables.create()
            }
            func asObserver() -> RecordingSubject { self }
        }
    }
}
