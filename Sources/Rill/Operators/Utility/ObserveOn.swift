extension ObservableType {
    /// Delivers every event on `scheduler`, in order, one at a time.
    ///
    /// Subscribers below this operator run their closures on the scheduler: use
    /// `observe(on: MainScheduler.instance)` before closures that touch UI or
    /// main-actor state. Events never overlap, even if the source sends from several
    /// threads at once or the scheduler runs work concurrently. Events that arrive
    /// while earlier ones wait for delivery join them: a burst costs one scheduling,
    /// not one per element. An error or completion is delivered after the elements
    /// that came before it. Disposing stops delivery: no event is delivered after
    /// `dispose()` returns on the delivering thread, and at most the one being
    /// delivered when another thread disposes.
    ///
    /// ```
    /// source (loader queue):          -a-b---c-|
    /// observe(on: MainScheduler.instance) (main queue):
    ///                                 --a-b---c-|
    /// ```
    ///
    /// - Parameter scheduler: Where the events are delivered.
    /// - Returns: The same events, delivered on `scheduler`.
    public func observe(on scheduler: any ImmediateSchedulerType) -> Observable<Element> {
        ObserveOnObservable(source: asObservable(), scheduler: scheduler)
    }

    /// Delivers every event on `scheduler`: the name RxSwift 5 used.
    @available(*, deprecated, renamed: "observe(on:)")
    public func observeOn(_ scheduler: any ImmediateSchedulerType) -> Observable<Element> {
        observe(on: scheduler)
    }
}

// Sendable: immutable after init; each subscription keeps its own state.
private final class ObserveOnObservable<Element>: Observable<Element>, @unchecked Sendable {
    private let source: Observable<Element>
    private let scheduler: any ImmediateSchedulerType

    init(source: Observable<Element>, scheduler: any ImmediateSchedulerType) {
        self.source = source
        self.scheduler = scheduler
    }

    override func run(_ sink: Sink<Element>) -> any Disposable {
        let observeOn = ObserveOnSink(scheduler: scheduler, downstream: sink)
        observeOn.setUpstream(source.run(observeOn))
        return observeOn
    }
}

/// Queues events from the upstream and delivers them downstream on the scheduler.
///
/// The upstream appends under the lock; only the event that finds no drain pending
/// schedules one. The drain takes the whole queue under the lock, delivers it
/// outside, and repeats until the queue is empty, so at most one drain runs at a
/// time and events never overlap.
private final class ObserveOnSink<Element>: Sink<Element>, Disposable, @unchecked Sendable {
    // Sendable: the queue, the upstream and the pending drain are in `state`, behind
    // its lock; `disposed` is atomic; `downstream` is called only by the drain, of
    // which at most one runs at a time (`ObserveOnState.isDraining`).
    private let scheduler: any ImmediateSchedulerType
    private let downstream: Sink<Element>
    private let state = Locked(ObserveOnState<Element>())
    /// Mirrors `state.isDisposed` for the drain's check before each element.
    private let disposed = AtomicWord()

    init(scheduler: any ImmediateSchedulerType, downstream: Sink<Element>) {
        self.scheduler = scheduler
        self.downstream = downstream
    }

    override func onNext(_ element: Element) {
        let drain = state.withLock { $0.elementReceived(element) }
        if let drain { scheduleDrain(drain) }
    }

    override func onError(_ error: any Swift.Error) {
        let drain = state.withLock { $0.terminalReceived(.error(error)) }
        if let drain { scheduleDrain(drain) }
    }

    override func onCompleted() {
        let drain = state.withLock { $0.terminalReceived(.completed) }
        if let drain { scheduleDrain(drain) }
    }

    func setUpstream(_ upstream: any Disposable) {
        let isDisposed = state.withLock { $0.upstreamSubscribed(upstream) }
        if isDisposed { upstream.dispose() }
    }

    private func scheduleDrain(_ drain: ObserveOnState<Element>.Drain) {
        // The sink is the action's state, so the closure captures nothing.
        var scheduled: (any Disposable)? = scheduler.schedule(self) { sink in
            sink.drain()
            return Disposables.create()
        }
        let isStale = state.withLock { $0.drainScheduled(drain, &scheduled) }
        if isStale { scheduled?.dispose() }
        // Whatever `scheduled` holds now (a replaced disposable) is released here,
        // outside the lock.
    }

    private func drain() {
        var batch: [Element] = []
        while true {
            switch state.withLock({ $0.nextBatch(swapping: &batch) }) {
            case .deliver:
                for element in batch {
                    guard disposed.value == 0 else { return }
                    downstream.onNext(element)
                }
                batch.removeAll(keepingCapacity: true)
            case .error(let error):
                return downstream.onError(error)
            case .completed:
                return downstream.onCompleted()
            case .idle:
                return
            }
        }
    }

