import RillShims

/// The observable behind `flatMap`, `flatMapFirst`, `flatMapLatest`, `concatMap`
/// and `switchLatest`.
// Sendable: immutable after init; each subscription keeps its own state.
// Visible to inlinable code so that the operators build it, and wrap the selector,
// in the caller's specialised code.
@usableFromInline
final class FlatMapObservable<Source, Result>: Observable<Result>, @unchecked Sendable {
    private let source: Observable<Source>
    private let selector: (Source) throws -> Observable<Result>
    private let strategy: FlatMapStrategy

    @usableFromInline
    init(source: Observable<Source>, strategy: FlatMapStrategy, selector: @escaping (Source) throws -> Observable<Result>) {
        self.source = source
        self.selector = selector
        self.strategy = strategy
    }

    override func run(_ sink: Sink<Result>) -> any Disposable {
        let core = FlatMapCore(strategy: strategy, downstream: sink)
        let outer = source.run(FlatMapOuterSink(selector: selector, core: core))
        core.outerSubscribed(outer)
        return core
    }
}

/// One flatMap-family subscription: owns the outer subscription, the running
/// inner sinks and the waiting inner sequences, and delivers to `downstream` one
/// event at a time, never under the lock.
///
/// Each inner sequence gets its own `FlatMapInnerSink`, which keeps its inner
/// subscription itself (`setSubscription`/`close`, an atomic word). The running
/// inner sinks form a linked list under the lock, so disposal finds them and an
/// inner's end is an unlink: an inner costs two critical sections (it started,
/// it ended) and no hashing. A sink that is no longer linked was replaced
/// (`latest`) or disposed: its events no longer count.
final class FlatMapCore<Result>: DisposeBase, Disposable, @unchecked Sendable {
    // Sendable: all mutable state is behind `state`'s lock: the state itself, and
    // `inners` and the inner sinks' links, `LockGuarded` by that lock. The
    // downstream is reached only through `delivery`, which is thread-safe.
    typealias InnerSink = FlatMapInnerSink<Result>


    let state: Locked<FlatMapState>
    private let delivery: SerialDeliverer<Result>
    let strategy: FlatMapStrategy
    // Kept so that making an inner sink per inner sequence needs no metadata lookup.
    private let innerSinkType = InnerSink.self
    // Beside the non-generic `FlatMapState` rather than in it (a state generic over
    // `Result` would cost a metadata lookup per `withLock`), guarded by its lock.
    /// The head of the list of running inner sinks (an `InnerSink`; `AnyObject`, so
    /// that the guarded value is not generic and needs no metadata lookup).
    @exclusivity(unchecked) private var running = LockGuarded<AnyObject?>(nil)
    /// Inner sequences waiting for a slot (`maxConcurrent`, `concat`), oldest first.
    @exclusivity(unchecked) private var waiting = LockGuarded(RingBuffer<Observable<Result>>())

    init(strategy: FlatMapStrategy, downstream: Sink<Result>) {
        self.strategy = strategy
        self.state = Locked(FlatMapState(strategy: strategy))
        self.delivery = SerialDeliverer(downstream: downstream)
    }

    func outerSubscribed(_ disposable: any Disposable) {
        state.withLock { $0.outerSubscribed(disposable) }?.dispose()
    }

    var shouldMap: Bool { state.withLock { $0.shouldMap() } }

    func innerArrived(_ source: Observable<Result>) {
        var sink: InnerSink?
        var replaced: InnerSink?
        state.withLock { state in
            let waitingBefore = state.waitingCount
            let action = state.innerArrived()
            if action.replacesRunning, let previous = runningHead() {
                unlink(previous)
                replaced = previous
            }
            if action.start != nil {
                sink = linkedSink()
            } else if state.waitingCount > waitingBefore {
                waiting.withValue(guardedBy: self.state) { $0.append(source) }
            }
        }
        replaced?.close()
        if let sink { subscribe(source, sink) }
    }

    func outerCompleted() {
        let (action, outer) = state.withLock { state in (state.outerCompleted(), state.takeCompletedOuter()) }
        outer?.dispose()
        end(action.terminal)
    }

    func failed(_ error: any Swift.Error) {
        end(state.withLock { $0.failed(error) }.terminal)
    }

