extension ObservableType {
    /// Delivers every event on `scheduler`, in order, one at a time.
    ///
    /// Subscribers below this operator run their closures on the scheduler: use
    /// `observe(on: MainScheduler.instance)` before closures that touch UI or
    /// main-actor state. Events never overlap, even if the source sends from several
    /// threads at once or the scheduler runs work concurrently. Events that arrive
    /// while earlier ones wait for delivery join them: a burst costs one scheduling,
    /// not one per element. On a virtual-time scheduler (`TestScheduler`,
    /// `HistoricalScheduler`) each event takes a scheduler step of its own instead,
    /// as in RxSwift: three events arriving at 210 are delivered at 211, 212 and 213
    /// on `TestScheduler`. An error or completion is delivered after the elements
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
    @_alwaysEmitIntoClient
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
@usableFromInline
final class ObserveOnObservable<Element>: Observable<Element>, @unchecked Sendable {
    private let source: Observable<Element>
    private let scheduler: any ImmediateSchedulerType

    @usableFromInline
    init(source: Observable<Element>, scheduler: any ImmediateSchedulerType) {
        self.source = source
        self.scheduler = scheduler
        #if DEBUG
        if scheduler is SerialDispatchQueueScheduler { Resources.incrementSerialDispatchQueueObservables() }
        #endif
    }

    #if DEBUG
    deinit {
        if scheduler is SerialDispatchQueueScheduler { Resources.decrementSerialDispatchQueueObservables() }
    }
    #endif

    override func run(_ sink: Sink<Element>) -> any Disposable {
        let observeOn = ObserveOnSink(scheduler: scheduler, downstream: sink)
        observeOn.setUpstream(source.run(observeOn))
        return observeOn
    }
}

/// Queues events from the upstream and delivers them downstream on the scheduler.
///
/// The upstream appends under the lock; only the event that finds no drain pending
/// schedules one. The drain swaps the whole queue for its own emptied buffer under
/// the lock, delivers outside it, and repeats until the queue is empty, so at most
/// one drain runs at a time and events never overlap. The two buffers trade places
/// and keep their capacity: no allocation per element once they have grown.
///
/// This is a scheduled drain, not a `SerialDrain`: the sender never delivers, the
/// scheduler's action does, and it takes the queue a batch at a time (one lock
/// round trip per burst, not per element; see Architecture.md).
///
/// The state machine (`ObserveOnState`) is not generic and counts the queued
/// elements; the elements themselves stay in this generic class, guarded by the
/// same lock (`LockGuarded`). In Rill's unspecialised code, calling `withLock` on a
/// state generic over `Element` would look its metadata up in the runtime's cache
/// on every element (about 300 instructions, measured).
private final class ObserveOnSink<Element>: Sink<Element>, Disposable, @unchecked Sendable {
    // Sendable: `pending` is a `LockGuarded` of `state`'s lock; `disposed` is
    // atomic; `downstream` and `batch` are used only by the drain, of which at most
    // one runs at a time (`ObserveOnState.phase`), and `batch` trades places with
    // `pending` only under the lock.
    private let scheduler: any ImmediateSchedulerType
    private let downstream: Sink<Element>
    private let state: Locked<ObserveOnState>
    /// One event per scheduled action (virtual time), instead of one action per burst.
    private let oneEventPerAction: Bool
    /// Mirrors `state`'s disposal for the drain's check before each element.
    private let disposed = AtomicWord()
    /// The queued elements, in arrival order: as many as `state.queuedCount`.
    @exclusivity(unchecked) private var pending = LockGuarded(RingBuffer<Element>())
    /// The drain's buffer: the batch being delivered, or empty.
    @exclusivity(unchecked) private var batch = RingBuffer<Element>()

    /// Batches that grew beyond this many elements are not kept for reuse.
    private static var reusedCapacity: Int { 1_024 }

