import Testing
import Rill
import RillTest

extension AllTests {
    /// RxSwift's subscriber order, wherever RxSwift dispatches through its `Bag`: the
    /// first subscriber sits in an inline slot that is called first; once it leaves,
    /// the next new subscriber takes that slot and is called ahead of older ones;
    /// everyone else follows in subscription order (RxSwift's dictionary tier, past
    /// 31 subscribers, is random; Rill keeps subscription order there).
    ///
    /// Each expectation was measured on RxSwift 6.10.2 with the same code.
    @Suite struct SubscriberOrderTests {
        /// Subscribes "first" and "second", disposes "first", subscribes "third",
        /// runs `emit` and returns who was called, in order.
        private func callOrderAfterTheFirstLeaves<Source: ObservableType>(
            _ source: Source, emit: () -> Void
        ) -> [String] {
            var callOrder: [String] = []
            let first = source.subscribe(onNext: { _ in callOrder.append("first") })
            let second = source.subscribe(onNext: { _ in callOrder.append("second") })
            first.dispose()
            let third = source.subscribe(onNext: { _ in callOrder.append("third") })
            callOrder = []      // what replaying subjects delivered while subscribing
            emit()
            second.dispose()
            third.dispose()
            return callOrder
        }

        // MARK: subjects and relays

        /// The spec's example (003, "In what order subscribers are called"), verbatim.
        @Test func aSubscriberThatTakesTheFreedFirstSlotIsCalledFirst() {
            let refresh = PublishSubject<Void>()
            var callOrder: [String] = []
            let first = refresh.subscribe(onNext: { _ in callOrder.append("first") })
            let second = refresh.subscribe(onNext: { _ in callOrder.append("second") })
            first.dispose()
            let third = refresh.subscribe(onNext: { _ in callOrder.append("third") })

            refresh.onNext(())
            #expect(callOrder == ["third", "second"])
            second.dispose()
            third.dispose()
        }

        @Test func behaviorSubject() {
            let subject = BehaviorSubject(value: 0)
            #expect(callOrderAfterTheFirstLeaves(subject) { subject.onNext(1) } == ["third", "second"])
        }

        @Test func replaySubjectWhoseNewSubscriberCatchesUpInTheFirstSlot() {
            let subject = ReplaySubject<Int>.create(bufferSize: 1)
            subject.onNext(0)
            #expect(callOrderAfterTheFirstLeaves(subject) { subject.onNext(1) } == ["third", "second"])
        }

