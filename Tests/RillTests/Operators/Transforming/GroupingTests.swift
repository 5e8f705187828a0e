import Foundation
import Testing
import Rill
import RillTest

extension AllTests {
    /// `groupBy`, `buffer(timeSpan:count:scheduler:)` and `window(timeSpan:count:scheduler:)`.
    @Suite struct GroupingTests {
        @Test func groupByEmitsAGroupPerKeyAndRoutesElementsToIt() {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .next(230, 3), .next(240, 4), .completed(300)])
            let res = scheduler.start {
                xs.groupBy { $0 % 2 == 0 ? "even" : "odd" }
                    .flatMap { group in group.map { "\(group.key) \($0)" } }
            }
            #expect(res.events == [.next(210, "odd 1"), .next(220, "even 2"), .next(230, "odd 3"), .next(240, "even 4"),
                                   .completed(300)])
            #expect(xs.subscriptions == [Subscription(200, 300)])
        }

        @Test func groupByEmitsEachKeyOnce() {
            let keys = Observable.of(1, 2, 3, 4, 5).groupBy { $0 % 3 }.map { $0.key }
            #expect(record(keys) == ["1", "2", "0", "|"])
        }

        @Test func groupByFailsEveryGroupWhenTheSourceFails() {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = scheduler.createHotObservable([.next(210, 1), .error(220, DemoError.boom)])
            let res = scheduler.start { xs.groupBy { $0 }.flatMap { group in group.catch { _ in .just(-group.key) } } }
            #expect(res.events == [.next(210, 1), .next(220, -1), .error(220, DemoError.boom)])
        }

        @Test func groupByTurnsAThrowingKeySelectorIntoAnError() {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(300)])
            let res = scheduler.start {
                xs.groupBy { value -> Int in
                    if value == 2 { throw DemoError.boom }
                    return value
                }.flatMap { $0 }
            }
            #expect(res.events == [.next(210, 1), .error(220, DemoError.boom)])
            #expect(xs.subscriptions == [Subscription(200, 220)])
        }

        @Test func groupByKeepsTheSourceWhileAGroupIsSubscribed() {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = scheduler.createHotObservable([.next(210, 1), .next(260, 1), .completed(300)])
            var groupEvents: [Int] = []
            var groupSubscription: (any Disposable)?
            _ = scheduler.start(disposed: 250) {
                xs.groupBy { $0 }.onFirstElement { group in
                    groupSubscription = group.subscribe(onNext: { groupEvents.append($0) })
                }
            }
            // The result was disposed at 250, but the group still received 260's element.
            #expect(groupEvents == [1, 1])
            #expect(xs.subscriptions == [Subscription(200, 300)])
            groupSubscription?.dispose()
        }

        @Test func groupByDeliversNothingToTheOuterSubscriptionOnceItIsDisposed() {
            // As RxSwift: a disposed outer subscription receives no new group and no
            // terminal event, while a subscribed group keeps receiving its elements.
            let scheduler = TestScheduler(initialClock: 0)
            let xs = scheduler.createHotObservable([
                .next(210, 1), .next(220, 2), .next(260, 3), .next(270, 1), .next(280, 2), .completed(300),
            ])
            let outer = scheduler.createObserver(Int.self)
            var groups: [Int: TestableObserver<Int>] = [:]
            var groupSubscriptions: [any Disposable] = []
            var outerSubscription: (any Disposable)?
            scheduler.scheduleAt(200) {
                outerSubscription = xs.groupBy { $0 % 10 }.subscribe(
                    onNext: { group in
                        outer.onNext(group.key)
                        let observer = scheduler.createObserver(Int.self)
                        groups[group.key] = observer
                        groupSubscriptions.append(group.subscribe(observer))
                    },
                    onError: { outer.onError($0) },
                    onCompleted: { outer.onCompleted() }
                )
            }
            scheduler.scheduleAt(250) { outerSubscription?.dispose() }
            scheduler.scheduleAt(1000) { groupSubscriptions.forEach { $0.dispose() } }
            scheduler.start()
            #expect(outer.events == [.next(210, 1), .next(220, 2)])
            #expect(groups.keys.sorted() == [1, 2])
            #expect(groups[1]?.events == [.next(210, 1), .next(270, 1), .completed(300)])
            #expect(groups[2]?.events == [.next(220, 2), .next(280, 2), .completed(300)])
            #expect(xs.subscriptions == [Subscription(200, 300)])
        }

        @Test func groupByDisposedMidStreamDisposesItsSource() {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = scheduler.createHotObservable([.next(210, 1), .next(260, 2), .completed(300)])
            let res = scheduler.start(disposed: 250) { xs.groupBy { $0 }.flatMap { $0 } }
            #expect(res.events == [.next(210, 1)])
            #expect(xs.subscriptions == [Subscription(200, 250)])
        }

        @Test func bufferEmitsWhenFullOrWhenTheTimeSpanElapses() {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .next(230, 3), .next(300, 4), .completed(320)])
            let res = scheduler.start { xs.buffer(timeSpan: .seconds(50), count: 2, scheduler: scheduler) }
            // Full at 220 (the timer restarts: due 270); 270 emits [3]; 320 completes with [4].
            #expect(res.events == [.next(220, [1, 2]), .next(270, [3]), .next(320, [4]), .completed(320)])
            #expect(xs.subscriptions == [Subscription(200, 320)])
        }

        @Test func bufferEmitsEmptyBuffersWhenNothingArrives() {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = scheduler.createHotObservable([.completed(330, Int.self)])
            let res = scheduler.start { xs.buffer(timeSpan: .seconds(50), count: 10, scheduler: scheduler) }
            #expect(res.events == [.next(250, []), .next(300, []), .next(330, []), .completed(330)])
        }

        @Test func bufferDropsTheOpenBufferOnError() {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = scheduler.createHotObservable([.next(210, 1), .error(220, DemoError.boom)])
            let res = scheduler.start { xs.buffer(timeSpan: .seconds(50), count: 10, scheduler: scheduler) }
            #expect(res.events == [.error(220, DemoError.boom)])
        }

        @Test func bufferDisposedMidStreamStopsItsTimerAndSource() {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = scheduler.createHotObservable([.next(210, 1), .completed(600)])
            let res = scheduler.start(disposed: 280) { xs.buffer(timeSpan: .seconds(50), count: 10, scheduler: scheduler) }
            #expect(res.events == [.next(250, [1])])
            #expect(xs.subscriptions == [Subscription(200, 280)])
        }

        @Test func windowOpensANewWindowWhenFullOrWhenTheTimeSpanElapses() {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .next(230, 3), .next(300, 4), .completed(320)])
            let res = scheduler.start {
                xs.window(timeSpan: .seconds(50), count: 2, scheduler: scheduler)
                    .enumerated()
                    .flatMap { window in window.element.map { "w\(window.index) \($0)" } }
            }
            #expect(res.events == [.next(210, "w0 1"), .next(220, "w0 2"), .next(230, "w1 3"), .next(300, "w2 4"),
                                   .completed(320)])
        }

        @Test func windowEmitsItsFirstWindowOnSubscription() {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = scheduler.createHotObservable([.completed(260, Int.self)])
            let res = scheduler.start { xs.window(timeSpan: .seconds(50), count: 5, scheduler: scheduler).map { _ in "W" } }
            #expect(res.events == [.next(200, "W"), .next(250, "W"), .completed(260)])
        }

        @Test func windowFailsTheOpenWindowAndTheResultOnError() {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = scheduler.createHotObservable([.next(210, 1), .error(220, DemoError.boom)])
            let res = scheduler.start {
                xs.window(timeSpan: .seconds(50), count: 5, scheduler: scheduler)
                    .flatMap { $0.catch { _ in .just(-1) } }
            }
            #expect(res.events == [.next(210, 1), .next(220, -1), .error(220, DemoError.boom)])
        }

        @Test func windowKeepsTheSourceWhileAWindowIsSubscribedAfterTheResultIsDisposed() {
            // As RxSwift: the windows hold the source through a reference count.
            let scheduler = TestScheduler(initialClock: 0)
            let xs = scheduler.createHotObservable([.next(210, 1), .next(260, 2), .next(280, 3), .completed(400)])
            let windows = scheduler.createObserver(String.self)
            var firstWindow: TestableObserver<Int>?
            var windowSubscription: (any Disposable)?
            var outerSubscription: (any Disposable)?
            scheduler.scheduleAt(200) {
                outerSubscription = xs.window(timeSpan: .seconds(1000), count: 2, scheduler: scheduler).subscribe(
                    onNext: { window in
                        windows.onNext("W")
                        guard firstWindow == nil else { return }
                        let observer = scheduler.createObserver(Int.self)
                        firstWindow = observer
                        windowSubscription = window.subscribe(observer)
                    },
                    onCompleted: { windows.onCompleted() }
                )
            }
            scheduler.scheduleAt(250) { outerSubscription?.dispose() }
            scheduler.scheduleAt(1000) { windowSubscription?.dispose() }
            scheduler.start()
            // The second window (opened at 260, when the first got its 2 elements)
            // is not delivered: the result was disposed at 250. The first window's
            // completion at 260 lets go of the last hold on the source.
            #expect(windows.events == [.next(200, "W")])
            #expect(firstWindow?.events == [.next(210, 1), .next(260, 2), .completed(260)])
            #expect(xs.subscriptions == [Subscription(200, 260)])
        }

        @Test func windowReleasesTheSourceWhenTheLastWindowSubscriberGoes() {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = scheduler.createHotObservable([.next(210, 1), .next(260, 2), .completed(400)])
            var windowSubscription: (any Disposable)?
            var outerSubscription: (any Disposable)?
            var received: [Int] = []
            scheduler.scheduleAt(200) {
                outerSubscription = xs.window(timeSpan: .seconds(1000), count: 5, scheduler: scheduler).subscribe(onNext: { window in
                    windowSubscription = window.subscribe(onNext: { received.append($0) })
                })
            }
            scheduler.scheduleAt(220) { outerSubscription?.dispose() }
            scheduler.scheduleAt(300) { windowSubscription?.dispose() }
            scheduler.start()
            #expect(received == [1, 2])
            #expect(xs.subscriptions == [Subscription(200, 300)])
        }

        @Test func windowReleasesTheSourceWhenTheResultIsDisposedWithNoWindowSubscribed() {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = scheduler.createHotObservable([.next(210, 1), .next(260, 2), .completed(400)])
            let res = scheduler.start(disposed: 250) { xs.window(timeSpan: .seconds(1000), count: 2, scheduler: scheduler).map { _ in "W" } }
            #expect(res.events == [.next(200, "W")])
            #expect(xs.subscriptions == [Subscription(200, 250)])
        }
    }
}

extension ObservableType {
    /// Subscribes `body` to the first element only, passing everything on: a test
    /// helper to keep a group subscribed outside the result.
    fileprivate func onFirstElement(_ body: @escaping (Element) -> Void) -> Observable<Element> {
        var isFirst = true
        return map { element in
            if isFirst {
                isFirst = false
                body(element)
            }
            return element
        }
    }
}
