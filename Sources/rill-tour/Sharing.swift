import Rill
import RillTest

/// Issue 10: cold vs `publish()` + `connect()` vs `refCount()` vs `share(replay:)`,
/// each with how many times the source was subscribed; then replay by time
/// (`share(replay:window:scheduler:)`, beyond RxSwift) on virtual time.
let sharingChapter = Chapter(name: "Sharing", source: "Sources/Rill/Rill.docc/SharingAndMulticasting.md") { tour in
    /// A source that counts its subscriptions and emits 1, 2, 3 when subscribed, then
    /// waits (never completes), so late subscribers show what each operator shares.
    final class CountingSource {
        var subscriptions = 0
        var observable: Observable<Int> {
            Observable.create { observer in
                self.subscriptions += 1
                observer.onNext(1)
                observer.onNext(2)
                observer.onNext(3)
                return Disposables.create()
            }
        }
    }

    tour.section("cold: every subscriber runs the source")
    let cold = CountingSource()
    let coldA = record(cold.observable), coldB = record(cold.observable)
    tour.check("two subscribers got \(coldA) and \(coldB); source subscribed \(cold.subscriptions) times",
               coldA == ["1", "2", "3"] && coldB == coldA && cold.subscriptions == 2)

    tour.section("publish() + connect(): one subscription, started by connect()")
    let published = CountingSource()
    let connectable = published.observable.publish()
    var a: [Int] = [], b: [Int] = []
    let subscriptionA = connectable.subscribe(onNext: { a.append($0) })
    let subscriptionB = connectable.subscribe(onNext: { b.append($0) })
    let before = published.subscriptions
    let connection = connectable.connect()
    tour.check("before connect() the source was subscribed \(before) times; after, \(published.subscriptions); both got \(a)",
               before == 0 && published.subscriptions == 1 && a == [1, 2, 3] && b == a)
    let late = record(connectable)
    tour.check("a subscriber after the emissions got \(late): publish() replays nothing", late.isEmpty)
    connection.dispose()
    subscriptionA.dispose()
    subscriptionB.dispose()

    tour.section("refCount(): the first subscriber connects, the last one disconnects")
    let counted = CountingSource()
    let refCounted = counted.observable.publish().refCount()
    let first = refCounted.subscribe()
    let second = refCounted.subscribe()
    tour.check("two subscribers, source subscribed \(counted.subscriptions) time", counted.subscriptions == 1)
    first.dispose()
    second.dispose()
    let third = refCounted.subscribe()
    tour.check("after both left, a new subscriber connected again: \(counted.subscriptions) subscriptions", counted.subscriptions == 2)
    third.dispose()

    tour.section("share(replay: 1): refCount with the latest element for late subscribers")
    let shared = CountingSource()
    let replaying = shared.observable.share(replay: 1)
    let keep = replaying.subscribe()
    let lateShared = record(replaying)
    tour.check("a late subscriber got \(lateShared); source subscribed \(shared.subscriptions) time",
               lateShared == ["3"] && shared.subscriptions == 1)
    keep.dispose()

    tour.section("share(replay:window:scheduler:): the latest elements, only while recent (beyond RxSwift)")
    let clock = TestScheduler(initialClock: 0)   // one tick is one second
    let prices = PublishSubject<Int>()
    let recentPrices = prices.share(replay: 3, window: .seconds(10), scheduler: clock)
    let keepPrices = recentPrices.subscribe()
    prices.onNext(100)                          // at 0 s
    clock.advanceTo(6)
    prices.onNext(101)                          // at 6 s
    clock.advanceTo(8)
    prices.onNext(102)                          // at 8 s
    clock.advanceTo(12)
    let at12 = record(recentPrices)
    clock.advanceTo(16)
    let at16 = record(recentPrices)
    tour.check("a late subscriber got \(at12) at 12 s (100 is 12 s old) and \(at16) at 16 s (101 is exactly 10 s old: dropped)",
               at12 == ["101", "102"] && at16 == ["102"])
    keepPrices.dispose()
}
