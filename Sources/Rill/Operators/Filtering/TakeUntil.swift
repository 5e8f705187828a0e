extension ObservableType {
    /// Emits the source's elements until `other` emits an element, then completes.
    ///
    /// `other` is subscribed first, then the source. The first element of `other`
    /// completes the result and disposes both subscriptions. An error from `other`
    /// fails the result; completion of `other` changes nothing (the source keeps
    /// going). The two may deliver on different threads: the result still receives
    /// one event at a time, and no element after the completion.
    ///
    /// ```
    /// source:            -1-2-3-4-5|
    /// other:             -------x---
    /// take(until: other): -1-2-3|
    /// ```
    ///
    /// ```swift
    /// ticks.take(until: viewDidDisappear)   // stops with the screen
    /// ```
    ///
    /// - Parameter other: The sequence whose first element ends the result.
    /// - Returns: An observable of the source's elements before `other` emits.
    @_alwaysEmitIntoClient
    public func take<Source: ObservableType>(until other: Source) -> Observable<Element> {
        TakeUntilObservable(source: asObservable(), trigger: other.asObservable())
    }

    /// Emits the source's elements until `other` emits an element.
    @available(*, deprecated, renamed: "take(until:)")
    public func takeUntil<Source: ObservableType>(_ other: Source) -> Observable<Element> {
        take(until: other)
    }
}

// MARK: - take(until: other)

// Sendable: immutable after init; each subscription keeps its own state.
@usableFromInline
final class TakeUntilObservable<Element, Trigger>: Observable<Element>, @unchecked Sendable {
    private let source: Observable<Element>
    private let trigger: Observable<Trigger>

    @usableFromInline
    init(source: Observable<Element>, trigger: Observable<Trigger>) {
        self.source = source
        self.trigger = trigger
    }

    override func run(_ sink: Sink<Element>) -> any Disposable {
        let takeUntil = TakeUntilSink(downstream: sink)
        let triggerSubscription = trigger.run(TakeUntilTriggerSink<Element, Trigger>(parent: takeUntil))
        guard takeUntil.isStopped else {
            takeUntil.triggerSubscription.setDisposable(triggerSubscription)
            takeUntil.sourceSubscription.setDisposable(source.run(takeUntil))
            return takeUntil
        }
        // The trigger fired while being subscribed. As in RxSwift, the source is
        // subscribed all the same (its elements are dropped: the result has ended),
        // then both subscriptions end, the source's first; the trigger's is kept
        // until then, so a source sharing a connection with it joins that connection.
        takeUntil.sourceSubscription.setDisposable(source.run(takeUntil))
        takeUntil.triggerSubscription.setDisposable(triggerSubscription)
        return takeUntil
    }
}

/// What `take(until: other)` does with events from its two inputs, which may
/// arrive on different threads. A value type kept behind `Locked`; its methods
/// decide, the sink delivers after unlocking.
///
/// Source elements are delivered while not holding the lock, so a trigger that
/// fires meanwhile (on another thread, or re-entrantly from the delivery) cannot
/// deliver its terminal event at once: it waits (`ending`), and the thread that
/// finishes the last element in flight delivers it. So the downstream gets one
/// event at a time and nothing after the terminal event. This is not a queue
/// (`SerialDrain`): a source element sent re-entrantly from inside a delivery is
/// delivered nested, as RxSwift's recursive lock lets it be.
struct TakeUntilState {
    enum Phase {
        /// Passing the source on; `inFlight` source elements are being delivered
        /// now (more than one only when one is sent re-entrantly from a delivery).
        case running(inFlight: Int)
        /// The trigger ended the sequence while elements were in flight: the
        /// thread that finishes the last of them delivers `termination`.
        case ending(Termination, inFlight: Int)
        /// Ended (delivered, or disposed): later events are dropped.
        case ended
    }

    private(set) var phase = Phase.running(inFlight: 0)

    /// A terminal event has been decided (delivered, or waiting); later events are dropped.
    var isStopped: Bool {
        if case .running = phase { return false }
        return true
    }

