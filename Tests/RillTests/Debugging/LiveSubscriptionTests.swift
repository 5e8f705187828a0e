import Foundation
import Testing
import RillTest
@testable import Rill

extension AllTests {
    @Suite struct LiveSubscriptionTests {
        /// The file's `#fileID`, as sites record it.
        private static let file = "RillTests/LiveSubscriptionTests.swift"

        /// Runs `body` with tracking on (restoring the setting after) and returns what it returns.
        private func tracking<Result>(_ body: () throws -> Result) rethrows -> Result {
            let previous = Resources.isTrackingSubscriptions
            Resources.isTrackingSubscriptions = true
            defer { Resources.isTrackingSubscriptions = previous }
            return try body()
        }

        /// The live subscriptions made in this file (other test targets may subscribe meanwhile).
        private func mine() -> [LiveSubscription] {
            Resources.liveSubscriptions.filter { $0.site.hasPrefix(Self.file) || $0.keptAt?.hasPrefix(Self.file) == true }
        }

        @Test func isOffUnlessTheEnvironmentTurnedItOn() {
            let fromEnvironment = ["1", "true", "YES"].contains(ProcessInfo.processInfo.environment["RILL_TRACK_SUBSCRIPTIONS"] ?? "")
            #expect(Resources.isTrackingSubscriptions == fromEnvironment)
        }

        @Test func aRunningSubscriptionIsListedWithItsSiteAndChainUntilDisposed() {
            let subject = PublishSubject<Int>()
            let (subscription, line) = tracking {
                (subject.map { $0 * 2 }.filter { $0 > 0 }.subscribe(onNext: { _ in }), #line)
            }
            let live = mine()
            #expect(live.map(\.site) == ["\(Self.file):\(line)"])
            #expect(live.first?.chain == ["PublishSubject<Int>", "map", "filter", "subscribe"])
            #expect(live.first.map { $0.age >= 0 && $0.age < 60 } == true)
            subscription.dispose()
            #expect(mine().isEmpty)
        }

        @Test func aSubscriptionIsUnlistedWhenItsSequenceEnds() {
            let subject = PublishSubject<Int>()
            let subscription = tracking { subject.subscribe() }
            #expect(mine().count == 1)
            subject.onCompleted()
            #expect(mine().isEmpty)
            subscription.dispose()
        }

        @Test func aSubscriptionThatEndedWhileSubscribingIsNeverListed() {
            tracking {
                _ = Observable.of(1, 2, 3).map { $0 }.subscribe()
                _ = Observable<Int>.error(DemoError.boom).subscribe(onError: { _ in })
            }
            #expect(mine().isEmpty)
        }

        @Test func subscriptionsMadeWhileTrackingWasOffAreNotListedAndStillDispose() {
            let subject = PublishSubject<Int>()
            let before = subject.subscribe()
            let after = tracking { subject.subscribe() }
            #expect(mine().count == 1)
            before.dispose()
            #expect(mine().count == 1)
            after.dispose()
            #expect(mine().isEmpty)
            #expect(!subject.hasObservers)
        }

        @Test func recordsStayWhenTrackingIsTurnedOffAndGoWithTheirSubscriptions() {
            let subject = PublishSubject<Int>()
            let subscription = tracking { subject.subscribe() }
            #expect(!Resources.isTrackingSubscriptions || ProcessInfo.processInfo.environment["RILL_TRACK_SUBSCRIPTIONS"] != nil)
            #expect(mine().count == 1)
            subscription.dispose()
            #expect(mine().isEmpty)
        }

        @Test func chainsNameTheOperatorsAsTheyAreWritten() {
            let scheduler = TestScheduler(initialClock: 0)
            let query = BehaviorSubject(value: "rill")
            let subscription = tracking {
                query.asObservable()
                    .debounce(.seconds(1), scheduler: scheduler)
                    .flatMapLatest { Observable.just($0.count) }
                    .observe(on: scheduler)
                    .take(while: { $0 < 100 })
                    .subscribe()
            }
            #expect(mine().first?.chain == [
                "BehaviorSubject<String>", "debounce", "flatMapLatest", "observe(on:)", "take(while:)", "subscribe",
            ])
            subscription.dispose()
        }

