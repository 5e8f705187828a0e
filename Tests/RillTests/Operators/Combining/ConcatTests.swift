import Testing
import Rill
import RillTest

extension AllTests {
    @Suite struct ConcatTests {
        @Test func ofWrapsAnArrayAsOneElementWhileFromEmitsItsElements() {
            // The article's example, then concat keeping sources in order.
            #expect(record(Observable.of([1, 2, 3])) == ["[1, 2, 3]", "|"])
            #expect(record(Observable.from([1, 2, 3])) == ["1", "2", "3", "|"])
            #expect(record(Observable.concat(Observable.from([1, 2]), Observable.of(3), Observable.from([4, 5])))
                == ["1", "2", "3", "4", "5", "|"])
        }

        @Test func subscribesTheNextSourceOnlyWhenThePreviousCompletes() {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = scheduler.createColdObservable([.next(10, 1), .next(20, 2), .completed(30)])
            let ys = scheduler.createColdObservable([.next(10, 3), .completed(20)])
            let res = scheduler.start { xs.concat(ys) }
            #expect(res.events == [.next(210, 1), .next(220, 2), .next(240, 3), .completed(250)])
            #expect(xs.subscriptions == [Subscription(200, 230)])
            #expect(ys.subscriptions == [Subscription(230, 250)])
        }

        @Test func anErrorStopsTheChainBeforeLaterSources() {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = scheduler.createColdObservable([.next(10, 1), .error(20, DemoError.boom)])
            let ys = scheduler.createColdObservable([.next(10, 3), .completed(20)])
            let res = scheduler.start { Observable.concat([xs.asObservable(), ys.asObservable()]) }
            #expect(res.events == [.next(210, 1), .error(220, DemoError.boom)])
            #expect(xs.subscriptions == [Subscription(200, 220)])
            #expect(ys.subscriptions == [])
        }

        @Test func disposingMidStreamUnsubscribesTheCurrentSource() {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = scheduler.createColdObservable([.next(10, 1), .completed(20)])
            let ys = scheduler.createColdObservable([.next(10, 3), .next(40, 4), .completed(50)])
            let res = scheduler.start(disposed: 250) { Observable.concat(xs.asObservable(), ys.asObservable()) }
            #expect(res.events == [.next(210, 1), .next(230, 3)])
            #expect(xs.subscriptions == [Subscription(200, 220)])
            #expect(ys.subscriptions == [Subscription(220, 250)])
        }

        @Test func aLongChainOfSynchronousSourcesRunsAtConstantStackDepth() {
            let sources = (0..<20_000).map { Observable.just($0) }
            var count = 0
            _ = Observable.concat(sources).subscribe(onNext: { _ in count += 1 })
            #expect(count == 20_000)
        }

        @Test func aLazySequenceIsPulledOneSourcePerCompletion() {
            var pulled = 0
            let sources = sequence(first: 0) { $0 + 1 }.lazy.map { index -> Observable<Int> in
                pulled += 1
                return Observable.just(index)
            }
            #expect(record(Observable.concat(sources).element(at: 2)) == ["2", "|"])
            #expect(pulled == 3)
        }

        @Test func concatOfObservablesWaitsForEachInner() {
            let scheduler = TestScheduler(initialClock: 0)
            let ys1 = scheduler.createColdObservable([.next(10, 1), .completed(40)])
            let ys2 = scheduler.createColdObservable([.next(10, 2), .completed(20)])
            let xs = scheduler.createHotObservable([
                .next(210, ys1.asObservable()), .next(220, ys2.asObservable()), .completed(230),
            ])
            let res = scheduler.start { xs.concat() }
            #expect(res.events == [.next(220, 1), .next(260, 2), .completed(270)])
            #expect(ys1.subscriptions == [Subscription(210, 250)])
            #expect(ys2.subscriptions == [Subscription(250, 270)])
        }

        @Test func subscribesItsFirstSourceAtOnceNotBehindSiblings() {
            // As RxSwift: concat's own loop, not the thread's trampoline, defers later
            // sources, so inside merge's subscription the first source comes first.
            let order = EventLog<String>()
            func noting(_ name: String) -> Observable<Int> {
                Observable.create { _ in
                    order.note(name)
                    return Disposables.create()
                }
            }
            let subscription = Observable.merge(Observable.concat(noting("first"), noting("second")), noting("sibling")).subscribe()
            #expect(order.events == ["first", "sibling"])
            subscription.dispose()
        }

        @Test func disposesAFinishedSourceBeforeSubscribingTheNext() {
            // A share() between the two disconnects, then connects again.
            let order = EventLog<String>()
            var connections = 0
            let shared = Observable<Int>.create { observer in
                connections += 1
                order.note("connect \(connections)")
                observer.onNext(connections)
                return Disposables.create { order.note("disconnect") }
            }.share()
            let log = EventLog<Int>()
            let subscription = log.subscribe(Observable.concat(shared.take(1), shared.take(1)))
            #expect(log.events == ["1", "2", "|"])
            #expect(order.events == ["connect 1", "disconnect", "connect 2", "disconnect"])
            subscription.dispose()
        }

        @Test func emptyListCompletesAtOnce() {
            #expect(record(Observable<Int>.concat([])) == ["|"])
        }
    }
}
