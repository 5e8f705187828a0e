import Foundation
import Rill
import RillTest
import Testing

/// One operator as the contract sees it: how to apply it to driven inputs, and
/// which of its closures the contract can check.
struct ContractOperator: Sendable, CustomTestStringConvertible {
    /// What the operator's user closures are, for the closure clauses.
    enum Closure: Sendable {
        /// No user closure.
        case none
        /// A closure that captures the probe but whose throwing the operator does
        /// not turn into an error event (it cannot throw, or runs after a terminal event).
        case captured
        /// A throwing closure; it first runs once the elements and then the given
        /// terminal event have been driven.
        case throwing(Terminal)

        var capturesProbe: Bool {
            if case .none = self { return false }
            return true
        }
    }

    /// A terminal event the contract drives into the inputs.
    enum Terminal: Sendable {
        case completed
        case error
    }

    /// What disposing the only subscription does to the inputs.
    enum Disposal: Sendable {
        /// Disposes every subscription to them at once (the contract).
        case releasesInputs
        /// Leaves the source connected until it ends: `autoconnect`, which by
        /// design never disconnects. The contract checks that it does not.
        case keepsTheSourceConnected
    }

    let name: String
    /// The roles of the inputs, the primary first.
    let inputs: [ContractInputRole]
    let closure: Closure
    /// Whether the operator takes a scheduler (and so also runs the real-time clauses).
    let isTimed: Bool
    /// How the output ends when the contract drives elements and then `terminal`
    /// (the sequence may end earlier, by the operator's own choice).
    let ending: @Sendable (Terminal) -> Ending
    let disposal: Disposal
    let build: @Sendable (ContractBuild) -> ContractOutput

    var testDescription: String { name }

    /// How an output ends.
    enum Ending: Sendable {
        /// With completion.
        case completes
        /// With the error the input failed with.
        case forwardsTheError
        /// With an error of the operator's own.
        case failsByItself

        /// Whether `event` is this ending.
        func matches(_ event: ContractEvent?) -> Bool {
            switch (self, event) {
            case (.completes, .completed?): true
            case (.forwardsTheError, .error(let text)?): text == "\(ContractError.sourceFailed)"
            case (.failsByItself, .error(let text)?): text != "\(ContractError.sourceFailed)"
            default: false
            }
        }
    }

    /// The usual ending: completion completes, an error is forwarded.
    static let forwards: @Sendable (Terminal) -> Ending = { $0 == .completed ? .completes : .forwardsTheError }
    /// An operator that completes by itself before the input ends, or turns the
    /// input's error into elements or a fallback that completes.
    static let completes: @Sendable (Terminal) -> Ending = { _ in .completes }

    /// Where a throwing closure's error is expected: after driving elements and then this event.
    var throwingTerminal: Terminal? {
        if case .throwing(let terminal) = closure { return terminal }
        return nil
    }

    init(
        _ name: String, timed: Bool = false, extra: [ContractInputRole] = [], closure: Closure = .none,
        ending: @escaping @Sendable (Terminal) -> Ending = forwards, disposal: Disposal = .releasesInputs,
        build: @escaping @Sendable (ContractBuild) -> ContractOutput
    ) {
        self.name = name
        self.disposal = disposal
        self.inputs = [.primary] + extra
        self.closure = closure
        self.isTimed = timed
        self.ending = ending
        self.build = build
    }
}

/// What a catalogue entry applies its operator to.
struct ContractBuild {
    let inputs: [ContractInput]
    let probe: ClosureProbe
    /// A `TestScheduler`, or a serial queue for the real-time clauses.
    let scheduler: any SchedulerType
    /// Whether `scheduler` runs in real time.
    let isRealTime: Bool

    /// `units` seconds of virtual time, or milliseconds of real time.
    func time(_ units: Int) -> RxTimeInterval {
        isRealTime ? .milliseconds(units) : .seconds(units)
    }

    /// The primary input.
    var source: Observable<Int> { inputs[0].asObservable() }
    /// The input after the primary.
    var second: Observable<Int> { inputs[1].asObservable() }
    /// The input after the second.
    var third: Observable<Int> { inputs[2].asObservable() }
}

private func output<Element>(_ observable: Observable<Element>) -> ContractOutput {
    ContractOutput(observable)
}