    /// A source element arrived. Returns whether to deliver it.
    mutating func elementArrived() -> Bool {
        guard case .running(let inFlight) = phase else { return false }
        phase = .running(inFlight: inFlight + 1)
        return true
    }

    /// A source element was delivered. Returns a waiting terminal event to deliver now.
    mutating func elementDelivered() -> Termination? {
        switch phase {
        case .running(let inFlight):
            precondition(inFlight > 0, "Internal inconsistency: take(until:) delivered an element it did not count")
            phase = .running(inFlight: inFlight - 1)
        case .ending(let termination, let inFlight):
            guard inFlight == 1 else {
                phase = .ending(termination, inFlight: inFlight - 1)
                return nil
            }
            phase = .ended
            return termination
        case .ended:
            break
        }
        return nil
    }

    /// The source ended. Returns whether to deliver its terminal event. (The
    /// source's own events never overlap, so nothing from the source is in
    /// flight unless this is sent re-entrantly from a delivery; then it is
    /// delivered nested, as RxSwift does.)
    mutating func sourceEnded() -> Bool {
        guard case .running = phase else { return false }
        phase = .ended
        return true
    }

    /// The trigger fired (an element: `.completed`; an error: `.error`). Returns
    /// the terminal event to deliver now, or nil when there is none or it waits
    /// for the elements in flight.
    mutating func triggerFired(_ termination: Termination) -> Termination? {
        guard case .running(let inFlight) = phase else { return nil }
        guard inFlight == 0 else {
            phase = .ending(termination, inFlight: inFlight)
            return nil
        }
        phase = .ended
        return termination
    }

    /// The subscription was disposed: nothing more is delivered.
    mutating func disposed() {
        phase = .ended
    }
}

/// Receives the source's elements and owns both subscriptions.
private final class TakeUntilSink<Element>: Sink<Element>, Disposable, @unchecked Sendable {
    // Sendable: `state` is behind its lock; the subscriptions are thread-safe;
    // `downstream` is called only as `state` allows, one event at a time.
    private let downstream: Sink<Element>
    private let state = Locked(TakeUntilState())
    let sourceSubscription = SingleAssignmentDisposable()
    let triggerSubscription = SingleAssignmentDisposable()

    init(downstream: Sink<Element>) {
        self.downstream = downstream
    }

    var isStopped: Bool { state.withLock { $0.isStopped } }

    override func onNext(_ element: Element) {
        guard state.withLock({ $0.elementArrived() }) else { return }
        downstream.onNext(element)
        if let termination = state.withLock({ $0.elementDelivered() }) { end(with: termination) }
    }

    override func onError(_ error: any Swift.Error) {
        guard state.withLock({ $0.sourceEnded() }) else { return }
        downstream.onError(error)
        dispose()
    }

    override func onCompleted() {
        guard state.withLock({ $0.sourceEnded() }) else { return }
        downstream.onCompleted()
        dispose()
    }

    func triggerFired(_ termination: Termination) {
        if let termination = state.withLock({ $0.triggerFired(termination) }) { end(with: termination) }
    }

    /// The trigger completed without an element: it can no longer end the source.
    func triggerCompleted() {
        triggerSubscription.dispose()
    }

    private func end(with termination: Termination) {
        termination.deliver(to: downstream)
        dispose()
    }

    /// Disposes the source, then the trigger, in RxSwift's order.
    func dispose() {
        state.withLock { $0.disposed() }
        sourceSubscription.dispose()
        triggerSubscription.dispose()
    }
}

private final class TakeUntilTriggerSink<Element, Trigger>: Sink<Trigger> {
    private let parent: TakeUntilSink<Element>

    init(parent: TakeUntilSink<Element>) {
        self.parent = parent
    }

    override func onNext(_ element: Trigger) { parent.triggerFired(.completed) }
    override func onError(_ error: any Swift.Error) { parent.triggerFired(.error(error)) }
    override func onCompleted() { parent.triggerCompleted() }
}