    func dispose() {
        guard disposed.exchange(1) == 0 else { return }
        let released = state.withLock { $0.disposed() }
        released.upstream?.dispose()
        released.drain?.dispose()
        // The queued events are released here, outside the lock.
    }
}

/// The state of `observe(on:)`: the events waiting for delivery and whether a
/// drain is on its way.
struct ObserveOnState<Element> {
    /// A terminal event waiting behind the queued elements.
    enum Terminal {
        case error(any Swift.Error)
        case completed
    }

    /// A scheduled drain, identified so a late-registered disposable of a drain
    /// that already finished is not kept.
    struct Drain: Equatable {
        fileprivate let generation: Int
    }

    /// What the drain does next.
    enum Step {
        /// Deliver the batch it was handed.
        case deliver
        case error(any Swift.Error)
        case completed
        /// Nothing left: the drain ends, and the next event schedules a new one.
        case idle
    }

    /// What dispose hands back, to dispose and release outside the lock.
    struct Released {
        var upstream: (any Disposable)?
        var drain: (any Disposable)?
        var pending: [Element] = []
        var terminal: Terminal?
    }

    /// Batches above this many elements are not kept for reuse.
    static var reusedCapacity: Int { 1_024 }

    /// Elements waiting for the drain, in arrival order.
    private(set) var pending: [Element] = []
    /// The emptied buffer of the last batch, reused for the next one.
    private var spare: [Element] = []
    private(set) var terminal: Terminal?
    /// A terminal event was queued or delivered: later events are dropped.
    private var isStopped = false
    /// A drain is scheduled or running; events only join the queue.
    private(set) var isDraining = false
    private(set) var isDisposed = false
    private var generation = 0
    private var scheduledDrain: (any Disposable)?
    private var upstream: (any Disposable)?

    /// An element arrived. Returns the drain to schedule, if none is on its way.
    mutating func elementReceived(_ element: Element) -> Drain? {
        guard !isStopped && !isDisposed else { return nil }
        pending.append(element)
        return startDraining()
    }

    /// The upstream ended. Returns the drain to schedule, if none is on its way.
    mutating func terminalReceived(_ event: Terminal) -> Drain? {
        guard !isStopped && !isDisposed else { return nil }
        isStopped = true
        terminal = event
        return startDraining()
    }

    private mutating func startDraining() -> Drain? {
        guard !isDraining else { return nil }
        isDraining = true
        generation += 1
        return Drain(generation: generation)
    }

    /// The scheduler accepted `drain`. Keeps `disposable` while that drain may
    /// still be pending, handing back the one it replaces; a drain that already ran
    /// (perhaps synchronously) has nothing left to cancel. Returns true if the
    /// subscription was disposed meanwhile: `disposable` must be disposed.
    mutating func drainScheduled(_ drain: Drain, _ disposable: inout (any Disposable)?) -> Bool {
        if isDisposed { return true }
        if isDraining && drain.generation == generation { swap(&scheduledDrain, &disposable) }
        return false
    }

    /// The drain asks for more. `batch` is its emptied buffer; on `.deliver` it
    /// holds the queued elements instead.
    mutating func nextBatch(swapping batch: inout [Element]) -> Step {
        precondition(isDraining && batch.isEmpty, "Internal inconsistency: observe(on:) drain out of turn")
        if isDisposed { return .idle }
        if !pending.isEmpty {
            if batch.capacity < spare.capacity { swap(&batch, &spare) }
            swap(&batch, &pending)
            return .deliver
        }
        if batch.capacity > spare.capacity && batch.capacity <= Self.reusedCapacity { swap(&batch, &spare) }
        if let terminal {
            self.terminal = nil
            switch terminal {
            case .error(let error): return .error(error)
            case .completed: return .completed
            }
        }
        isDraining = false
        return .idle
    }

    /// The upstream subscription is in place. Returns true if it must be disposed
    /// at once because the subscription was disposed while subscribing.
    mutating func upstreamSubscribed(_ disposable: any Disposable) -> Bool {
        if isDisposed { return true }
        upstream = disposable
        return false
    }

    /// The subscription was disposed: stop delivering and hand back what to release.
    mutating func disposed() -> Released {
        isDisposed = true
        isStopped = true
        var released = Released(upstream: nil, drain: nil)
        swap(&released.upstream, &upstream)
        swap(&released.drain, &scheduledDrain)
        swap(&released.pending, &pending)
        swap(&released.terminal, &terminal)
        return released
    }
}
