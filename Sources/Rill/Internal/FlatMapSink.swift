/// The observable behind `flatMap`, `flatMapFirst`, `flatMapLatest` and `concatMap`.
// Sendable: immutable after init; each subscription keeps its own state.
final class FlatMapObservable<Source, Result>: Observable<Result>, @unchecked Sendable {
    private let source: Observable<Source>
    private let selector: (Source) throws -> Observable<Result>
    private let strategy: FlatMapStrategy

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

/// One flatMap-family subscription: owns the outer and inner subscriptions
/// (`FlatMapState` behind a lock) and delivers to `downstream` one event at a
/// time, never under the lock.
final class FlatMapCore<Result>: Disposable, @unchecked Sendable {
    // Sendable: all mutable state is behind `state`'s lock: the state itself, and
    // `waiting` and `waitingHead`, touched only inside `state.withLock`. The
    // downstream is reached only through `delivery`, which is thread-safe.
    private let state: Locked<FlatMapState>
    private let delivery: SerialDeliverer<Result>
    let strategy: FlatMapStrategy
    // Kept so that making an inner sink per inner sequence needs no metadata lookup.
    private let innerSinkType = FlatMapInnerSink<Result>.self
    // Guarded by `state`'s lock (see above), so no dynamic exclusivity check.
    @exclusivity(unchecked) private var waiting: [Observable<Result>] = []
    @exclusivity(unchecked) private var waitingHead = 0

    init(strategy: FlatMapStrategy, downstream: Sink<Result>) {
        self.strategy = strategy
        self.state = Locked(FlatMapState(strategy: strategy))
        self.delivery = SerialDeliverer(downstream: downstream)
        #if DEBUG
        Resources.increment()
        #endif
    }

    deinit {
        #if DEBUG
        Resources.decrement()
        #endif
    }

    func outerSubscribed(_ disposable: any Disposable) {
        state.withLock { $0.outerSubscribed(disposable) }?.dispose()
    }

    var shouldMap: Bool { state.withLock { $0.shouldMap() } }

    func innerArrived(_ source: Observable<Result>) {
        var next: Observable<Result>?
        let action = update(&next) { state in
            let waitingBefore = state.waitingCount
            let action = state.innerArrived()
            if state.waitingCount > waitingBefore { waiting.append(source) }
            return action
        }
        if case .arrived = action.start { next = source }
        perform(action, next)
    }

    func outerCompleted() {
        var next: Observable<Result>?
        perform(update(&next) { $0.outerCompleted() }, next)
    }

    func failed(_ error: any Swift.Error) {
        var next: Observable<Result>?
        perform(update(&next) { $0.failed(error) }, next)
    }

    func innerElement(id: Int, _ element: Result) {
        // Only `latest` drops a live inner's elements (once it is stale); the
        // other strategies need no lock per element. After the end, the
        // deliverer itself drops what comes.
        if strategy == .latest, !state.withLock({ $0.acceptsElement(from: id) }) { return }
        delivery.deliver(element)
    }

    func innerCompleted(id: Int) {
        var next: Observable<Result>?
        perform(update(&next) { $0.innerCompleted(id: id) }, next)
    }

    func innerFailed(id: Int, _ error: any Swift.Error) {
        var next: Observable<Result>?
        perform(update(&next) { $0.innerFailed(id: id, error) }, next)
    }

    func dispose() {
        let disposables = state.withLock { state in
            let disposables = state.disposed()
            waiting = []
            waitingHead = 0
            return disposables
        }
        delivery.dispose()
        for disposable in disposables { disposable.dispose() }
    }

    /// Runs `event` on the state under the lock, and the queue operations it asks
    /// for: takes the next waiting source into `next`, queues a terminal event
    /// that arrived while someone else was delivering.
    private func update(
        _ next: inout Observable<Result>?, _ event: (inout FlatMapState) -> FlatMapAction
    ) -> FlatMapAction {
        state.withLock { state in
            let action = event(&state)
            if case .waiting = action.start { next = takeWaiting() }
            return action
        }
    }

    private func takeWaiting() -> Observable<Result> {
        let source = waiting[waitingHead]
        waitingHead += 1
        if waitingHead == waiting.count {
            waiting.removeAll(keepingCapacity: true)
            waitingHead = 0
        }
        return source
    }

    private func perform(_ action: FlatMapAction, _ next: Observable<Result>?) {
        action.dispose?.dispose()
        if let terminal = action.terminal {
            switch terminal {
            case .completed: delivery.end(nil)
            case .error(let error): delivery.end(error)
            }
        }
        var start = action.start
        var source = next
        while let id = start.map({ start -> Int in
            switch start {
            case .arrived(let id), .waiting(let id): return id
            }
        }), let current = source {
            let sink = innerSinkType.init(core: self, id: id)
            let disposable = Trampoline.run { _ in current.run(sink) }
            source = nil
            let after = update(&source) { $0.innerSubscribed(id: id, disposable) }
            after.dispose?.dispose()
            start = after.start
        }
    }

    /// Delivers what other callers queued while this one was delivering, then
    /// lets go of delivery. The pending events are taken in a second critical
    /// section, so the common path (nothing pending) never mentions `Event`: the
    /// deliverer keeps the right to deliver in between, and anything queued
    /// meanwhile is taken too (a later round then finds nothing).
}

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

/// Receives one inner sequence and forwards it to the core with its id.
final class FlatMapInnerSink<Result>: Sink<Result> {
    private let core: FlatMapCore<Result>
    private let id: Int

    required init(core: FlatMapCore<Result>, id: Int) {
        self.core = core
        self.id = id
    }

    override func onNext(_ element: Result) { core.innerElement(id: id, element) }
    override func onError(_ error: any Swift.Error) { core.innerFailed(id: id, error) }
    override func onCompleted() { core.innerCompleted(id: id) }
}