    func innerElement(_ element: Result, from sink: InnerSink) {
        // Only `latest` drops a live inner's elements (once it is replaced); the
        // other strategies need no lock per element. After the end, the deliverer
        // itself drops what comes.
        if strategy == .latest, !state.withLock({ !$0.isStopped && sink.isLinked(guardedBy: self.state) }) { return }
        delivery.deliver(element)
    }

    func innerCompleted(_ sink: InnerSink) {
        var next: InnerSink?
        var source: Observable<Result>?
        let action = state.withLock { state in
            guard sink.isLinked(guardedBy: self.state) else { return FlatMapAction() }
            unlink(sink)
            let action = state.innerCompleted()
            if action.start != nil { (source, next) = (takeWaiting(), linkedSink()) }
            return action
        }
        sink.close()
        end(action.terminal)
        if let source, let next { subscribe(source, next) }
    }

    func innerFailed(_ error: any Swift.Error, from sink: InnerSink) {
        let action = state.withLock { state in
            guard sink.isLinked(guardedBy: self.state) else { return FlatMapAction() }
            unlink(sink)
            return state.innerFailed(error)
        }
        sink.close()
        end(action.terminal)
    }

    func dispose() {
        var sinks: [InnerSink] = []
        var waiting = RingBuffer<Observable<Result>>()
        let outer = state.withLock { state in
            let outer = state.disposed()
            self.waiting.withValue(guardedBy: self.state) { swap(&waiting, &$0) }
            var sink = runningHead()
            running.withValue(guardedBy: self.state) { $0 = nil }
            while let current = sink {
                sink = innerSink(current.links.withValue(guardedBy: self.state) { links in
                    defer { links = FlatMapLinks() }
                    return links.next
                })
                sinks.append(current)
            }
            return outer
        }
        delivery.dispose()
        outer?.dispose()
        // The unlinked sinks are this caller's alone now; the waiting sources are
        // released here, outside the lock.
        for sink in sinks { sink.close() }
        _ = consume waiting
    }

    // MARK: Under the lock

    /// A new inner sink, linked as running.
    private func linkedSink() -> InnerSink {
        let sink = innerSinkType.init(core: self)
        let head = runningHead()
        running.withValue(guardedBy: state) { $0 = sink }
        head?.links.withValue(guardedBy: state) { $0.previous = sink }
        sink.links.withValue(guardedBy: state) { $0 = FlatMapLinks(isLinked: true, next: head) }
        return sink
    }

    private func unlink(_ sink: InnerSink) {
        let links = sink.links.withValue(guardedBy: state) { links in
            defer { links = FlatMapLinks() }
            return links
        }
        let next = innerSink(links.next)
        if let previous = innerSink(links.previous) {
            previous.links.withValue(guardedBy: state) { $0.next = next }
        } else {
            running.withValue(guardedBy: state) { $0 = next }
        }
        next?.links.withValue(guardedBy: state) { $0.previous = links.previous }
    }

    /// The first running inner sink.
    private func runningHead() -> InnerSink? {
        innerSink(running.withValue(guardedBy: state) { $0 })
    }

    /// A list link, as the inner sink it is. (`if let`, not `Optional.map`: a call
    /// to the generic `map` from unspecialised code looks up metadata.)
    @inline(__always)
    private func innerSink(_ link: AnyObject?) -> InnerSink? {
        if let link { return unsafeDowncast(link, to: InnerSink.self) }
        return nil
    }

    private func takeWaiting() -> Observable<Result> {
        waiting.withValue(guardedBy: state) { $0.takeFirst() }
    }

    // MARK: After unlocking

    private func end(_ termination: Termination?) {
        if let termination { delivery.end(termination) }
    }

    /// Subscribes `sink` to `source`; `concat` then goes on with the next waiting
    /// source if the inner finished while subscribing (a loop, not recursion).
    private func subscribe(_ source: Observable<Result>, _ sink: InnerSink) {
        var source = source
        var sink = sink
        while true {
            source.subscribe(sink) { [sink] in sink.setSubscription($0) }
            guard strategy == .concat else { return }
            var next: InnerSink?
            var nextSource: Observable<Result>?
            state.withLock { state in
                if state.concatInnerSubscribed().start != nil { (nextSource, next) = (takeWaiting(), linkedSink()) }
            }
            guard let next, let nextSource else { return }
            (source, sink) = (nextSource, next)
        }
    }
}