    init(scheduler: any ImmediateSchedulerType, downstream: Sink<Element>) {
        self.scheduler = scheduler
        self.downstream = downstream
        oneEventPerAction = takesOneStepPerEvent(scheduler)
        state = Locked(ObserveOnState(oneEventPerAction: oneEventPerAction))
    }

    override func onNext(_ element: Element) {
        let drain = state.withLock { state -> ObserveOnDrain? in
            guard let drain = state.elementReceived() else { return nil }
            pending.withValue(guardedBy: self.state) { $0.append(element) }
            return drain
        }
        if let drain, drain != .none { scheduleDrain(drain) }
    }

    override func onError(_ error: any Swift.Error) {
        terminalReceived(.error(error))
    }

    override func onCompleted() {
        terminalReceived(.completed)
    }

    /// Ends the upstream subscription at once (in RxSwift the sink above disposes
    /// itself as soon as it has passed the event on), then schedules the delivery.
    private func terminalReceived(_ termination: Termination) {
        let (drain, upstream) = state.withLock { $0.terminalReceived(termination) }
        upstream?.dispose()
        if drain != .none { scheduleDrain(drain) }
    }

    override var disposesUpstreamAfterSenderReturns: Bool { true }

    func setUpstream(_ upstream: any Disposable) {
        let isDisposed = state.withLock { $0.upstreamSubscribed(upstream) }
        if isDisposed { upstream.dispose() }
    }

    private func scheduleDrain(_ drain: ObserveOnDrain) {
        // The sink is the action's state, so the closure captures nothing.
        var scheduled: (any Disposable)? = scheduler.schedule(self) { sink in
            if sink.oneEventPerAction { sink.deliverOne() } else { sink.drain() }
            return Disposables.create()
        }
        let isStale = state.withLock { $0.drainScheduled(drain, &scheduled) }
        if isStale { scheduled?.dispose() }
        // Whatever `scheduled` holds now (a replaced disposable) is released here,
        // outside the lock.
    }

    private func drain() {
        while true {
            let step = state.withLock { state -> ObserveOnStep in
                let step = state.nextStep()
                if case .deliver = step { pending.withValue(guardedBy: self.state) { swap(&batch, &$0) } }
                return step
            }
            switch step {
            case .deliver:
                while !batch.isEmpty {
                    guard disposed.value == 0 else { return batch.removeAll() }
                    downstream.onNext(batch.takeFirst())
                }
                // Still this drain's turn, so `batch` is ours to shrink.
                if batch.capacity > Self.reusedCapacity { batch.removeAll() }
            case .end(let termination):
                return termination.deliver(to: downstream)
            case .idle:
                // Another drain may start as soon as the lock is released: leave
                // `batch` alone from here.
                return
            case .deliverOne:
                preconditionFailure("Internal inconsistency: observe(on:) batch drain asked for one element")
            }
        }
    }

    /// The action of a one-event-per-action drain (virtual time): delivers the
    /// first queued event, then schedules the next action if events still wait.
    private func deliverOne() {
        let (step, element) = state.withLock { state -> (ObserveOnStep, Element?) in
            let step = state.nextStep()
            guard case .deliverOne = step else { return (step, nil) }
            return (step, pending.withValue(guardedBy: self.state) { $0.takeFirst() })
        }
        switch step {
        case .deliverOne:
            guard disposed.value == 0, let element else { return }
            downstream.onNext(element)
        case .end(let termination):
            return termination.deliver(to: downstream)
        case .idle, .deliver:
            return
        }
        if let next = state.withLock({ $0.eventDelivered() }) { scheduleDrain(next) }
    }

    func dispose() {
        guard disposed.exchange(1) == 0 else { return }
        var queued = RingBuffer<Element>()
        let released = state.withLock { state in
            pending.withValue(guardedBy: self.state) { swap(&queued, &$0) }
            return state.disposed()
        }
        released.upstream?.dispose()
        released.drain?.dispose()
        // The queued events are released here, outside the lock.
        _ = consume queued
    }
}
