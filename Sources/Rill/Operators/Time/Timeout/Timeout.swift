extension ObservableType {
    /// Fails with `RxError.timeout` if no element arrives within `dueTime` of the
    /// subscription or of the previous element.
    ///
    /// The wait restarts after each element is delivered. The timeout error is
    /// delivered on `scheduler`'s thread; the source's events on the source's
    /// thread. When the timeout fires the source is disposed.
    ///
    /// ```
    /// source (one dash = 10):  -a-b---------c|
    /// timeout(40):             -a-b---#
    /// ```
    ///
    /// - Parameters:
    ///   - dueTime: The longest wait allowed for each element.
    ///   - scheduler: The scheduler that runs the timers.
    /// - Returns: The source's events, or the timeout error.
    @_alwaysEmitIntoClient
    public func timeout(_ dueTime: RxTimeInterval, scheduler: any SchedulerType) -> Observable<Element> {
        TimeoutObservable(
            source: asObservable(), dueTime: dueTime, other: Observable.error(RxError.timeout), scheduler: scheduler
        )
    }

    /// Switches to `other` if no element arrives within `dueTime` of the
    /// subscription or of the previous element.
    ///
    /// The wait restarts after each element is delivered. When the timeout fires,
    /// `other` is subscribed on `scheduler` and then the source is disposed; from
    /// then on the result is `other`'s events.
    ///
    /// ```
    /// source (one dash = 10):     -a-b---------c|
    /// other:                      -x-y|
    /// timeout(40, other: other):  -a-b----x-y|
    /// ```
    ///
    /// - Parameters:
    ///   - dueTime: The longest wait allowed for each element.
    ///   - other: The sequence to continue with after a timeout.
    ///   - scheduler: The scheduler that runs the timers.
    /// - Returns: The source's events, then `other`'s if the source timed out.
    @_alwaysEmitIntoClient
    public func timeout<Source: ObservableConvertibleType>(
        _ dueTime: RxTimeInterval, other: Source, scheduler: any SchedulerType
    ) -> Observable<Element> where Element == Source.Element {
        TimeoutObservable(source: asObservable(), dueTime: dueTime, other: other.asObservable(), scheduler: scheduler)
    }
}

// Sendable: immutable after init; each subscription keeps its own state.
@usableFromInline
final class TimeoutObservable<Element>: Observable<Element>, @unchecked Sendable {
    private let source: Observable<Element>
    private let dueTime: RxTimeInterval
    private let other: Observable<Element>
    private let scheduler: any SchedulerType

    @usableFromInline
    init(source: Observable<Element>, dueTime: RxTimeInterval, other: Observable<Element>, scheduler: any SchedulerType) {
        self.source = source
        self.dueTime = dueTime
        self.other = other
        self.scheduler = scheduler
    }

    override func run(_ sink: Sink<Element>) -> any Disposable {
        let timeout = TimeoutSink(dueTime: dueTime, other: other, scheduler: scheduler, downstream: sink)
        timeout.armTimer(generation: 0)
        timeout.sourceSubscription.setDisposable(source.run(timeout))
        return timeout
    }
}

/// Receives the source's events and owns the timer and both subscriptions.
private final class TimeoutSink<Element>: Sink<Element>, Disposable, @unchecked Sendable {
    // Sendable: `state` is behind its lock; the disposables are thread-safe;
    // `downstream` is called only as `state` allows, one event at a time.
    private let dueTime: RxTimeInterval
    private let other: Observable<Element>
    private let scheduler: any SchedulerType
    private let downstream: Sink<Element>
    private let state = Locked(TimeoutState())
    private let timer = SerialDisposable()
    let sourceSubscription = SingleAssignmentDisposable()
    private let otherSubscription = SingleAssignmentDisposable()

    init(dueTime: RxTimeInterval, other: Observable<Element>, scheduler: any SchedulerType, downstream: Sink<Element>) {
        self.dueTime = dueTime
        self.other = other
        self.scheduler = scheduler
        self.downstream = downstream
    }

    func armTimer(generation: UInt64) {
        timer.disposable = scheduler.scheduleRelative(generation, dueTime: dueTime) { [self] generation in
            if state.withLock({ $0.timerFired(generation: generation) }) { switchToOther() }
            return Disposables.create()
        }
    }

    private func switchToOther() {
        // The other sequence delivers straight to the downstream: the source can no
        // longer deliver (the state machine refuses it after the timer fired). It is
        // subscribed before the source is disposed, as in RxSwift: when both are the
        // same subject or hot observable, the order its subscribers are called in
        // depends on it (the source's slot is still taken while other subscribes).
        other.subscribe(downstream) { otherSubscription.setDisposable($0) }
        sourceSubscription.dispose()
    }

    override func onNext(_ element: Element) {
        guard state.withLock({ $0.elementReceived() }) else { return }
        downstream.onNext(element)
        if let generation = state.withLock({ $0.elementDelivered() }) { armTimer(generation: generation) }
    }

    override func onError(_ error: any Swift.Error) {
        guard state.withLock({ $0.upstreamEnded() }) else { return }
        timer.dispose()
        downstream.onError(error)
    }

    override func onCompleted() {
        guard state.withLock({ $0.upstreamEnded() }) else { return }
        timer.dispose()
        downstream.onCompleted()
    }

    func dispose() {
        state.withLock { $0.disposed() }
        timer.dispose()
        sourceSubscription.dispose()
        otherSubscription.dispose()
    }
}