/// Receives the outer sequence: maps each element to an inner sequence.
private final class FlatMapOuterSink<Source, Result>: Sink<Source> {
    private let selector: (Source) throws -> Observable<Result>
    private let core: FlatMapCore<Result>

    init(selector: @escaping (Source) throws -> Observable<Result>, core: FlatMapCore<Result>) {
        self.selector = selector
        self.core = core
    }

    override func onNext(_ element: Source) {
        // flatMapFirst does not call the selector for elements it drops.
        if core.strategy == .first && !core.shouldMap { return }
        let inner: Observable<Result>
        do {
            inner = try selector(element)
        } catch {
            return core.failed(error)
        }
        core.innerArrived(inner)
    }

    override func onError(_ error: any Swift.Error) { core.failed(error) }
    override func onCompleted() { core.outerCompleted() }
}

/// Receives one inner sequence, forwards its events to the core, and keeps its
/// subscription.
///
/// The subscription arrives when the inner's `run` returns (`setSubscription`),
/// which may be after the inner ended or was disposed (`close`): whichever of the
/// two comes second disposes it, decided by one atomic word, so an inner's start
/// and end need no lock for it.
final class FlatMapInnerSink<Result>: Sink<Result> {
    // Thread safety: `slotWord` is only touched through C11 atomics (it must stay
    // the first stored property: see `sinkWords(of:)`). `subscription` is written
    // by `setSubscription` before it publishes the word, then touched only by the
    // caller that sees the word move from `set` to `closed`. The links belong to
    // the core's lock.
    private var slotWord = FlatMapInnerSink.subscribing
    // Guarded as described above, so no dynamic exclusivity checks.
    @exclusivity(unchecked) private var subscription: (any Disposable)?
    private let core: FlatMapCore<Result>
    /// This sink's place in the core's list of running inner sinks, guarded by the
    /// core's lock (a child's field its parent's lock guards).
    @exclusivity(unchecked) var links = LockGuarded(FlatMapLinks())

    /// Whether the sink is in the running list. The caller holds `lock` (the core's).
    func isLinked(guardedBy lock: Locked<FlatMapState>) -> Bool {
        links.withValue(guardedBy: lock) { $0.isLinked }
    }

    private static var subscribing: Int { 0 }
    private static var subscribed: Int { 1 }
    private static var closed: Int { 2 }

    required init(core: FlatMapCore<Result>) {
        self.core = core
    }

    override func onNext(_ element: Result) { core.innerElement(element, from: self) }
    override func onError(_ error: any Swift.Error) { core.innerFailed(error, from: self) }
    override func onCompleted() { core.innerCompleted(self) }

    /// The inner's `run` returned `disposable`: keeps it, or disposes it if the
    /// inner already ended or was disposed.
    func setSubscription(_ disposable: any Disposable) {
        let word = sinkWords(of: self)
        // Usual for a synchronous inner (`just`): it ended while subscribing.
        if rill_atomic_load(word) == Self.closed { return disposable.dispose() }
        subscription = disposable
        if !rill_atomic_compare_exchange(word, Self.subscribing, Self.subscribed) {
            subscription = nil
            disposable.dispose()
        }
    }

    /// The inner ended, was replaced or is disposed: disposes its subscription now,
    /// or when it arrives. Later calls do nothing.
    func close() {
        guard rill_atomic_exchange(sinkWords(of: self), Self.closed) == Self.subscribed else { return }
        let disposable = subscription
        subscription = nil
        disposable?.dispose()
    }
}

/// An inner sink's place in its core's list of running inner sinks. Not generic
/// (the neighbours are `FlatMapInnerSink`s of the core's element type, stored as
/// `AnyObject`), so reaching it from unspecialised code needs no metadata lookup.
struct FlatMapLinks {
    /// In the running list: its events count. False once replaced (`latest`),
    /// ended or disposed.
    var isLinked = false
    var next: AnyObject?
    unowned(unsafe) var previous: AnyObject?
}
