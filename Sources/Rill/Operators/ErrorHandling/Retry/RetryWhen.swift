extension ObservableType {
    /// Subscribes to this sequence again whenever the sequence `notificationHandler`
    /// builds from its errors emits an element.
    ///
    /// `notificationHandler` runs once per subscription, with an observable of the
    /// errors of this sequence; the result subscribes to the trigger it returns
    /// first, then to this sequence. Each error of type `Error` is sent into the
    /// errors observable instead of ending the result; an error of another type
    /// ends the result at once. As in RxSwift 6.10, the trigger's events count
    /// only once an error is waiting for them: its element then subscribes this
    /// sequence again (an element while this sequence runs is dropped); its
    /// completion or error ends the result, at once if an error is waiting, else
    /// at the next error (if this sequence completes first, the result completes
    /// with it).
    ///
    /// ```swift
    /// request.retry(when: { (errors: Observable<NetworkError>) in
    ///     errors.enumerated().flatMap { attempt, error -> Observable<Int> in
    ///         attempt < 3 ? .timer(.seconds(1), scheduler: scheduler) : .error(error)
    ///     }
    /// })
    /// ```
    ///
    /// - Parameter notificationHandler: Builds the trigger from the errors.
    /// - Parameter isolation: The caller's actor (see `map`).
    /// - Returns: The events of this sequence, restarted each time the trigger emits.
    @_alwaysEmitIntoClient
    public func retry<TriggerObservable: ObservableType, Error: Swift.Error>(
        when notificationHandler: @escaping (Observable<Error>) -> TriggerObservable,
        isolation: isolated (any Actor)? = #isolation
    ) -> Observable<Element> {
        guard let isolation else {
            return RetryWhenObservable(source: asObservable()) { notificationHandler($0).asObservable().map { _ in () } }
        }
        return RetryWhenObservable(source: asObservable()) { errors in
            IsolationCheck.verify(isolation, "retry(when:)")
            return notificationHandler(errors).asObservable().map({ _ in () }, isolation: nil)
        }
    }

    /// Subscribes to this sequence again whenever the sequence `notificationHandler`
    /// builds from its errors emits an element.
    ///
    /// The same as the typed form with `Error` being any error: every error of
    /// this sequence goes to the trigger.
    ///
    /// - Parameter notificationHandler: Builds the trigger from the errors.
    /// - Parameter isolation: The caller's actor (see `map`).
    /// - Returns: The events of this sequence, restarted each time the trigger emits.
    @_alwaysEmitIntoClient
    public func retry<TriggerObservable: ObservableType>(
        when notificationHandler: @escaping (Observable<any Swift.Error>) -> TriggerObservable,
        isolation: isolated (any Actor)? = #isolation
    ) -> Observable<Element> {
        guard let isolation else {
            return RetryWhenObservable(source: asObservable()) { notificationHandler($0).asObservable().map { _ in () } }
        }
        return RetryWhenObservable(source: asObservable()) { errors in
            IsolationCheck.verify(isolation, "retry(when:)")
            return notificationHandler(errors).asObservable().map({ _ in () }, isolation: nil)
        }
    }

    /// Renamed `retry(when:)` in RxSwift 6.
    @available(*, deprecated, renamed: "retry(when:)")
    public func retryWhen<TriggerObservable: ObservableType, Error: Swift.Error>(
        _ notificationHandler: @escaping (Observable<Error>) -> TriggerObservable,
        isolation: isolated (any Actor)? = #isolation
    ) -> Observable<Element> {
        retry(when: notificationHandler, isolation: isolation)
    }
}

// Sendable: immutable after init; each subscription keeps its own state.
@usableFromInline
final class RetryWhenObservable<Element, Failure: Swift.Error>: Observable<Element>, @unchecked Sendable {
    private let source: Observable<Element>
    private let makeTrigger: (Observable<Failure>) -> Observable<Void>

