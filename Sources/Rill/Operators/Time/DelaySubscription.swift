extension ObservableType {
    /// Subscribes to the source only after `dueTime`.
    ///
    /// Nothing happens until the time has passed; then the source is subscribed
    /// on `scheduler`, and its events pass through unchanged, on whatever thread
    /// the source delivers them. Disposing before then cancels the subscription
    /// that was waiting.
    ///
    /// ```
    /// source (cold, one dash = 10):  -a-b|
    /// delaySubscription(30):         ----a-b|
    /// ```
    ///
    /// - Parameters:
    ///   - dueTime: How long to wait before subscribing.
    ///   - scheduler: The scheduler that runs the timer and the subscription.
    /// - Returns: The observable with a delayed subscription.
    @_alwaysEmitIntoClient
    public func delaySubscription(_ dueTime: RxTimeInterval, scheduler: any SchedulerType) -> Observable<Element> {
        DelaySubscriptionObservable(source: asObservable(), dueTime: dueTime, scheduler: scheduler)
    }
}

// Sendable: immutable after init; each subscription keeps its own state.
@usableFromInline
final class DelaySubscriptionObservable<Element>: Observable<Element>, @unchecked Sendable {
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
        // The scheduler disposes what the action returns when the result is
        // disposed, so the source's subscription needs no holder of its own.
        scheduler.scheduleRelative(source, dueTime: dueTime) { source in
            source.subscribe(sink) { $0 }
        }
    }
}
