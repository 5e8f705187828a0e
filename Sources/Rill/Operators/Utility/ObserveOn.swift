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
/// The state machine (`ObserveOnState`) is not generic and counts the queued
/// elements; the elements themselves stay in this generic class, guarded by the
/// same lock. In Rill's unspecialised code, calling `withLock` on a state generic
/// over `Element` would look its metadata up in the runtime's cache on every
/// element (about 300 instructions, measured).
private final class ObserveOnSink<Element>: Sink<Element>, Disposable, @unchecked Sendable {
    // Sendable: `pending` is touched only inside `state.withLock`; `disposed` is
    // atomic; `downstream` and `batch` are used only by the drain, of which at most
    // one runs at a time (`ObserveOnState.isDraining`), and `batch` trades places
    // with `pending` only under the lock.
    private let scheduler: any ImmediateSchedulerType
    private let downstream: Sink<Element>
    private let state: Locked<ObserveOnState>
    /// One event per scheduled action (virtual time), instead of one action per burst.
    private let oneEventPerAction: Bool
    /// Mirrors `state.isDisposed` for the drain's check before each element.
    private let disposed = AtomicWord()
    /// The queued elements, in arrival order: as many as `state.queuedCount`.
    @exclusivity(unchecked) private var pending = ElementBuffer<Element>()
    /// The drain's buffer: the batch being delivered, or empty.
    @exclusivity(unchecked) private var batch = ElementBuffer<Element>()

    init(scheduler: any ImmediateSchedulerType, downstream: Sink<Element>) {
        self.scheduler = scheduler
        self.downstream = downstream
        oneEventPerAction = takesOneStepPerEvent(scheduler)
        state = Locked(ObserveOnState(oneEventPerAction: oneEventPerAction))
    }

    override func onNext(_ element: Element) {
        let drain = state.withLock { state -> ObserveOnDrain? in
            guard let drain = state.elementReceived() else { return nil }
            pending.append(element)
            return drain
        }
        if let drain, drain != .none { scheduleDrain(drain) }
    }

    override func onError(_ error: any Swift.Error) {
        let drain = state.withLock { $0.terminalReceived(.error(error)) }
        if drain != .none { scheduleDrain(drain) }
    }

    override func onCompleted() {
        let drain = state.withLock { $0.terminalReceived(.completed) }
        if drain != .none { scheduleDrain(drain) }
    }

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
                if case .deliver = step { swap(&batch, &pending) }
                return step
            }
            switch step {
            case .deliver:
                let batch = self.batch
                while !batch.isEmpty {
                    guard disposed.value == 0 else { return batch.removeAll() }
                    downstream.onNext(batch.removeFirst())
                }
                batch.removeAll()   // resets the emptied buffer to its start
                // Still this drain's turn (`isDraining`), so `self.batch` is ours to replace.
                if batch.capacity > ElementBuffer<Element>.reusedCapacity { self.batch = ElementBuffer() }
            case .error(let error):
                return downstream.onError(error)
            case .completed:
                return downstream.onCompleted()
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
            return (step, pending.removeFirst())
        }
        switch step {
        case .deliverOne:
            guard disposed.value == 0, let element else { return }
            downstream.onNext(element)
        case .error(let error):
            return downstream.onError(error)
        case .completed:
            return downstream.onCompleted()
        case .idle, .deliver:
            return
        }
        if let next = state.withLock({ $0.eventDelivered() }) { scheduleDrain(next) }
    }

    func dispose() {
        guard disposed.exchange(1) == 0 else { return }
        var queued = ElementBuffer<Element>(capacity: 0)
        let released = state.withLock { state in
            swap(&queued, &pending)
            return state.disposed()
        }
        released.upstream?.dispose()
        released.drain?.dispose()
        // The queued events are released here, outside the lock.
    }
}

/// Identifies one scheduled drain of `observe(on:)`, so a disposable registered
/// late, for a drain that already finished, is not kept.
struct ObserveOnDrain: Equatable {
    fileprivate let generation: Int

    /// No drain: the event joined a queue that a drain is already on its way to.
    static let none = ObserveOnDrain(generation: 0)
}

/// A terminal event of `observe(on:)`'s upstream, waiting behind the queued elements.
enum ObserveOnTerminal {
    case error(any Swift.Error)
    case completed
}

/// What `observe(on:)`'s drain does next.
enum ObserveOnStep {
    /// Deliver the queued elements: take them all, leaving the queue empty.
    case deliver
    /// Deliver the first queued element only (one event per scheduled action).
    case deliverOne
    case error(any Swift.Error)
    case completed
    /// Nothing left: the drain ends, and the next event schedules a new one.
    case idle
}

/// The state of `observe(on:)`: how many elements wait for delivery, the terminal
/// event behind them, and whether a drain is on its way.
struct ObserveOnState {
    /// What dispose hands back, to dispose and release outside the lock.
    struct Released {
        var upstream: (any Disposable)?
        var drain: (any Disposable)?
        var terminal: ObserveOnTerminal?
    }

    /// Creates the state of one subscription.
    ///
    /// - Parameter oneEventPerAction: When true, `nextStep()` hands out one element
    ///   at a time and each event takes a scheduled action of its own.
    init(oneEventPerAction: Bool = false) {
        self.oneEventPerAction = oneEventPerAction
    }