/// Every operator in Sources/Rill/Operators, one entry per overload with its own
/// code path. Deprecated aliases that only forward (`catchError`, `observeOn`,
/// `takeWhile`, ...) are not repeated.
enum OperatorCatalogue {
    static let all: [ContractOperator] =
        transforming + filtering + combining + errorHandling + sharing + time + utility

    static var withClosures: [ContractOperator] { all.filter(\.closure.capturesProbe) }
    static var timed: [ContractOperator] { all.filter(\.isTimed) }
    static var withSeveralInputs: [ContractOperator] { all.filter { $0.inputs.count > 1 } }
    static var withThrowingClosures: [ContractOperator] { all.filter { $0.throwingTerminal != nil } }

    static let transforming: [ContractOperator] = [
        .init("map", closure: .throwing(.completed)) { b in
            let probe = b.probe
            return output(b.source.map { try probe.pass($0) * 10 })
        },
        .init("compactMap", closure: .throwing(.completed)) { b in
            let probe = b.probe
            return output(b.source.compactMap { try probe.pass($0).isMultiple(of: 2) ? nil : $0 })
        },
        .init("scan(_:accumulator:)", closure: .throwing(.completed)) { b in
            let probe = b.probe
            return output(b.source.scan(0) { try probe.pass($0 + $1) })
        },
        .init("scan(into:accumulator:)", closure: .throwing(.completed)) { b in
            let probe = b.probe
            return output(b.source.scan(into: [Int]()) { try probe.check(); $0.append($1) })
        },
        .init("enumerated") { b in output(b.source.enumerated()) },
        .init("startWith") { b in output(b.source.startWith(0)) },
        .init("reduce(_:accumulator:)", closure: .throwing(.completed)) { b in
            let probe = b.probe
            return output(b.source.reduce(0) { try probe.pass($0 + $1) })
        },
        .init("reduce(_:accumulator:mapResult:)", closure: .throwing(.completed)) { b in
            let probe = b.probe
            return output(b.source.reduce(0, accumulator: +) { try probe.pass($0) })
        },
        .init("toArray") { b in output(b.source.toArray().asObservable()) },
        .init("buffer(timeSpan:count:scheduler:)", timed: true) { b in
            output(b.source.buffer(timeSpan: b.time(50), count: 2, scheduler: b.scheduler))
        },
        .init("window(timeSpan:count:scheduler:)", timed: true) { b in
            output(b.source.window(timeSpan: b.time(50), count: 2, scheduler: b.scheduler).merge())
        },
        .init("groupBy(keySelector:)", closure: .throwing(.completed)) { b in
            let probe = b.probe
            return output(b.source.groupBy { try probe.pass($0 % 2) }.map { $0.asObservable() }.merge())
        },
        .init("flatMap", extra: [.mirror], closure: .throwing(.completed)) { b in
            let (probe, inner) = (b.probe, b.second)
            return output(b.source.flatMap { _ in try probe.pass(inner) })
        },
        .init("flatMapFirst", extra: [.mirror], closure: .throwing(.completed)) { b in
            let (probe, inner) = (b.probe, b.second)
            return output(b.source.flatMapFirst { _ in try probe.pass(inner) })
        },
        .init("flatMapLatest", extra: [.mirror], closure: .throwing(.completed)) { b in
            let (probe, inner) = (b.probe, b.second)
            return output(b.source.flatMapLatest { _ in try probe.pass(inner) })
        },
        .init("concatMap", extra: [.mirror], closure: .throwing(.completed)) { b in
            let (probe, inner) = (b.probe, b.second)
            return output(b.source.concatMap { _ in try probe.pass(inner) })
        },
        .init("withUnretained(_:)") { b in
            output(b.source.withUnretained(ContractAnchor.shared).map { _, element in element })
        },
        .init("withUnretained(_:resultSelector:)", closure: .throwing(.completed)) { b in
            let probe = b.probe
            return output(b.source.withUnretained(ContractAnchor.shared) { _, element in try probe.pass(element) })
        },
        .init("decode(type:decoder:)") { b in
            output(b.source.map { Data("\($0)".utf8) }.decode(type: Int.self, decoder: JSONDecoder()))
        },
    ]

