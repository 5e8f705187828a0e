import Foundation
import Testing
import Rill
import RillTest

extension AllTests {
    @Suite struct AutoconnectTests {
        @Test func connectsWhenTheCountIsReachedAndNeverDisconnects() {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = MulticastTests.hotSource(scheduler)
            let shared = xs.publish().autoconnect(2)
            let a = scheduler.createObserver(Int.self)
            let b = scheduler.createObserver(Int.self)
            let c = scheduler.createObserver(Int.self)
            var subscriptions: [any Disposable] = []
            scheduler.scheduleAt(205) { subscriptions.append(shared.subscribe(a)) }
            scheduler.scheduleAt(215) { subscriptions.append(shared.subscribe(b)) }
            scheduler.scheduleAt(225) { subscriptions.forEach { $0.dispose() } }
            scheduler.scheduleAt(245) { subscriptions.append(shared.subscribe(c)) }
            scheduler.start()
            #expect(a.events == [.next(220, 2)])
            #expect(b.events == [.next(220, 2)])
            #expect(c.events == [.next(250, 5), .next(260, 6), .completed(280)])
            #expect(xs.subscriptions == [Subscription(215, 280)])
        }

        @Test func aLaterSubscriberAfterTheEndDoesNotReconnect() {
            var runs = 0
            let source = Observable<Int>.deferred {
                runs += 1
                return .of(1, 2)
            }
            let shared = source.publish().autoconnect()
            #expect(record(shared) == ["1", "2", "|"])
            // A fresh subject for the new subscriber, but no second connection.
            #expect(record(shared) == [])
            #expect(runs == 1)
        }

        @Test func aCountOfZeroConnectsAtOnce() {
            let source = PublishSubject<Int>()
            let shared = source.replay(1).autoconnect(0)
            #expect(source.hasObservers)
            source.onNext(1)
            #expect(record(shared) == ["1"])
            var ended: [String] = []
            let subscription = shared.subscribe(onError: { ended.append("\($0)") })
            source.onError(DemoError.boom)
            #expect(ended == ["boom"])
            #expect(!source.hasObservers)
            subscription.dispose()
        }
    }
}
