import Testing
import Rill
import RillTest

extension AllTests {
    /// When a subscription ends at a terminal event, each part of it is disposed at
    /// the moment RxSwift disposes it: every operator disposes its upstream as soon
    /// as it has passed the terminal event on (and, for `do`, run its `after…`
    /// hook), not when the event reaches the subscriber. Issue 21, rules 2 and 3.
    @Suite struct TerminalDisposalTests {
        /// Hook calls with the virtual time they ran at.
        private final class TimedLog: @unchecked Sendable {
            // Sendable: touched only on the test's thread (virtual time).
            private let scheduler: TestScheduler
            private(set) var entries: [String] = []

            init(_ scheduler: TestScheduler) {
                self.scheduler = scheduler
            }

            func callAsFunction(_ text: String) {
                entries.append("\(scheduler.clock) \(text)")
            }
        }

        /// A `do` whose every hook writes `name` and the hook into `log`.
        private func logged(_ source: Observable<Int>, _ name: String, _ log: TimedLog) -> Observable<Int> {
            source.do(
                onNext: { log("\(name).n\($0)") },
                afterNext: { log("\(name).an\($0)") },
                onError: { _ in log("\(name).e") },
                afterError: { _ in log("\(name).ae") },
                onCompleted: { log("\(name).c") },
                afterCompleted: { log("\(name).ac") },
                onDispose: { log("\(name).dis") }
            )
        }

        // MARK: Rule 2: an operator disposes its upstream as the terminal event passes

        @Test func takeEndsTheSourcesSubscriptionWhenItCompletesNotWhenObserveOnDelivers() {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = scheduler.createHotObservable([
                .next(110, 7), .next(142, 6), .next(270, 0), .next(310, 3), .completed(480),
            ])
            let observer = scheduler.start { xs.take(2).observe(on: scheduler) }
            #expect(observer.events == [.next(271, 0), .next(311, 3), .completed(312)])
            #expect(xs.subscriptions == [Subscription(200, 310)])
        }