    static let filtering: [ContractOperator] = [
        .init("filter", closure: .throwing(.completed)) { b in
            let probe = b.probe
            return output(b.source.filter { try probe.pass($0) != 2 })
        },
        .init("distinctUntilChanged()") { b in output(b.source.distinctUntilChanged()) },
        .init("distinctUntilChanged(_ comparer:)", closure: .throwing(.completed)) { b in
            let probe = b.probe
            return output(b.source.distinctUntilChanged { try probe.pass($0 == $1) })
        },
        .init("distinctUntilChanged(_ keySelector:)", closure: .throwing(.completed)) { b in
            let probe = b.probe
            return output(b.source.distinctUntilChanged { try probe.pass($0 / 2) })
        },
        .init("distinctUntilChanged(_:comparer:)", closure: .throwing(.completed)) { b in
            let probe = b.probe
            return output(b.source.distinctUntilChanged({ try probe.pass($0) }, comparer: { $0 == $1 }))
        },
        .init("distinctUntilChanged(at:)") { b in output(b.source.distinctUntilChanged(at: \.self)) },
        .init("take(_:) ending itself", ending: ContractOperator.completes) { b in output(b.source.take(2)) },
        .init("take(_:) ended by the source") { b in output(b.source.take(10)) },
        .init("take(while:)", closure: .throwing(.completed), ending: ContractOperator.completes) { b in
            let probe = b.probe
            return output(b.source.take(while: { try probe.pass($0) < 3 }))
        },
        .init("take(while:behavior: .inclusive)", closure: .throwing(.completed), ending: ContractOperator.completes) { b in
            let probe = b.probe
            return output(b.source.take(while: { try probe.pass($0) < 2 }, behavior: .inclusive))
        },
        .init("take(until: predicate)", closure: .throwing(.completed), ending: ContractOperator.completes) { b in
            let probe = b.probe
            return output(b.source.take(until: { try probe.pass($0) == 2 }))
        },
        .init("take(until: other) triggered", extra: [.mirror], ending: ContractOperator.completes) { b in output(b.source.take(until: b.second)) },
        .init("take(until: other) silent", extra: [.silent]) { b in output(b.source.take(until: b.second)) },
        .init("take(for:scheduler:)", timed: true) { b in output(b.source.take(for: b.time(50), scheduler: b.scheduler)) },
        .init("takeLast") { b in output(b.source.takeLast(2)) },
        .init("skip(_:)") { b in output(b.source.skip(1)) },
        .init("skip(while:)", closure: .throwing(.completed)) { b in
            let probe = b.probe
            return output(b.source.skip(while: { try probe.pass($0) < 2 }))
        },
        .init("skip(until: other) triggered", extra: [.mirror]) { b in output(b.source.skip(until: b.second)) },
        // No "skip(until: other) silent" entry: as in RxSwift, a source that completes
        // before the other emits leaves the result open for good, and every clause here
        // expects an ending. SkipUntilTests cover that path (the swallowed completion,
        // the error that passes, disposal and subscription order).
        .init("skip(for:scheduler:)", timed: true) { b in output(b.source.skip(for: b.time(2), scheduler: b.scheduler)) },
        .init("element(at:)", ending: ContractOperator.completes) { b in output(b.source.element(at: 1)) },
        .init("first", ending: ContractOperator.completes) { b in output(b.source.first().asObservable()) },
        .init("single()", ending: { _ in .failsByItself }) { b in output(b.source.single()) },
        .init("single(_:)", closure: .throwing(.completed)) { b in
            let probe = b.probe
            return output(b.source.single { try probe.pass($0) == 2 })
        },
        .init("ifEmpty(default:)") { b in output(b.source.ifEmpty(default: -1)) },
        .init("ifEmpty(switchTo:)", extra: [.silent]) { b in output(b.source.ifEmpty(switchTo: b.second)) },
        .init("ignoreElements") { b in output(b.source.ignoreElements()) },
        .init("sample", extra: [.mirror]) { b in output(b.source.sample(b.second)) },
    ]