        @Test func asyncSubjectDeliversItsResultInTheSameOrder() {
            let subject = AsyncSubject<Int>()
            #expect(callOrderAfterTheFirstLeaves(subject) {
                subject.onNext(1)
                subject.onCompleted()
            } == ["third", "second"])
        }

        @Test func terminalEventsFollowTheSameOrder() {
            let subject = PublishSubject<Int>()
            var callOrder: [String] = []
            let first = subject.subscribe(onCompleted: { callOrder.append("first") })
            let second = subject.subscribe(onCompleted: { callOrder.append("second") })
            first.dispose()
            let third = subject.subscribe(onCompleted: { callOrder.append("third") })
            subject.onCompleted()
            #expect(callOrder == ["third", "second"])
            second.dispose()
            third.dispose()
        }

        @Test func relays() {
            let publish = PublishRelay<Int>()
            #expect(callOrderAfterTheFirstLeaves(publish) { publish.accept(1) } == ["third", "second"])
            let behavior = BehaviorRelay(value: 0)
            #expect(callOrderAfterTheFirstLeaves(behavior) { behavior.accept(1) } == ["third", "second"])
            let replay = ReplayRelay<Int>.create(bufferSize: 1)
            #expect(callOrderAfterTheFirstLeaves(replay) { replay.accept(1) } == ["third", "second"])
        }

        @Test func theFirstSlotIsTakenAgainEachTimeItIsFreed() {
            let subject = PublishSubject<Int>()
            var callOrder: [String] = []
            var subscriptions: [String: any Disposable] = [:]
            for name in ["a", "b", "c"] {
                subscriptions[name] = subject.subscribe(onNext: { _ in callOrder.append(name) })
            }
            subscriptions.removeValue(forKey: "a")?.dispose()
            subscriptions["d"] = subject.subscribe(onNext: { _ in callOrder.append("d") })
            subscriptions["e"] = subject.subscribe(onNext: { _ in callOrder.append("e") })
            subject.onNext(1)
            #expect(callOrder == ["d", "b", "c", "e"])
            callOrder = []
            subscriptions.removeValue(forKey: "d")?.dispose()
            subscriptions["f"] = subject.subscribe(onNext: { _ in callOrder.append("f") })
            subject.onNext(2)
            #expect(callOrder == ["f", "b", "c", "e"])
            subscriptions.values.forEach { $0.dispose() }
        }

        /// With 20 subscribers RxSwift's order is deterministic throughout: the
        /// inline slot, then its array in subscription order.
        @Test func twentySubscribersInRxSwiftsOrder() {
            #expect(orderAfterRemovingTheFirstAndTheSixth(of: 20) == [20] + Array(1...4) + Array(6...19) + [21])
        }

        /// Past 31 subscribers RxSwift calls the ones in its dictionary tier in a
        /// random order ([40, 1, 2, 3, 4, 6, ..., 30] then the rest, shuffled);
        /// Rill keeps them in subscription order.
        @Test func beyondThirtyOneSubscribersTheOrderStaysDeterministic() {
            #expect(orderAfterRemovingTheFirstAndTheSixth(of: 40) == [40] + Array(1...4) + Array(6...39) + [41])
        }

        /// Subscribes `count` subscribers, disposes the first and the sixth, adds
        /// two more and returns the order one element reaches them in.
        private func orderAfterRemovingTheFirstAndTheSixth(of count: Int) -> [Int] {
            let subject = PublishSubject<Int>()
            var order: [Int] = []
            var subscriptions = (0..<count).map { index in subject.subscribe(onNext: { _ in order.append(index) }) }
            subscriptions[0].dispose()
            subscriptions[5].dispose()
            subscriptions.append(subject.subscribe(onNext: { _ in order.append(count) }))
            subscriptions.append(subject.subscribe(onNext: { _ in order.append(count + 1) }))
            subject.onNext(1)
            subscriptions.forEach { $0.dispose() }
            return order
        }

        // MARK: sharing

        @Test(arguments: ShareCase.allCases)
        func sharedSequences(_ share: ShareCase) {
            let source = PublishSubject<Int>()
            #expect(callOrderAfterTheFirstLeaves(share.apply(to: source)) { source.onNext(1) } == ["third", "second"])
        }

        enum ShareCase: CaseIterable, Sendable {
            case share, shareReplay1, shareReplay2, shareReplay1Forever, shareForever
            case publishRefCount, replayRefCount, replayAllRefCount, multicastBehaviorRefCount

            func apply(to source: PublishSubject<Int>) -> Observable<Int> {
                switch self {
                case .share: source.share()
                case .shareReplay1: source.share(replay: 1)
                case .shareReplay2: source.share(replay: 2)
                case .shareReplay1Forever: source.share(replay: 1, scope: .forever)
                case .shareForever: source.share(scope: .forever)
                case .publishRefCount: source.publish().refCount()
                case .replayRefCount: source.replay(1).refCount()
                case .replayAllRefCount: source.replayAll().refCount()
                case .multicastBehaviorRefCount: source.multicast(makeSubject: { BehaviorSubject(value: 0) }).refCount()
                }
            }
        }

        @Test func aConnectedPublish() {
            let source = PublishSubject<Int>()
            let published = source.publish()
            let connection = published.connect()
            #expect(callOrderAfterTheFirstLeaves(published) { source.onNext(1) } == ["third", "second"])
            connection.dispose()
        }

        // MARK: where a replayed subscriber takes its place

        /// "x" subscribes while the first slot is free, and from inside its replay
        /// subscribes "z"; returns who receives the next element first. RxSwift's
        /// `BehaviorSubject` and `share(replay: 1)` insert a subscriber before
        /// replaying to it, so "x" took the first slot; its `ReplaySubject` inserts
        /// one after the replay, so "z", which finished first, took it.
        @Test(arguments: [
            (ReplayedCase.replaySubject, ["z1", "x1"]), (.replayRelay, ["z1", "x1"]),
            (.shareReplay2, ["z1", "x1"]), (.shareReplay1Forever, ["z1", "x1"]), (.replayRefCount, ["z1", "x1"]),
            (.behaviorSubject, ["x1", "z1"]), (.shareReplay1, ["x1", "z1"]),
        ])
        func aSubscriberAddedDuringAReplay(_ replayed: ReplayedCase, expected: [String]) {
            let (source, emit) = replayed.make()
            var order: [String] = []
            var z: (any Disposable)?
            let first = source.subscribe(onNext: { _ in })
            let kept = source.subscribe(onNext: { _ in })
            first.dispose()
            let x = source.subscribe(onNext: { value in
                order.append("x\(value)")
                if z == nil { z = source.subscribe(onNext: { order.append("z\($0)") }) }
            })
            order = []
            emit()
            #expect(order == expected)
            x.dispose()
            z?.dispose()
            kept.dispose()
        }

        enum ReplayedCase: CaseIterable, Sendable {
            case replaySubject, replayRelay, shareReplay2, shareReplay1Forever, replayRefCount
            case behaviorSubject, shareReplay1

            /// The source, holding 0 to replay, and how to send it 1.
            func make() -> (Observable<Int>, () -> Void) {
                switch self {
                case .replaySubject:
                    let subject = ReplaySubject<Int>.create(bufferSize: 1)
                    subject.onNext(0)
                    return (subject.asObservable(), { subject.onNext(1) })
                case .replayRelay:
                    let relay = ReplayRelay<Int>.create(bufferSize: 1)
                    relay.accept(0)
                    return (relay.asObservable(), { relay.accept(1) })
                case .behaviorSubject:
                    let subject = BehaviorSubject(value: 0)
                    return (subject.asObservable(), { subject.onNext(1) })
                case .shareReplay2, .shareReplay1Forever, .replayRefCount, .shareReplay1:
                    let subject = PublishSubject<Int>()
                    let source = subject.startWith(0)
                    let shared = switch self {
                    case .shareReplay2: source.share(replay: 2)
                    case .shareReplay1Forever: source.share(replay: 1, scope: .forever)
                    case .replayRefCount: source.replay(1).refCount()
                    default: source.share(replay: 1)
                    }
                    return (shared, { subject.onNext(1) })
                }
            }
        }

        // MARK: operators whose inner observables are subjects in RxSwift

        @Test func aGroupOfGroupBy() {
            let source = PublishSubject<Int>()
            var groups: [GroupedObservable<Int, Int>] = []
            let subscription = source.groupBy { $0 % 2 }.subscribe(onNext: { groups.append($0) })
            source.onNext(0)
            #expect(callOrderAfterTheFirstLeaves(groups[0]) { source.onNext(2) } == ["third", "second"])
            subscription.dispose()
        }

        @Test func aWindow() {
            let scheduler = TestScheduler(initialClock: 0)     // never started: the window stays open
            let source = PublishSubject<Int>()
            var windows: [Observable<Int>] = []
            let subscription = source.window(timeSpan: .seconds(1_000), count: 10, scheduler: scheduler)
                .subscribe(onNext: { windows.append($0) })
            #expect(callOrderAfterTheFirstLeaves(windows[0]) { source.onNext(1) } == ["third", "second"])
            subscription.dispose()
        }

        @Test func theErrorsObservableOfRetryWhen() {
            let source = PublishSubject<Int>()
            let trigger = PublishSubject<Int>()
            var errors: Observable<any Error>?
            let subscription = source.retry(when: { (received: Observable<any Error>) -> PublishSubject<Int> in
                errors = received
                return trigger
            }).subscribe()
            let failures = errors!.map { _ in 0 }
            #expect(callOrderAfterTheFirstLeaves(failures) { source.onError(DemoError.boom) } == ["third", "second"])
            subscription.dispose()
        }

        // MARK: what the order decides

        /// Issue 21's example: `xs` is both the outer and the inner of
        /// `switchLatest`. At 224 the timeout switches to `xs`, whose subscription
        /// takes the freed first slot, so from 310 on it is called before the inner
        /// subscriptions, and the inner that each element makes receives the next
        /// element.
        @Test func whichSubscriberIsCalledFirstDecidesWhatSwitchLatestEmits() {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = scheduler.createHotObservable([
                .next(170, 9), .next(180, 9), .next(310, 9), .next(350, 5), .next(420, 0), .next(590, 0),
            ])
            let observer = scheduler.start {
                xs.timeout(.seconds(24), other: xs, scheduler: scheduler).map { x in xs.map { x * 10 + $0 } }.switchLatest()
            }
            #expect(observer.events == [.next(350, 95), .next(420, 50), .next(590, 0)])
            #expect(xs.subscriptions == [
                Subscription(200, 224), Subscription(224, 1_000), Subscription(310, 350),
                Subscription(350, 420), Subscription(420, 590), Subscription(590, 1_000),
            ])
        }

        /// Issue 21's `sample` case: `xs` feeds both the sampled sequence (through a
        /// `publish().refCount()` that `concat` subscribes again after `take(1)`)
        /// and the sampler. At 214 `take(1)` ends the first connection and `concat`'s
        /// second subscription makes a new one, whose subscription to `xs` takes the
        /// first slot, ahead of the sampler's. So at 260 the sampled sequence
        /// completes before the sampler does, and the sampler's completion ends
        /// `sample` (before, the sampler was called first and the result never
        /// completed).
        @Test func theOrderDecidesWhetherSampleCompletes() {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = scheduler.createHotObservable([.next(214, 5), .completed(260)])
            let observer = scheduler.start { () -> Observable<Int> in
                let shared = xs.publish().refCount()
                return Observable.concat(shared.take(1), shared.map { $0 + 100 }).sample(xs, defaultValue: 42)
            }
            #expect(observer.events == [.next(214, 5), .next(260, 42), .completed(260)])
            #expect(xs.subscriptions == [Subscription(200, 214), Subscription(200, 260), Subscription(214, 260)])
        }

        /// `CompositeDisposable` keeps its disposables in RxSwift's `Bag` too, so
        /// one inserted after the first was removed is disposed first.
        @Test func compositeDisposableDisposesInTheSameOrder() {
            var log: [String] = []
            let group = CompositeDisposable()
            let first = group.insert(Disposables.create { log.append("first") })!
            _ = group.insert(Disposables.create { log.append("second") })
            group.remove(for: first)
            _ = group.insert(Disposables.create { log.append("third") })
            log = []
            group.dispose()
            #expect(log == ["third", "second"])
        }
    }
}