        @Test func distinctUntilChangedShowsItsUpstream() {
            let subject = PublishSubject<Int>()
            let subscription = tracking { subject.distinctUntilChanged().map { $0 }.subscribe() }
            #expect(mine().first?.chain == ["PublishSubject<Int>", "distinctUntilChanged", "map", "subscribe"])
            subscription.dispose()
        }

        @Test func fixedArityZipAndCombineLatestFollowTheirFirstSource() {
            let first = PublishSubject<Int>()
            let second = PublishSubject<String>()
            let subscriptions = tracking {
                [
                    Observable.zip(first, second).subscribe(),
                    Observable.combineLatest(first, second) { "\($0)\($1)" }.subscribe(),
                ]
            }
            #expect(mine().map(\.chain) == [
                ["PublishSubject<Int>", "zip", "subscribe"],
                ["PublishSubject<Int>", "combineLatest", "subscribe"],
            ])
            subscriptions.forEach { $0.dispose() }
        }

        /// One operator applied to a source, and the name its chain should show.
        struct NamedOperator: Sendable, CustomTestStringConvertible {
            let name: String
            let apply: @Sendable (PublishSubject<Int>) -> AnyObject
            var testDescription: String { name }
        }

        static let operatorsWithTheirNames: [NamedOperator] = [
            NamedOperator(name: "skip(while:)") { $0.skip(while: { $0 < 3 }) },
            NamedOperator(name: "takeLast") { $0.takeLast(2) },
            NamedOperator(name: "element(at:)") { $0.element(at: 1) },
            NamedOperator(name: "ifEmpty") { $0.ifEmpty(default: 0) },
            NamedOperator(name: "sample") { $0.sample(PublishSubject<String>()) },
            NamedOperator(name: "skip(until:)") { $0.skip(until: PublishSubject<String>()) },
            NamedOperator(name: "take(for:)") { $0.take(for: .seconds(1), scheduler: TestScheduler(initialClock: 0)) },
            NamedOperator(name: "single") { $0.single() },
            NamedOperator(name: "ignoreElements") { $0.ignoreElements() },
            NamedOperator(name: "skip(for:)") { $0.skip(.seconds(1), scheduler: TestScheduler(initialClock: 0)) },
            NamedOperator(name: "distinctUntilChanged") { $0.distinctUntilChanged() },
            NamedOperator(name: "distinctUntilChanged") { $0.distinctUntilChanged { $0 / 2 } },
            NamedOperator(name: "zip") { Observable.zip([$0.asObservable(), .never()]) },
            NamedOperator(name: "combineLatest") { Observable.combineLatest([$0.asObservable(), .never()]) },
            NamedOperator(name: "withLatestFrom") { $0.withLatestFrom(PublishSubject<String>()) { first, _ in first } },
            NamedOperator(name: "amb") { $0.amb(Observable<Int>.never()) },
            NamedOperator(name: "window") { $0.window(timeSpan: .seconds(1), count: 2, scheduler: TestScheduler(initialClock: 0)) },
        ]

        @Test(arguments: operatorsWithTheirNames)
        func everyOperatorShowsItsNameAfterItsSource(_ named: NamedOperator) {
            let observable = named.apply(PublishSubject<Int>())
            #expect(ObservableChain.uncachedNames(from: observable, limit: 64) == ["PublishSubject<Int>", named.name])
        }

        @Test func usingStartsTheChainWithNothingBeforeIt() {
            let using = Observable.using({ BooleanDisposable() }, observableFactory: { _ in Observable.just(1) })
            #expect(ObservableChain.uncachedNames(from: using, limit: 64) == ["using"])
        }

        @Test func severalSourcesFollowTheFirst() {
            let first = PublishSubject<Int>()
            let second = PublishSubject<Int>()
            let subscription = tracking { Observable.merge(first, second).subscribe() }
            #expect(mine().first?.chain == ["PublishSubject<Int>", "merge", "subscribe"])
            subscription.dispose()
        }

        @Test func bindingsRecordTheirSiteAndKind() {
            let subject = PublishSubject<Int>()
            let target = PublishSubject<Int>()
            let relay = PublishRelay<Int>()
            let (subscriptions, line) = tracking {
                ([subject.bind(to: target), subject.bind(to: relay), subject.bind(onNext: { _ in })], #line)
            }
            let live = mine()
            #expect(live.map(\.site) == Array(repeating: "\(Self.file):\(line)", count: 3))
            #expect(live.map { $0.chain.last } == ["bind", "bind", "bind"])
            subscriptions.forEach { $0.dispose() }
            #expect(mine().isEmpty)
        }

        @Test func traitSubscriptionsAreListed() {
            let subject = PublishSubject<Int>()
            let (subscription, line) = tracking { (subject.asSingle().subscribe(onSuccess: { _ in }), #line) }
            #expect(mine().map(\.site) == ["\(Self.file):\(line)"])
            #expect(mine().first?.chain == ["PublishSubject<Int>", "asSingle", "subscribe"])
            subscription.dispose()
        }

        @Test func disposedByRecordsTheBagAndGivesASiteToAnObserverSubscription() {
            let subject = PublishSubject<Int>()
            var bag: DisposeBag? = DisposeBag()
            let line = tracking { () -> UInt in
                subject.subscribe(AnyObserver<Int> { _ in }).disposed(by: bag!)
                return #line - 1
            }
            let live = mine()
            #expect(live.map(\.site) == ["\(Self.file):\(line)"])
            #expect(live.map(\.keptAt) == ["\(Self.file):\(line)"])
            bag = nil
            #expect(mine().isEmpty)
        }

        @Test func aSubscriptionReleasedWithItsSourceLeavesTheList() {
            var subject: PublishSubject<Int>? = PublishSubject()
            tracking { _ = subject!.subscribe(onNext: { _ in }) }
            #expect(mine().count == 1)
            subject = nil
            #expect(mine().isEmpty)
        }

        @Test func theReportGroupsBySiteOldestFirstWithCounts() {
            let subject = PublishSubject<Int>()
            var subscriptions: [any Disposable] = []
            let (first, second) = tracking { () -> (UInt, UInt) in
                for _ in 0..<2 { subscriptions.append(subject.map { $0 }.subscribe()) }
                let first: UInt = #line - 1
                subscriptions.append(subject.bind(onNext: { _ in }))
                return (first, #line - 1)
            }
            let report = LiveSubscription.report(mine(), trackingIsOn: true)
            let lines = report.split(separator: "\n").map(String.init)
            #expect(lines.first == "3 live subscriptions at 2 sites, oldest first:")
            #expect(lines.count == 5)
            #expect(lines[1].hasPrefix("  2 × \(Self.file):\(first) (oldest "))
            #expect(lines[2] == "      PublishSubject<Int> → map → subscribe")
            #expect(lines[3].hasPrefix("  1 × \(Self.file):\(second) (oldest "))
            #expect(lines[4] == "      PublishSubject<Int> → bind")
            subscriptions.forEach { $0.dispose() }
        }

        @Test func theReportSaysWhenTrackingIsOff() {
            #expect(LiveSubscription.report([], trackingIsOn: false).contains("RILL_TRACK_SUBSCRIPTIONS=1"))
            #expect(LiveSubscription.report([], trackingIsOn: true) == "No live subscriptions.")
        }

        @Test func concurrentSubscriptionsAndDisposalsLeaveNoRecord() async {
            let subject = PublishSubject<Int>()
            let previous = Resources.isTrackingSubscriptions
            Resources.isTrackingSubscriptions = true
            await withTaskGroup(of: Void.self) { group in
                for _ in 0..<4 {
                    group.addTask {
                        for _ in 0..<500 {
                            let subscription = subject.subscribe(onNext: { _ in })
                            await Task.detached { subscription.dispose() }.value
                            // Ends on another thread, racing its own registration.
                            let ending = Observable<Int>.create { observer in
                                DispatchQueue.global().async { observer.onCompleted() }
                                return Disposables.create()
                            }
                            _ = ending.subscribe()
                        }
                    }
                }
                group.addTask { for value in 0..<2_000 { subject.onNext(value) } }
            }
            Resources.isTrackingSubscriptions = previous
            // The last asynchronous completions may still be on their way.
            for _ in 0..<400 where !mine().isEmpty { try? await Task.sleep(nanoseconds: 5_000_000) }
            #expect(mine().isEmpty)
            #expect(!subject.hasObservers)
        }
    }
}
