extension ObservableType {
    /// Subscribes to the source on `scheduler`, and disposes the subscription there too.
    ///
    /// Disposal from code already running on the scheduler happens at once when
    /// the scheduler can tell (`SerialDispatchQueueScheduler`, `MainScheduler`,
    /// `ConcurrentMainScheduler`, `OperationQueueScheduler`); otherwise it is
    /// scheduled there, through `ScheduledDisposable`. So a synchronous infinite
    /// source stops when a downstream operator ends the sequence, where a disposal
    /// waiting behind the busy scheduler would never run.
    ///
    /// The source's subscription work (a `create` closure, a `deferred` factory, a
    /// synchronous source's emission) runs on the scheduler instead of the thread
    /// that calls `subscribe`. It does not move later deliveries of an asynchronous
    /// source: those arrive where the source produces them; use `observe(on:)` for
    /// that. Disposing before the scheduled subscription ran cancels it; disposing
    /// after schedules the disposal on `scheduler`.
    ///
    /// ```swift
    /// Observable.of(1, 2, 3)
    ///     .subscribe(on: ConcurrentDispatchQueueScheduler(qos: .background))
    ///     .subscribe(onNext: { print($0) })   // 1, 2, 3 on a background thread
    /// ```
    ///
    /// - Parameter scheduler: Where the subscription and its disposal run.
    /// - Returns: The source's events, subscribed to on `scheduler`.
    public func subscribe(on scheduler: any ImmediateSchedulerType) -> Observable<Element> {
        // Subscribes this sequence itself, not its `asObservable()`, as RxSwift does:
        // a test observable's subscription then ends when this operator disposes it
        // (on the scheduler), not at its own terminal event.
        // A foreign `ObservableType` (a test observable) is subscribed without a
        // sink of its own in RxSwift: its subscription ends on the scheduler, not
        // at its terminal event.
        if let source = self as? Observable<Element> {
            return SubscribeOnObservable(source: source, scheduler: scheduler, endsUpstreamAtTerminal: true)
        }
        return SubscribeOnObservable(source: ForeignObservable(self), scheduler: scheduler, endsUpstreamAtTerminal: false)
    }

    /// Subscribes to the source on `scheduler`: the name RxSwift 5 used.
    @available(*, deprecated, renamed: "subscribe(on:)")
    public func subscribeOn(_ scheduler: any ImmediateSchedulerType) -> Observable<Element> {
        subscribe(on: scheduler)
    }
}

// Sendable: immutable after init; each subscription keeps its own state.
final class SubscribeOnObservable<Element>: Observable<Element>, @unchecked Sendable {
    private let source: Observable<Element>
    private let scheduler: any ImmediateSchedulerType
    /// Whether the upstream subscription ends as a terminal event passes (see `SubscribeOnGateSink`).
    private let endsUpstreamAtTerminal: Bool

    init(source: Observable<Element>, scheduler: any ImmediateSchedulerType, endsUpstreamAtTerminal: Bool) {
        self.source = source
        self.scheduler = scheduler
        self.endsUpstreamAtTerminal = endsUpstreamAtTerminal
    }

    override func run(_ sink: Sink<Element>) -> any Disposable {
        // Holds first the pending schedule, then the subscription (which replacing
        // the schedule leaves running: it disposes only the finished action).
        let subscription = SerialDisposable()
        // The upstream is disposed on the scheduler, later: until then the gate
        // drops what it still sends, so nothing is delivered after `dispose()`.
        let disposed = AtomicWord()
        let gate = SubscribeOnGateSink(disposed: disposed, endsUpstreamAtTerminal: endsUpstreamAtTerminal, downstream: sink)
        let pendingSchedule = SingleAssignmentDisposable()
        subscription.disposable = pendingSchedule
        let source = self.source
        let scheduler = self.scheduler
        pendingSchedule.setDisposable(scheduler.schedule(()) { _ in
            // Inside the trampoline (for the sources subscribed there), a synchronous
            // source emits only after its disposable is stored, so an early terminal
            // event can dispose it.
            source.subscribe(gate) { subscribed in
                // The gate keeps the upstream for its terminal event; disposing
                // the gate's holder (on the scheduler) also lets it go.
                let upstream = gate.upstream
                upstream.setDisposable(subscribed)
                subscription.disposable = DisposalOnScheduler(
                    upstream: upstream, scheduled: ScheduledDisposable(scheduler: scheduler, disposable: upstream)
                )
            }
            return Disposables.create()
        })
        return Disposables.create {
            disposed.store(1)
            subscription.dispose()
        }
    }
}

/// Forwards events until the subscription is disposed (`disposed` is nonzero).
/// At a terminal event, forwarded or not, it then ends the upstream subscription
/// at once, not on the scheduler: in RxSwift the sink above disposes itself as soon
/// as it has passed the event on, even to a disposed `subscribe(on:)`.
private final class SubscribeOnGateSink<Element>: Sink<Element> {
    private let disposed: AtomicWord
    private let endsUpstreamAtTerminal: Bool
    private let downstream: Sink<Element>
    /// The upstream subscription, set on the scheduler once subscribed.
    let upstream = SingleAssignmentDisposable()

    init(disposed: AtomicWord, endsUpstreamAtTerminal: Bool, downstream: Sink<Element>) {
        self.disposed = disposed
        self.endsUpstreamAtTerminal = endsUpstreamAtTerminal
        self.downstream = downstream
    }

    override func onNext(_ element: Element) {
        guard disposed.value == 0 else { return }
        downstream.onNext(element)
    }

    override func onError(_ error: any Swift.Error) {
        if disposed.value == 0 { downstream.onError(error) }
        if endsUpstreamAtTerminal { upstream.dispose() }
    }

    override func onCompleted() {
        if disposed.value == 0 { downstream.onCompleted() }
        if endsUpstreamAtTerminal { upstream.dispose() }
    }

    override var disposesUpstreamAfterSenderReturns: Bool { true }
}

/// Disposes the upstream on the scheduler: at once when already running there,
/// otherwise by scheduling it.
private struct DisposalOnScheduler: Disposable {
    let upstream: any Disposable
    let scheduled: ScheduledDisposable

    func dispose() {
        if let scheduler = scheduled.scheduler as? any SchedulerIdentifying, scheduler.isRunningOnScheduler {
            upstream.dispose()
        } else {
            scheduled.dispose()
        }
    }
}
