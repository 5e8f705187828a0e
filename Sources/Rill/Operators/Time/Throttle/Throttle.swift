extension ObservableType {
    /// Emits at most one element per `dueTime`: the first element at once, then,
    /// if `latest` is true, the latest element of each period when it ends.
    ///
    /// An element that arrives `dueTime` or more after the last emitted one is
    /// emitted at once. One that arrives sooner is dropped when `latest` is false;
    /// when `latest` is true it waits, replacing any element already waiting, and
    /// is emitted on `scheduler` when the period ends. When the source completes
    /// while an element waits, that element is emitted when its period ends and
    /// completion follows it; otherwise completion is forwarded at once. An error
    /// is forwarded at once and drops the waiting element. The result never
    /// delivers two events at once.
    ///
    /// ```
    /// source (one dash = 10):         -a-b-c--------d-|
    /// throttle(30):                   -a--b--c------d-|
    /// throttle(30, latest: false):    -a---c--------d-|
    /// ```
    ///
    /// ```swift
    /// button.rx.tap.throttle(.milliseconds(500), scheduler: MainScheduler.instance)
    /// ```
    ///
    /// - Parameters:
    ///   - dueTime: The shortest time between two emitted elements.
    ///   - latest: Whether the latest element of a period is emitted when it ends; true by default.
    ///   - scheduler: The scheduler whose clock measures periods and that runs the timers.
    /// - Returns: The throttled observable.
    @_alwaysEmitIntoClient
    public func throttle(_ dueTime: RxTimeInterval, latest: Bool = true, scheduler: any SchedulerType) -> Observable<Element> {
        ThrottleObservable(source: asObservable(), dueTime: dueTime, latest: latest, scheduler: scheduler)
    }
}

// Sendable: immutable after init; each subscription keeps its own state.
@usableFromInline
final class ThrottleObservable<Element>: Observable<Element>, @unchecked Sendable {
    private let source: Observable<Element>
    private let dueTime: RxTimeInterval
    private let latest: Bool
    private let scheduler: any SchedulerType

    @usableFromInline
    init(source: Observable<Element>, dueTime: RxTimeInterval, latest: Bool, scheduler: any SchedulerType) {
        self.source = source
        self.dueTime = dueTime
        self.latest = latest
        self.scheduler = scheduler
    }

    override func run(_ sink: Sink<Element>) -> any Disposable {
        let state = ThrottleState<Element>(dueTime: dueTime.timedSeconds, latest: latest)
        return ThrottleSink(state: state, scheduler: scheduler, downstream: sink).start(source)
    }
}

private final class ThrottleSink<Element>: TimedSink<Element, Element, ThrottleState<Element>>, @unchecked Sendable {
    // Sendable: see `TimedSink`.
    override func onNext(_ element: Element) {
        let now = scheduler.now
        let timer = emit { state, emit in state.elementReceived(element, now: now, emit: emit) }
        guard let timer else { return }
        scheduleTimer(timer.generation, after: .timed(seconds: timer.delay)) { [self] generation in
            let now = scheduler.now
            emit { state, emit in state.timerFired(generation: generation, now: now, emit: emit) }
        }
    }

    // The upstream ends right after the terminal event went on, as in RxSwift (a
    // `do` above is disposed after what follows received it).
    override func onError(_ error: any Swift.Error) {
        emit { state, emit in state.upstreamFailed(error, emit: emit) }
        upstream.dispose()
    }

    override func onCompleted() {
        emit { state, emit in state.upstreamCompleted(emit: emit) }
        upstream.dispose()
    }
}