    @usableFromInline
    init(source: Observable<Element>, makeTrigger: @escaping (Observable<Failure>) -> Observable<Void>) {
        self.source = source
        self.makeTrigger = makeTrigger
    }

    override func run(_ sink: Sink<Element>) -> any Disposable {
        let errors = InnerSubject<Failure>()
        let retrySink = RetryWhenSink(source: source, errors: errors, downstream: sink)
        let trigger = makeTrigger(errors)
        let triggerSink = RetryTriggerSink(parent: retrySink)
        let triggerSubscription = trigger.subscribe(triggerSink) { $0 }
        retrySink.start()
        return Disposables.create(retrySink, triggerSubscription)
    }
}

private final class RetryWhenSink<Element, Failure: Swift.Error>: RetryingSink<Element>, RetryAttempts, @unchecked Sendable {
    // Sendable: adds immutable references to RetryingSink; `errors` is Sendable and
    // `gate` is behind its lock.
    private let source: Observable<Element>
    private let errors: InnerSubject<Failure>
    private let gate = Locked(RetryTriggerGate())

    init(source: Observable<Element>, errors: InnerSubject<Failure>, downstream: Sink<Element>) {
        self.source = source
        self.errors = errors
        super.init(downstream: downstream)
    }

    func subscribeAttempt(_ number: Int) -> any Disposable {
        source.subscribe(self) { $0 }
    }

    override func onError(_ error: any Swift.Error) {
        guard let failure = error as? Failure else { return downstream.onError(error) }
        // The failed subscription ends now, not when the trigger fires.
        state.withLock { $0.attemptFailed() }?.dispose()
        if let end = gate.withLock({ $0.errorArrived() }) { return finish(end) }
        errors.onNext(failure)
    }

    /// The trigger emitted: the next attempt starts if an error waits for it.
    func triggerEmitted() {
        if gate.withLock({ $0.elementArrived() }) { startNextAttempt() }
    }

    /// The trigger ended: the result ends now if an error waits, else at the next error.
    func triggerEnded(_ end: Termination) {
        if gate.withLock({ $0.ended(end) }) { finish(end) }
    }

    private func finish(_ end: Termination) {
        end.deliver(to: downstream)
    }
}

/// When `retry(when:)` acts on its trigger's events, as RxSwift 6.10 does: RxSwift
/// listens to the trigger (through a subject) only from an error until the next
/// attempt starts, so an element outside that window is lost and a terminal event
/// outside it is seen at the next error. A value type behind `Locked`.
struct RetryTriggerGate {
    /// An error of the source waits for the trigger.
    private var isWaiting = false
    /// The trigger's terminal event, once it has ended.
    private var end: Termination?

    /// The source failed. Returns the trigger's terminal event to end the result
    /// with now, or nil: the error now waits for the trigger.
    mutating func errorArrived() -> Termination? {
        if let end { return end }
        isWaiting = true
        return nil
    }

    /// The trigger emitted. True: an error was waiting; start the next attempt.
    mutating func elementArrived() -> Bool {
        guard isWaiting, end == nil else { return false }
        isWaiting = false
        return true
    }

    /// The trigger ended with `end`. True: an error was waiting; end the result now.
    mutating func ended(_ end: Termination) -> Bool {
        guard self.end == nil else { return false }
        self.end = end
        defer { isWaiting = false }
        return isWaiting
    }
}

/// Receives the trigger and hands its events to the sink's `RetryTriggerGate`.
private final class RetryTriggerSink<Element, Failure: Swift.Error>: Sink<Void> {
    private let parent: RetryWhenSink<Element, Failure>

    init(parent: RetryWhenSink<Element, Failure>) {
        self.parent = parent
    }

    override func onNext(_ element: Void) { parent.triggerEmitted() }
    override func onError(_ error: any Swift.Error) { parent.triggerEnded(.error(error)) }
    override func onCompleted() { parent.triggerEnded(.completed) }
}