        @Test func aDoBeforeObserveOnDisposesItselfAtTheTerminalEventAfterItsAfterHook() {
            let scheduler = TestScheduler(initialClock: 0)
            let log = TimedLog(scheduler)
            let xs = scheduler.createHotObservable([.next(250, 1), .completed(300)])
            let observer = scheduler.start {
                self.logged(self.logged(xs.asObservable(), "A", log).observe(on: scheduler), "B", log)
            }
            #expect(observer.events == [.next(251, 1), .completed(301)])
            #expect(log.entries == [
                "250 A.n1", "250 A.an1", "251 B.n1", "251 B.an1",
                "300 A.c", "300 A.ac", "300 A.dis", "301 B.c", "301 B.ac", "301 B.dis",
            ])
        }

        @Test func firstEndsTheSourcesSubscriptionBeforeObserveOnDelivers() {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = scheduler.createHotObservable([.next(250, 1), .completed(400)])
            let observer = scheduler.start { xs.first().asObservable().map { $0 ?? -1 }.observe(on: scheduler) }
            #expect(observer.events == [.next(251, 1), .completed(252)])
            #expect(xs.subscriptions == [Subscription(200, 250)])
        }

        @Test func doBeforeSubscribeOnRunsOnDisposeAtTheCompletionNotAtTheScheduledDisposal() {
            let scheduler = TestScheduler(initialClock: 0)
            let log = TimedLog(scheduler)
            let xs = scheduler.createColdObservable([.next(0, 3), .next(40, 5), .completed(50)])
            let observer = scheduler.start {
                xs.asObservable()
                    .do(onCompleted: { log("c") }, afterCompleted: { log("ac") }, onDispose: { log("dis") })
                    .subscribe(on: scheduler)
            }
            #expect(observer.events == [.next(201, 3), .next(241, 5), .completed(251)])
            #expect(log.entries == ["251 c", "251 ac", "251 dis"])
            #expect(xs.subscriptions == [Subscription(201, 251)])
        }

        @Test func aSubscriberClosuresOnDisposedRunsBeforeTheChainIsDisposed() {
            let log = EventLog<Int>()
            let source = DrivenSource<Int>()
            let subscription = source.observable
                .do(onDispose: { log.note("do disposed") })
                .map { $0 }
                .subscribe(onCompleted: { log.note("completed") }, onDisposed: { log.note("disposed") })
            source.onCompleted()
            #expect(log.events == ["completed", "disposed", "do disposed"])
            subscription.dispose()
        }

        @Test func disposingASubscriptionDisposesTheChainBeforeOnDisposed() {
            let log = EventLog<Int>()
            let source = DrivenSource<Int>()
            let subscription = source.observable
                .do(onDispose: { log.note("do disposed") })
                .map { $0 }
                .subscribe(onDisposed: { log.note("disposed") })
            subscription.dispose()
            #expect(log.events == ["do disposed", "disposed"])
        }

        // MARK: Rule 3: do's hooks around disposal

        @Test func twoDosRunTheLowerOnesAfterHookBeforeDisposingBoth() {
            let scheduler = TestScheduler(initialClock: 0)
            let log = TimedLog(scheduler)
            let xs = scheduler.createColdObservable([.completed(18)] as [Recorded<Event<Int>>])
            let observer = scheduler.start {
                self.logged(self.logged(xs.asMaybe().asObservable(), "A", log), "B", log)
            }
            #expect(observer.events == [.completed(218)])
            #expect(log.entries == ["218 A.c", "218 B.c", "218 B.ac", "218 A.dis", "218 B.dis", "218 A.ac"])
        }

        /// Each shape RxSwift 6.10 was run on, with its log there: the lowest `do`
        /// runs its `after…` hook before the chain is disposed, a `do` higher up (or
        /// with an operator below it) is disposed before its hook.
        @Test(arguments: [
            ("A", ["300 A.c", "300 A.ac", "300 A.dis"]),
            ("A.map", ["300 A.c", "300 A.dis", "300 A.ac"]),
            ("A.B", ["300 A.c", "300 B.c", "300 B.ac", "300 A.dis", "300 B.dis", "300 A.ac"]),
            ("A.map.B", ["300 A.c", "300 B.c", "300 B.ac", "300 A.dis", "300 B.dis", "300 A.ac"]),
            ("A.B.map", ["300 A.c", "300 B.c", "300 A.dis", "300 B.dis", "300 B.ac", "300 A.ac"]),
            ("A.B.C", [
                "300 A.c", "300 B.c", "300 C.c", "300 C.ac", "300 A.dis", "300 B.dis", "300 C.dis", "300 B.ac", "300 A.ac",
            ]),
            ("A.observeOn", ["300 A.c", "300 A.ac", "300 A.dis"]),
            ("A.delay.B", ["300 A.c", "300 A.dis", "300 A.ac", "305 B.c", "305 B.ac", "305 B.dis"]),
        ])
        func theLowestDoRunsItsAfterHookBeforeTheChainIsDisposed(shape: String, expected: [String]) {
            let scheduler = TestScheduler(initialClock: 0)
            let log = TimedLog(scheduler)
            let xs = scheduler.createHotObservable([.completed(300)] as [Recorded<Event<Int>>])
            let observer = scheduler.start { () -> Observable<Int> in
                var chain = xs.asObservable()
                for step in shape.split(separator: ".") {
                    switch step {
                    case "map": chain = chain.map { $0 }
                    case "observeOn": chain = chain.observe(on: scheduler)
                    case "delay": chain = chain.delay(.seconds(5), scheduler: scheduler)
                    default: chain = self.logged(chain, String(step), log)
                    }
                }
                return chain
            }
            #expect(observer.events.count == 1)
            #expect(log.entries == expected)
        }

        @Test func anErrorRunsTheLowestDosAfterErrorBeforeTheChainIsDisposed() {
            let scheduler = TestScheduler(initialClock: 0)
            let log = TimedLog(scheduler)
            let xs = scheduler.createHotObservable([.error(300, DemoError.boom)] as [Recorded<Event<Int>>])
            let observer = scheduler.start { self.logged(self.logged(xs.asObservable(), "A", log), "B", log) }
            #expect(observer.events == [.error(300, DemoError.boom)])
            #expect(log.entries == ["300 A.e", "300 B.e", "300 B.ae", "300 A.dis", "300 B.dis", "300 A.ae"])
        }

        @Test func whenTakeEndsTheSequenceTheDoBelowItRunsItsAfterHookBeforeTheDoAboveIsDisposed() {
            let scheduler = TestScheduler(initialClock: 0)
            let log = TimedLog(scheduler)
            let xs = scheduler.createHotObservable([.next(250, 1), .completed(300)])
            let observer = scheduler.start { self.logged(self.logged(xs.asObservable(), "A", log).take(1), "B", log) }
            #expect(observer.events == [.next(250, 1), .completed(250)])
            #expect(log.entries == [
                "250 A.n1", "250 B.n1", "250 B.an1", "250 B.c", "250 B.ac", "250 A.dis", "250 B.dis", "250 A.an1",
            ])
        }

        /// `first()` ends the chain while `reduce` is still delivering its result;
        /// the completion `reduce` sends next reaches a disposed `do`, which runs
        /// no handler for it (RxSwift's `reduce` sink, disposed, drops it).
        @Test func aDoDisposedWhileItsUpstreamDeliversRunsNoHandlerForTheNextEvent() {
            let scheduler = TestScheduler(initialClock: 0)
            let log = TimedLog(scheduler)
            let xs = scheduler.createColdObservable([.completed(300)] as [Recorded<Event<Int>>])
            let observer = scheduler.start {
                self.logged(xs.asObservable().reduce(0, accumulator: +), "d", log).first().asObservable().map { $0 ?? -1 }
            }
            #expect(observer.events == [.next(500, 0), .completed(500)])
            #expect(log.entries == ["500 d.n0", "500 d.dis", "500 d.an0"])
        }

        /// As in RxSwift, an input of `zip` or `combineLatest` that fails ends its own
        /// subscription before the error goes on.
        @Test(arguments: ["zip", "combineLatest"])
        func aFailingInputOfAMultiInputOperatorIsDisposedBeforeTheErrorGoesOn(operator name: String) {
            let log = EventLog<Int>()
            let failing = DrivenSource<Int>()
            let other = DrivenSource<Int>()
            let first = failing.observable.do(onDispose: { log.note("failing input disposed") })
            let combined = name == "zip"
                ? Observable.zip(first, other.observable) { $0 + $1 }
                : Observable.combineLatest(first, other.observable) { $0 + $1 }
            let subscription = combined.subscribe(onError: { _ in log.note("error") })
            failing.onError(DemoError.boom)
            #expect(log.events == ["failing input disposed", "error"])
            subscription.dispose()
        }

        /// RxSwift's `share` connection (`.whileConnected`, replay 0 or 1) passes the
        /// terminal event on without ending the source: the `do` above it does so
        /// itself, after its `after…` hook. The other forms are
        /// `multicast(...).refCount()`, whose connection ends the source first.
        @Test(arguments: [
            (0, SubjectLifetimeScope.whileConnected, ["260 d.c", "260 d.ac", "260 d.dis"]),
            (1, .whileConnected, ["260 d.c", "260 d.ac", "260 d.dis"]),
            (2, .whileConnected, ["260 d.c", "260 d.dis", "260 d.ac"]),
            (0, .forever, ["260 d.c", "260 d.dis", "260 d.ac"]),
            (1, .forever, ["260 d.c", "260 d.dis", "260 d.ac"]),
        ])
        func aDoDirectlyAboveShareIsDisposedWhereRxSwiftDisposesIt(replay: Int, scope: SubjectLifetimeScope, expected: [String]) {
            let scheduler = TestScheduler(initialClock: 0)
            let log = TimedLog(scheduler)
            let xs = scheduler.createColdObservable([.completed(60)] as [Recorded<Event<Int>>])
            let observer = scheduler.start { self.logged(xs.asObservable(), "d", log).share(replay: replay, scope: scope) }
            #expect(observer.events == [.completed(260)])
            #expect(log.entries == expected)
        }

        /// Disposing `take(until:)` or `skip(until:)` disposes the source, then the
        /// other sequence, in RxSwift's order.
        @Test(arguments: ["take", "skip"])
        func disposingAnUntilOperatorDisposesTheSourceBeforeTheOther(operator name: String) {
            let log = EventLog<Int>()
            let source = DrivenSource<Int>().observable.do(onDispose: { log.note("source disposed") })
            let other = DrivenSource<Int>().observable.do(onDispose: { log.note("other disposed") })
            let subscription = (name == "take" ? source.take(until: other) : source.skip(until: other)).subscribe()
            subscription.dispose()
            #expect(log.events == ["source disposed", "other disposed"])
        }

        /// `debounce` passes the completion on before it ends its upstream, as in
        /// RxSwift: the `do` above is disposed with the chain, after the lowest `do`'s hook.
        @Test func debounceEndsItsUpstreamAfterPassingTheCompletionOn() {
            let scheduler = TestScheduler(initialClock: 0)
            let log = TimedLog(scheduler)
            let xs = scheduler.createColdObservable([.completed(10)] as [Recorded<Event<Int>>])
            let observer = scheduler.start {
                self.logged(self.logged(xs.asObservable(), "A", log).debounce(.seconds(0), scheduler: scheduler), "B", log)
            }
            #expect(observer.events == [.completed(210)])
            #expect(log.entries == ["210 A.c", "210 B.c", "210 B.ac", "210 A.dis", "210 B.dis", "210 A.ac"])
        }

        /// A terminal event reaching an already disposed `subscribe(on:)` still ends
        /// its upstream then, not later on the scheduler: in RxSwift the sink above
        /// disposes itself after passing the event on.
        @Test func aTerminalEventReachingADisposedSubscribeOnEndsItsUpstreamAtOnce() {
            let scheduler = TestScheduler(initialClock: 0)
            let log = TimedLog(scheduler)
            let xs = scheduler.createColdObservable([.error(40, DemoError.boom)] as [Recorded<Event<Int>>])
            let observer = scheduler.start { () -> Observable<Int> in
                let shared = xs.asObservable().multicast(makeSubject: { AsyncSubject<Int>() }).refCount()
                return self.logged(shared, "d", log).subscribe(on: scheduler).withLatestFrom(shared) { $0 + $1 }
            }
            #expect(observer.events == [.error(240, DemoError.boom)])
            #expect(log.entries == ["240 d.e", "240 d.ae", "240 d.dis"])
        }

        /// A chain that ends while it is being subscribed: each `do` is disposed
        /// right after its `onSubscribed`, innermost first, as RxSwift disposes each
        /// operator once its subscription is in place.
        @Test func dosThatEndWhileSubscribingAreDisposedEachAfterItsOnSubscribed() {
            let log = EventLog<Int>()
            let inner = Observable<Int>.empty().do(onSubscribed: { log.note("A subscribed") }, onDispose: { log.note("A disposed") })
            let outer = inner.do(onSubscribed: { log.note("B subscribed") }, onDispose: { log.note("B disposed") })
            _ = outer.subscribe()
            #expect(log.events == ["A subscribed", "A disposed", "B subscribed", "B disposed"])
        }

        /// A subject calls the sinks subscribed to it itself, in RxSwift as in Rill:
        /// a `do` on it that an earlier subscriber disposed during the same delivery
        /// still gets that event, as in RxSwift (no sink in between drops it there).
        @Test func aDoOnASubjectDisposedDuringTheSubjectsDeliveryStillRunsItsHandlers() {
            let log = EventLog<Int>()
            let subject = PublishSubject<Int>()
            let subscription = subject
                .do(onNext: { log.note("onNext \($0)") }, onDispose: { log.note("onDispose") })
                .take(until: subject)
                .subscribe()
            subject.onNext(1)
            #expect(log.events == ["onDispose", "onNext 1"])
            subscription.dispose()
        }

        @Test func aDoWhoseSubscriptionWasDisposedDuringADeliveryRunsNoHandler() {
            let scheduler = TestScheduler(initialClock: 0)
            let log = TimedLog(scheduler)
            let xs = scheduler.createHotObservable([.next(180, 5), .error(380, DemoError.boom)])
            let observer = scheduler.start {
                self.logged(xs.asObservable(), "d", log).withLatestFrom(xs) { $0 * 10 + $1 }
            }
            #expect(observer.events == [.error(380, DemoError.boom)])
            #expect(log.entries == ["380 d.dis"])
        }
    }
}