    /// The number of elements waiting for the drain.
    private(set) var queuedCount = 0
    private(set) var terminal: ObserveOnTerminal?
    /// A terminal event was queued or delivered: later events are dropped.
    private var isStopped = false
    /// A drain is scheduled or running; events only join the queue.
    private(set) var isDraining = false
    private(set) var isDisposed = false
    /// Each scheduled action delivers one event (virtual time), not the whole queue.
    private let oneEventPerAction: Bool
    private var generation = 0
    private var scheduledDrain: (any Disposable)?
    private var upstream: (any Disposable)?

    /// An element arrived. Returns `nil` if it must be dropped (after a terminal
    /// event or dispose); otherwise it joins the queue, and the result is the drain
    /// to schedule, or `.none` if one is on its way.
    mutating func elementReceived() -> ObserveOnDrain? {
        guard !isStopped && !isDisposed else { return nil }
        queuedCount += 1
        return startDraining()
    }

    /// The upstream ended. Returns the drain to schedule, or `.none` if one is on its way.
    mutating func terminalReceived(_ event: ObserveOnTerminal) -> ObserveOnDrain {
        guard !isStopped && !isDisposed else { return .none }
        isStopped = true
        terminal = event
        return startDraining()
    }

    private mutating func startDraining() -> ObserveOnDrain {
        guard !isDraining else { return .none }
        isDraining = true
        generation += 1
        return ObserveOnDrain(generation: generation)
    }

    /// The scheduler accepted `drain`. Keeps `disposable` while that drain may
    /// still be pending, handing back the one it replaces; a drain that already ran
    /// (perhaps synchronously) has nothing left to cancel. Returns true if the
    /// subscription was disposed meanwhile: `disposable` must be disposed.
    mutating func drainScheduled(_ drain: ObserveOnDrain, _ disposable: inout (any Disposable)?) -> Bool {
        if isDisposed { return true }
        if isDraining && drain.generation == generation { swap(&scheduledDrain, &disposable) }
        return false
    }

    /// The drain asks what to do next: take every queued element, then the
    /// terminal event; with nothing left, the drain ends.
    mutating func nextStep() -> ObserveOnStep {
        precondition(isDraining, "Internal inconsistency: observe(on:) drain out of turn")
        if isDisposed { return .idle }
        if queuedCount > 0 {
            if oneEventPerAction {
                queuedCount -= 1
                return .deliverOne
            }
            queuedCount = 0
            return .deliver
        }
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

    /// A one-event-per-action drain delivered an element. Returns the drain to
    /// schedule for the next event if one waits; otherwise the drain ends (and the
    /// next event schedules a new one). Nothing is scheduled once disposed.
    mutating func eventDelivered() -> ObserveOnDrain? {
        guard !isDisposed else { return nil }
        guard queuedCount > 0 || terminal != nil else {
            isDraining = false
            return nil
        }
        generation += 1
        return ObserveOnDrain(generation: generation)
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
        queuedCount = 0
        var released = Released()
        swap(&released.upstream, &upstream)
        swap(&released.drain, &scheduledDrain)
        swap(&released.terminal, &terminal)
        return released
    }
}

/// A growable first-in-first-out buffer of elements.
///
/// A class rather than an `Array`: unspecialised generic code finds `Element`
/// through the instance, where every `Array<Element>.append` would look up
/// `Array<Element>`'s metadata in the runtime's cache.
final class ElementBuffer<Element> {
    // Used by one thread at a time: under `observe(on:)`'s lock, or by its single
    // running drain after the buffer was handed over under that lock. So the
    // dynamic exclusivity checks are skipped.
    @exclusivity(unchecked) private var base: UnsafeMutablePointer<Element>
    @exclusivity(unchecked) private(set) var capacity: Int
    /// The first element not yet removed.
    @exclusivity(unchecked) private var head = 0
    /// One past the last element.
    @exclusivity(unchecked) private var tail = 0

    /// Buffers that grew beyond this many elements are not kept for reuse.
    static var reusedCapacity: Int { 1_024 }

    init(capacity: Int = 16) {
        self.capacity = capacity
        base = UnsafeMutablePointer.allocate(capacity: capacity)
    }

    deinit {
        (base + head).deinitialize(count: tail - head)
        base.deallocate()
    }

    var isEmpty: Bool { head == tail }
    var count: Int { tail - head }

    func append(_ element: Element) {
        if tail == capacity { grow() }
        (base + tail).initialize(to: element)
        tail += 1
    }

    /// Removes and returns the first element. The buffer must not be empty.
    func removeFirst() -> Element {
        let element = (base + head).move()
        head += 1
        return element
    }

    /// Removes every element, keeping the capacity.
    func removeAll() {
        (base + head).deinitialize(count: tail - head)
        head = 0
        tail = 0
    }

    /// The elements, for tests and debugging.
    var elements: [Element] {
        Array(UnsafeBufferPointer(start: base + head, count: tail - head))
    }

    private func grow() {
        // A buffer emptied from the front (one element at a time) is compacted
        // rather than doubled when at most half of it is in use.
        let newCapacity = tail - head >= capacity / 2 ? Swift.max(16, capacity * 2) : capacity
        let newBase = UnsafeMutablePointer<Element>.allocate(capacity: newCapacity)
        newBase.moveInitialize(from: base + head, count: tail - head)
        base.deallocate()
        base = newBase
        capacity = newCapacity
        tail -= head
        head = 0
    }
}
