extension ObservableType {
    /// Splits the elements into windows, each an observable, opening a new one
    /// every `timeSpan` or as soon as the current one received `count` elements,
    /// whichever comes first.
    ///
    /// The first window opens on subscription. A window is hot: subscribe to it
    /// while handling it (as `flatMap` does) to receive all its elements. When
    /// the source completes or fails, the current window and the result complete
    /// or fail with it. As in RxSwift, the windows hold the source through a
    /// reference count: disposing the result's subscription stops delivery to it,
    /// but the source (and the timer) stay subscribed while a window has a
    /// subscriber, and are released when the last one goes.
    ///
    /// ```
    /// source:                        -1-2-3-----4|
    /// window(timeSpan: 5, count: 2): W1 (1, 2) W2 (3) W3 (4)|
    /// ```
    ///
    /// - Parameters:
    ///   - timeSpan: The longest time a window stays open.
    ///   - count: The most elements a window receives; must be positive.
    ///   - scheduler: Runs the timers.
    /// - Returns: An observable of windows.
    @_alwaysEmitIntoClient
    public func window(timeSpan: RxTimeInterval, count: Int, scheduler: any SchedulerType) -> Observable<Observable<Element>> {
        precondition(count > 0, "window(timeSpan:count:scheduler:) needs a positive count, got \(count)")
        return WindowObservable(source: asObservable(), timeSpan: timeSpan, count: count, scheduler: scheduler)
    }
}

// Sendable: immutable after init; each subscription keeps its own state.
@usableFromInline
final class WindowObservable<Element>: Observable<Observable<Element>>, @unchecked Sendable {
    private let source: Observable<Element>
    private let timeSpan: RxTimeInterval
    private let count: Int
    private let scheduler: any SchedulerType

    @usableFromInline
    init(source: Observable<Element>, timeSpan: RxTimeInterval, count: Int, scheduler: any SchedulerType) {
        self.source = source
        self.timeSpan = timeSpan
        self.count = count
        self.scheduler = scheduler
    }

    override func run(_ sink: Sink<Observable<Element>>) -> any Disposable {
        let subscription = SingleAssignmentDisposable()
        let outer = RefCountedOuterSubscription(subscription)
        let window = WindowSink(timeSpan: timeSpan, count: count, scheduler: scheduler, outer: outer, downstream: sink)
        subscription.setDisposable(window)
        window.start(source)
        return outer
    }
}

private final class WindowSink<Element>: ChunkingSink<Element>, @unchecked Sendable {
    // Sendable: `window` and `downstream` are touched only by ChunkingSink's queued
    // work (and by `open`, before anything is queued); `outer` is Sendable.
    private let downstream: Sink<Observable<Element>>
    private let outer: RefCountedOuterSubscription
    private var window = InnerSubject<Element>()

    init(timeSpan: RxTimeInterval, count: Int, scheduler: any SchedulerType,
         outer: RefCountedOuterSubscription, downstream: Sink<Observable<Element>>) {
        self.downstream = downstream
        self.outer = outer
        super.init(timeSpan: timeSpan, count: count, scheduler: scheduler)
    }

    override func open() {
        deliver(window)
    }

    /// Hands a new window to the result, unless its subscription was disposed.
    private func deliver(_ window: InnerSubject<Element>) {
        guard outer.isDisposed.value == 0 else { return }
        downstream.onNext(RefCountedGroup(window, refCount: outer.refCount, style: .trampolined))
    }

    override func add(_ element: Element) {
        window.onNext(element)
    }

    override func closeChunk() {
        let closed = window
        window = InnerSubject()
        closed.finish(.completed)
        deliver(window)
    }

    override func end(_ termination: Termination) {
        window.finish(termination)
        guard outer.isDisposed.value == 0 else { return }
        termination.deliver(to: downstream)
    }
}