    static let combining: [ContractOperator] = [
        .init("merge(_:...)", extra: [.mirror]) { b in output(Observable.merge(b.source, b.second)) },
        .init("merge()", extra: [.mirror]) { b in
            let inner = b.second
            return output(b.source.map { _ in inner }.merge())
        },
        .init("merge(maxConcurrent:)", extra: [.mirror]) { b in
            let inner = b.second
            return output(b.source.map { _ in inner }.merge(maxConcurrent: 1))
        },
        .init("concat(_:)", extra: [.silent]) { b in output(b.source.concat(b.second)) },
        .init("Observable.concat(_:)", extra: [.silent]) { b in output(Observable.concat([b.source, b.second])) },
        .init("concat()", extra: [.mirror]) { b in
            let inner = b.second
            return output(b.source.map { _ in inner }.concat())
        },
        .init("switchLatest", extra: [.mirror]) { b in
            let inner = b.second
            return output(b.source.map { _ in inner }.switchLatest())
        },
        .init("zip(_:_:)", extra: [.mirror]) { b in output(Observable.zip(b.source, b.second)) },
        .init("zip(_:_:resultSelector:)", extra: [.mirror], closure: .throwing(.completed)) { b in
            let probe = b.probe
            return output(Observable.zip(b.source, b.second) { try probe.pass($0 + $1) })
        },
        .init("zip(_:_:_:)", extra: [.mirror, .mirror]) { b in output(Observable.zip(b.source, b.second, b.third)) },
        .init("zip(collection)", extra: [.mirror]) { b in output(Observable.zip([b.source, b.second])) },
        .init("combineLatest(_:_:)", extra: [.mirror]) { b in output(Observable.combineLatest(b.source, b.second)) },
        .init("combineLatest(_:_:resultSelector:)", extra: [.mirror], closure: .throwing(.completed)) { b in
            let probe = b.probe
            return output(Observable.combineLatest(b.source, b.second) { try probe.pass($0 + $1) })
        },
        .init("combineLatest(_:_:_:)", extra: [.mirror, .mirror]) { b in
            output(Observable.combineLatest(b.source, b.second, b.third))
        },
        .init("combineLatest(collection:resultSelector:)", extra: [.mirror], closure: .throwing(.completed)) { b in
            let probe = b.probe
            return output(Observable.combineLatest([b.source, b.second]) { try probe.pass($0.reduce(0, +)) })
        },
        .init("amb(_:)", extra: [.mirror]) { b in output(b.source.amb(b.second)) },
        .init("Observable.amb(_:)", extra: [.mirror]) { b in output(Observable.amb([b.source, b.second])) },
        .init("withLatestFrom(_:)", extra: [.mirror]) { b in output(b.source.withLatestFrom(b.second)) },
        .init("withLatestFrom(_:resultSelector:)", extra: [.mirror], closure: .throwing(.completed)) { b in
            let probe = b.probe
            return output(b.source.withLatestFrom(b.second) { try probe.pass($0 + $1) })
        },
    ]

    static let errorHandling: [ContractOperator] = [
        .init("catch", closure: .throwing(.error), ending: ContractOperator.completes) { b in
            let probe = b.probe
            return output(b.source.catch { _ in try probe.pass(Observable.just(-1)) })
        },
        .init("catchAndReturn", ending: ContractOperator.completes) { b in output(b.source.catchAndReturn(-1)) },
        .init("retry(_:)") { b in output(b.source.retry(3)) },
        .init("retry(_:backoff:scheduler:shouldRetry:)", timed: true, closure: .throwing(.error)) { b in
            let probe = b.probe
            return output(b.source.retry(3, backoff: .exponential(initial: b.time(1), maxDelay: b.time(2)), scheduler: b.scheduler) {
                _ in try probe.pass(true)
            })
        },
        .init("retry(when:)", closure: .captured, ending: ContractOperator.completes) { b in
            let probe = b.probe
            return output(b.source.retry { (errors: Observable<any Error>) in
                errors.map { _ in try? probe.check() }.take(2)
            })
        },
    ]

