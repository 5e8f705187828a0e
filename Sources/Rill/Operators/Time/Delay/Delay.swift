extension ObservableType {
    /// Shifts each element and the completion later by `dueTime`, keeping their
    /// order; an error is forwarded at once.
    ///
    /// Elements and completion are delivered on `scheduler`'s thread. An error is
    /// not delayed (as in RxSwift): it is delivered on the source's thread as soon
    /// as it arrives (after the element being delivered at that moment, if any),
    /// and elements still waiting are dropped. The upstream
    /// subscription ends when the source ends, even though the result ends later.
    /// The result never delivers two events at once. On a virtual-time scheduler
    /// (`TestScheduler`) events due together leave one scheduler step apart, as in
    /// RxSwift: three events arriving at 210 through `delay(.seconds(5))` are
    /// delivered at 215, 216 and 217.
    ///
    /// ```
    /// source (one dash = 10):  -a-b---|
    /// delay(20):               ---a-b---|
    /// source:                  -a-b#
    /// delay(20):               ---a#     (b was still waiting: dropped)
    /// ```
    ///
    /// - Parameters:
    ///   - dueTime: How long each element and the completion are delayed.
    ///   - scheduler: The scheduler that runs the timers.
    /// - Returns: The delayed observable.
    @_alwaysEmitIntoClient
    public func delay(_ dueTime: RxTimeInterval, scheduler: any SchedulerType) -> Observable<Element> {
        DelayObservable(source: asObservable(), dueTime: dueTime, scheduler: scheduler)
    }
}

// Sendable: immutable after init; each subscription keeps its own state.
@usableFromInline
final class DelayObservable<Element>: Observable<Element>, @unchecked Sendable {
    private let source: Observable<Element>
    private let dueTime: RxTimeInterval
    private let scheduler: any SchedulerType

    @usableFromInline
    init(source: Observable<Element>, dueTime: RxTimeInterval, scheduler: any SchedulerType) {
        self.source = source
        self.dueTime = dueTime
        self.scheduler = scheduler
    }

    override func run(_ sink: Sink<Element>) -> any Disposable {
        DelaySink(dueTime: dueTime, scheduler: scheduler, downstream: sink).start(source)
    }
}

private final class DelaySink<Element>: TimedSink<Element, Element, DelayState<Element>>, @unchecked Sendable {
    // Sendable: see `TimedSink`.
    private let dueTime: RxTimeInterval
    /// One event per timer (virtual time), the next timer started after delivering.
    private let oneEventPerTimer: Bool

    init(dueTime: RxTimeInterval, scheduler: any SchedulerType, downstream: Sink<Element>) {
        self.dueTime = dueTime
        oneEventPerTimer = takesOneStepPerEvent(scheduler)
        let state = DelayState<Element>(dueTime: dueTime.timedSeconds, oneEventPerTimer: oneEventPerTimer)
        super.init(state: state, scheduler: scheduler, downstream: downstream)
    }

    override func onNext(_ element: Element) {
        let now = scheduler.now
        if state.withLock({ $0.elementReceived(element, now: now) }) { startTimer(after: dueTime) }
    }

    override func onError(_ error: any Swift.Error) {
        upstream.dispose()
        emit { state, emit in state.upstreamFailed(error, emit: emit) }
    }

    override func onCompleted() {
        upstream.dispose()
        let now = scheduler.now
        if state.withLock({ $0.upstreamCompleted(now: now) }) { startTimer(after: dueTime) }
    }

    private func startTimer(after delay: RxTimeInterval) {
        scheduleTimer((), after: delay) { [self] _ in
            let now = scheduler.now
            // On real schedulers the next timer is started before delivering, so a
            // slow subscriber does not push the later elements back. On virtual
            // time it is started after, as RxSwift does, so work the delivery
            // schedules for the same tick runs first.
            let (claimed, next) = claim { state, emit in state.timerFired(now: now, emit: emit) }
            if let next, !oneEventPerTimer { startTimer(after: .timed(seconds: next)) }
            deliver(claimed)
            if let next, oneEventPerTimer { startTimer(after: .timed(seconds: next)) }
        }
    }
}
