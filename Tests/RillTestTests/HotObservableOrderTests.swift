import Testing
import Rill
import RillTest

extension AllTests {
    /// RxTest's hot observables call their observers in RxSwift's `Bag` order: the
    /// first subscriber's inline slot goes to the next new subscriber once it is
    /// freed, ahead of older ones (measured on RxSwift 6.10.2 with the same code).
    @Suite struct HotObservableOrderTests {
        @Test func aSubscriberThatTakesTheFreedFirstSlotIsCalledFirst() {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = scheduler.createHotObservable([.next(300, 1), .completed(400)])
            let log = RunLog<String>()
            var subscriptions: [String: any Disposable] = [:]
            scheduler.scheduleAt(200) {
                for name in ["first", "second"] {
                    subscriptions[name] = xs.subscribe(onNext: { _ in log.append(name) }, onCompleted: { log.append("\(name)|") })
                }
                subscriptions["first"]?.dispose()
                subscriptions["third"] = xs.subscribe(onNext: { _ in log.append("third") }, onCompleted: { log.append("third|") })
            }
            scheduler.start()
            #expect(log.entries == ["third", "second", "third|", "second|"])
            #expect(xs.subscriptions == [Subscription(200, 200), Subscription(200, 400), Subscription(200, 400)])
        }
    }
}
