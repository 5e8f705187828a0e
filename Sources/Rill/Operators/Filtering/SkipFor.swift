extension ObservableType {
    /// Drops the elements that arrive before `duration` has passed since
    /// subscription, then emits the rest. Completion and errors pass at any time.
    ///
    /// The timer runs on `scheduler`; it only opens the gate, so elements are
    /// still delivered on the source's thread.
    ///
    /// ```
    /// source:             -1-2-3-4-5|
    /// skip(for: 5 ticks): ------3-4-5|
    /// ```
    ///
    /// RxSwift's spelling is `skip(_:scheduler:)`; this label is Rill's addition.
    ///
    /// - Parameters:
    ///   - duration: How long after subscription elements are dropped.
    ///   - scheduler: Runs the timer that ends the dropping.
    /// - Returns: The elements that arrive once `duration` has passed, and the terminal event.
    @_alwaysEmitIntoClient
    public func skip(for duration: RxTimeInterval, scheduler: any SchedulerType) -> Observable<Element> {
        skip(duration, scheduler: scheduler)
    }

    /// Drops the elements that arrive before `duration` has passed since
    /// subscription, then emits the rest. Completion and errors pass at any time.
    ///
    /// The timer runs on `scheduler`; it only opens the gate, so elements are
    /// still delivered on the source's thread.
    ///
    /// ```
    /// source:           -1-2-3-4-5|
    /// skip(5 ticks):    ------3-4-5|
    /// ```
    ///
    /// - Parameters:
    ///   - duration: How long after subscription elements are dropped.
    ///   - scheduler: Runs the timer that ends the dropping.
    /// - Returns: The elements that arrive once `duration` has passed, and the terminal event.
    @_alwaysEmitIntoClient
    public func skip(_ duration: RxTimeInterval, scheduler: any SchedulerType) -> Observable<Element> {
        SkipForObservable(source: asObservable(), duration: duration, scheduler: scheduler)
    }
}

// Sendable: immutable after init; each subscription keeps its own state.
@usableFromInline
final class SkipForObservable<Element>: Observable<Element>, @unchecked Sendable {
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
        let isOpen = AtomicWord()
        let timer = scheduler.scheduleRelative(isOpen, dueTime: duration) { isOpen in
            isOpen.store(1)
            return Disposables.create()
        }
        return Disposables.create(timer, source.run(SkipForSink(isOpen: isOpen, downstream: sink)))
    }
}

private final class SkipForSink<Element>: Sink<Element> {
    /// Set by the timer on its thread; read (a plain atomic load) per element.
    private let isOpen: AtomicWord
    private let downstream: Sink<Element>

    init(isOpen: AtomicWord, downstream: Sink<Element>) {
        self.isOpen = isOpen
        self.downstream = downstream
    }

    override func onNext(_ element: Element) {
        if isOpen.value != 0 { downstream.onNext(element) }
    }

    override func onError(_ error: any Swift.Error) { downstream.onError(error) }
    override func onCompleted() { downstream.onCompleted() }
}
