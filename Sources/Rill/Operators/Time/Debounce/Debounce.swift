extension ObservableType {
    /// Emits an element only after `dueTime` has passed without another element.
    ///
    /// Each element restarts the wait; bursts collapse to their last element. When
    /// the source completes, the element still waiting is emitted at once, then
    /// completion. An error is forwarded at once and drops the waiting element.
    /// Elements are emitted on `scheduler`'s thread; completion and errors on the
    /// source's thread (or, if a timer is delivering at that moment, by that
    /// delivery, right after it). The result never delivers two events at once.
    ///
    /// ```
    /// source (one dash = 10):  -a-b-c-------d-|
    /// debounce(30):            --------c------(d|)   (d goes out with the completion)
    /// ```
    ///
    /// ```swift
    /// searchText.debounce(.milliseconds(300), scheduler: MainScheduler.instance)
    /// ```
    ///
    /// - Parameters:
    ///   - dueTime: How long the source must stay quiet before its latest element is emitted.
    ///   - scheduler: The scheduler that runs the timers.
    /// - Returns: An observable of the elements that were followed by a quiet period.
    @_alwaysEmitIntoClient
    public func debounce(_ dueTime: RxTimeInterval, scheduler: any SchedulerType) -> Observable<Element> {
        DebounceObservable(source: asObservable(), dueTime: dueTime, scheduler: scheduler)
    }
}

// Sendable: immutable after init; each subscription keeps its own state.
@usableFromInline
final class DebounceObservable<Element>: Observable<Element>, @unchecked Sendable {
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
        DebounceSink(dueTime: dueTime, scheduler: scheduler, downstream: sink).start(source)
    }
}

private final class DebounceSink<Element>: TimedSink<Element, Element, DebounceState<Element>>, @unchecked Sendable {
    // Sendable: see `TimedSink`.
    private let dueTime: RxTimeInterval

    init(dueTime: RxTimeInterval, scheduler: any SchedulerType, downstream: Sink<Element>) {
        self.dueTime = dueTime
        super.init(state: DebounceState(), scheduler: scheduler, downstream: downstream)
    }

    override func onNext(_ element: Element) {
        guard let generation = state.withLock({ $0.elementReceived(element) }) else { return }
        scheduleTimer(generation, after: dueTime) { [self] generation in
            emit { state, emit in state.timerFired(generation: generation, emit: emit) }
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
