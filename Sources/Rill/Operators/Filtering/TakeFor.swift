extension ObservableType {
    /// Emits elements until `duration` has passed since subscription, then completes.
    ///
    /// The timer runs on `scheduler`; completion is delivered on its thread. An
    /// element racing with the timer is delivered before or not at all, never
    /// after the completion.
    ///
    /// ```
    /// source:                -1-2-3-4-5
    /// take(for: 5 ticks):    -1-2-|
    /// ```
    @_alwaysEmitIntoClient
    public func take(for duration: RxTimeInterval, scheduler: any SchedulerType) -> Observable<Element> {
        TakeForObservable(source: asObservable(), duration: duration, scheduler: scheduler)
    }

    /// Emits the elements that arrive within `duration` of subscribing, then
    /// completes: RxSwift's old spelling of ``take(for:scheduler:)``.
    @available(*, deprecated, renamed: "take(for:scheduler:)")
    @_alwaysEmitIntoClient
    public func take(_ duration: RxTimeInterval, scheduler: any SchedulerType) -> Observable<Element> {
        take(for: duration, scheduler: scheduler)
    }
}

// Sendable: immutable after init; each subscription keeps its own state.
@usableFromInline
final class TakeForObservable<Element>: Observable<Element>, @unchecked Sendable {
    private let source: Observable<Element>
    private let duration: RxTimeInterval
    private let scheduler: any SchedulerType

    @usableFromInline
    init(source: Observable<Element>, duration: RxTimeInterval, scheduler: any SchedulerType) {
        self.source = source
        self.duration = duration
        self.scheduler = scheduler
    }

    override func run(_ sink: Sink<Element>) -> any Disposable {
        let take = TakeForSink(downstream: sink)
        let timer = scheduler.scheduleRelative(take, dueTime: duration) { take in
            take.timerFired()
            return Disposables.create()
        }
        return Disposables.create(timer, source.run(take), take)
    }
}

/// The source and the timer both reach the downstream, from different threads,
/// so delivery goes through a `SerialDeliverer`.
private final class TakeForSink<Element>: Sink<Element>, Disposable, @unchecked Sendable {
    // Sendable: immutable; the deliverer is thread-safe.
    private let delivery: SerialDeliverer<Element>

    init(downstream: Sink<Element>) {
        delivery = SerialDeliverer(downstream: downstream)
    }

    override func onNext(_ element: Element) { delivery.deliver(element) }
    override func onError(_ error: any Swift.Error) { delivery.end(.error(error)) }
    override func onCompleted() { delivery.end(.completed) }

    func timerFired() { delivery.end(.completed) }

    func dispose() { delivery.dispose() }
}