    static let sharing: [ContractOperator] = [
        .init("share()") { b in output(b.source.share()) },
        .init("share(replay: 1, scope: .forever)") { b in output(b.source.share(replay: 1, scope: .forever)) },
        .init("share(replay: 1, scope: .whileConnected)") { b in output(b.source.share(replay: 1, scope: .whileConnected)) },
        .init("share(replay: 0, scope: .forever)") { b in output(b.source.share(scope: .forever)) },
        .init("publish().refCount()") { b in output(b.source.publish().refCount()) },
        .init("replay(_:).refCount()") { b in output(b.source.replay(2).refCount()) },
        .init("replayAll().refCount()") { b in output(b.source.replayAll().refCount()) },
        .init("replay(_:window:scheduler:).refCount()", timed: true) { b in
            output(b.source.replay(2, window: b.time(50), scheduler: b.scheduler).refCount())
        },
        .init("share(replay:window:scheduler:)", timed: true) { b in
            output(b.source.share(replay: 2, window: b.time(50), scheduler: b.scheduler))
        },
        .init("multicast(_:).refCount()") { b in output(b.source.multicast(PublishSubject<Int>()).refCount()) },
        .init("multicast(makeSubject:).refCount()", closure: .captured) { b in
            let probe = b.probe
            return output(b.source.multicast(makeSubject: { () -> PublishSubject<Int> in
                try? probe.check()
                return PublishSubject<Int>()
            }).refCount())
        },
        // The closures run at subscription, before any element: a throw there fails the
        // subscription with nothing subscribed (MulticastTests covers it), so they are
        // `.captured`, like retry(when:)'s handler.
        .init("multicast(_:selector:)", closure: .captured) { b in
            let probe = b.probe
            return output(b.source.multicast({ () -> PublishSubject<Int> in
                try? probe.check()
                return PublishSubject<Int>()
            }, selector: { shared in
                try? probe.check()
                return Observable.zip(shared, shared.skip(1)) { $0 + $1 }
            }))
        },
        // autoconnect never disconnects: disposing its only subscriber leaves the source
        // connected (AutoconnectTests), so the contract expects exactly that. Every other
        // clause applies, since the source's end still releases the connection.
        .init("publish().autoconnect()", disposal: .keepsTheSourceConnected) { b in
            output(b.source.publish().autoconnect())
        },
    ]

    static let time: [ContractOperator] = [
        .init("debounce", timed: true) { b in output(b.source.debounce(b.time(2), scheduler: b.scheduler)) },
        .init("throttle(latest: true)", timed: true) { b in output(b.source.throttle(b.time(2), scheduler: b.scheduler)) },
        .init("throttle(latest: false)", timed: true) { b in
            output(b.source.throttle(b.time(2), latest: false, scheduler: b.scheduler))
        },
        .init("delay", timed: true) { b in output(b.source.delay(b.time(2), scheduler: b.scheduler)) },
        .init("delaySubscription", timed: true) { b in output(b.source.delaySubscription(b.time(2), scheduler: b.scheduler)) },
        .init("timeout(_:scheduler:)", timed: true) { b in output(b.source.timeout(b.time(50), scheduler: b.scheduler)) },
        .init("timeout(_:other:scheduler:)", timed: true, extra: [.silent]) { b in
            output(b.source.timeout(b.time(50), other: b.second, scheduler: b.scheduler))
        },
        .init("timestamp(scheduler:)", timed: true) { b in output(b.source.timestamp(scheduler: b.scheduler)) },
        .init("timeInterval(scheduler:)", timed: true) { b in output(b.source.timeInterval(scheduler: b.scheduler)) },
    ]

    static let utility: [ContractOperator] = [
        .init("do(onNext:)", closure: .throwing(.completed)) { b in
            let probe = b.probe
            return output(b.source.do(onNext: { _ in try probe.check() }))
        },
        .init("do(afterNext:)", closure: .throwing(.completed)) { b in
            let probe = b.probe
            return output(b.source.do(afterNext: { _ in try probe.check() }))
        },
        .init("do(onError:)", closure: .throwing(.error)) { b in
            let probe = b.probe
            return output(b.source.do(onError: { _ in try probe.check() }))
        },
        .init("do(onCompleted:)", closure: .throwing(.completed)) { b in
            let probe = b.probe
            return output(b.source.do(onCompleted: { try probe.check() }))
        },
        .init("do(afterError:)", closure: .captured) { b in
            let probe = b.probe
            return output(b.source.do(afterError: { _ in try probe.check() }))
        },
        .init("do(afterCompleted:)", closure: .captured) { b in
            let probe = b.probe
            return output(b.source.do(afterCompleted: { try probe.check() }))
        },
        .init("do(onSubscribe:onSubscribed:onDispose:)", closure: .captured) { b in
            let probe = b.probe
            return output(b.source.do(
                onSubscribe: { try? probe.check() }, onSubscribed: { try? probe.check() },
                onDispose: { try? probe.check() }
            ))
        },
        .init("materialize", ending: ContractOperator.completes) { b in output(b.source.materialize()) },
        .init("dematerialize") { b in output(b.source.materialize().dematerialize()) },
        .init("observe(on:)", timed: true) { b in output(b.source.observe(on: b.scheduler)) },
        .init("subscribe(on:)", timed: true) { b in output(b.source.subscribe(on: b.scheduler)) },
        .init("debug") { b in output(b.source.debug("contract", trimOutput: true)) },
    ]
}
