import Testing
import Rill

extension AllTests {
    @Suite struct RelayTests {
        @Test func publishRelayDeliversToCurrentSubscribersOnly() {
            let relay = PublishRelay<String>()
            relay.accept("lost")
            var seen: [String] = []
            let subscription = relay.subscribe(onNext: { seen.append($0) })
            relay.accept("a")
            relay.accept("b")
            #expect(seen == ["a", "b"])
            subscription.dispose()
        }

        @Test func behaviorRelayHoldsAndReplaysItsValue() {
            let relay = BehaviorRelay(value: "Inbox")
            #expect(relay.value == "Inbox")
            var seen: [String] = []
            let subscription = relay.subscribe(onNext: { seen.append($0) })
            relay.accept("Inbox (3)")
            #expect(relay.value == "Inbox (3)")
            #expect(seen == ["Inbox", "Inbox (3)"])
            #expect(record(relay) == ["Inbox (3)"])
            subscription.dispose()
        }

        @Test func replayRelayReplaysItsBuffer() {
            let recent = ReplayRelay<String>.create(bufferSize: 2)
            recent.accept("a")
            recent.accept("b")
            recent.accept("c")
            #expect(record(recent) == ["b", "c"])
            let everything = ReplayRelay<Int>.createUnbound()
            for value in 0..<5 { everything.accept(value) }
            #expect(record(everything) == ["0", "1", "2", "3", "4"])
        }

        @Test func relaysNeverEndEvenWhenBoundToASequenceThatCompletes() {
            let publish = PublishRelay<Int>()
            let behavior = BehaviorRelay(value: 0)
            let replay = ReplayRelay<Int>.create(bufferSize: 1)
            var events: [String] = []
            let subscriptions = [
                publish.subscribe { events.append("publish \($0.debugDescription)") },
                behavior.subscribe { events.append("behavior \($0.debugDescription)") },
                replay.subscribe { events.append("replay \($0.debugDescription)") },
            ]
            let bindings = [
                Observable.of(1).bind(to: publish),
                Observable.of(1).bind(to: behavior),
                Observable.of(1).bind(to: replay),
            ]
            publish.accept(2)
            #expect(events == [
                "behavior next(0)", "publish next(1)", "behavior next(1)", "replay next(1)", "publish next(2)",
            ])
            (subscriptions + bindings).forEach { $0.dispose() }
        }

        @Test func asObservableCannotBeCastBackToTheRelay() {
            let publish = PublishRelay<Int>()
            let behavior = BehaviorRelay(value: 0)
            let replay = ReplayRelay<Int>.createUnbound()
            #expect(!(publish.asObservable() is PublishSubject<Int>))
            #expect(!(behavior.asObservable() is BehaviorSubject<Int>))
            #expect(!(replay.asObservable() is ReplaySubject<Int>))
            #expect(!(behavior.asObservable() is any ObserverType))
            #expect(record(behavior.asObservable()) == ["0"])
        }

        @Test func anObserverSubscribedToARelayGetsElementsOnly() {
            let relay = BehaviorRelay(value: 1)
            var events: [String] = []
            let subscription = relay.subscribe(AnyObserver<Int> { events.append($0.debugDescription) })
            relay.accept(2)
            #expect(events == ["next(1)", "next(2)"])
            subscription.dispose()
        }

        @Test func bindingToSeveralRelaysSendsToEachInOrder() {
            let first = PublishRelay<Int>()
            let second = PublishRelay<Int>()
            var log: [String] = []
            let subscriptions = [
                first.subscribe(onNext: { log.append("first \($0)") }),
                second.subscribe(onNext: { log.append("second \($0)") }),
            ]
            let binding = Observable.of(1, 2).bind(to: first, second)
            #expect(log == ["first 1", "second 1", "first 2", "second 2"])
            (subscriptions + [binding]).forEach { $0.dispose() }
        }

        @Test func bindingToRelaysOfOptionalsWrapsEachElement() {
            let publish = PublishRelay<Int?>()
            let behavior = BehaviorRelay<Int?>(value: nil)
            let replay = ReplayRelay<Int?>.createUnbound()
            var seen: [Int?] = []
            let subscription = publish.subscribe(onNext: { seen.append($0) })
            let bindings = [
                Observable.of(1, 2).bind(to: publish),
                Observable.of(3).bind(to: behavior),
                Observable.of(4).bind(to: replay, replay),
            ]
            #expect(seen == [1, 2])
            #expect(behavior.value == 3)
            #expect(record(replay) == ["Optional(4)", "Optional(4)"])
            (bindings + [subscription]).forEach { $0.dispose() }
        }

        @Test func disposingABindingStopsIt() {
            let source = PublishSubject<Int>()
            let relay = BehaviorRelay(value: 0)
            let binding = source.bind(to: relay)
            source.onNext(1)
            binding.dispose()
            source.onNext(2)
            #expect(relay.value == 1)
            #expect(!source.hasObservers)
        }

        #if DEBUG && (os(macOS) || os(Linux) || os(Windows))  // where exit tests run
        @Test func bindingAnErrorToARelayStopsTheProgramInDebugBuilds() async {
            await #expect(processExitsWith: .failure) {
                let relay = PublishRelay<Int>()
                _ = Observable<Int>.error(DemoError.boom).bind(to: relay)
            }
        }
        #endif
    }
}
