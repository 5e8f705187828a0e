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
    public func take(for duration: RxTimeInterval, scheduler: any SchedulerType) -> Observable<Element> {
        let source = asObservable()
        return OperatorObservable { sink in
            let take = TakeForSink(downstream: sink)
            let timer = scheduler.scheduleRelative(take, dueTime: duration) { take in
                take.timerFired()
                return Disposables.create()
            }
            return Disposables.create(timer, source.run(take), take)
        }
    }
}

/// The source and the timer both reach the downstream, from different threads,
/// so delivery goes through `delivery` (behind its lock).
private final class TakeForSink<Element>: Sink<Element>, Disposable, @unchecked Sendable {
    // Sendable: `delivery` is behind its lock; `downstream` is reached only
    // through it, by one caller at a time.
    private let delivery = Locked(SerialDelivery<Element>())
    private let downstream: Sink<Element>

    init(downstream: Sink<Element>) {
        self.downstream = downstream
    }

    override func onNext(_ element: Element) { delivery.deliver(element, into: downstream) }
    override func onError(_ error: any Swift.Error) { delivery.end(error, into: downstream) }
    override func onCompleted() { delivery.end(nil, into: downstream) }

    func timerFired() { delivery.end(nil, into: downstream) }

    func dispose() { delivery.withLock { $0.dispose() } }
}
