extension ObservableType {
    /// Subscribes to this sequence again whenever the sequence `notificationHandler`
    /// builds from its errors emits an element.
    ///
    /// `notificationHandler` runs once per subscription, with an observable of the
    /// errors of this sequence; the result subscribes to the trigger it returns
    /// first, then to this sequence. Each error of type `Error` is sent into the
    /// errors observable instead of ending the result; an error of another type
    /// ends the result at once. When the trigger emits, this sequence is
    /// subscribed again (the previous subscription is disposed); when it completes
    /// the result completes; when it fails the result fails with that error.
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
    /// - Returns: The events of this sequence, restarted each time the trigger emits.
    /// - Parameter isolation: The caller's actor (see `map`).
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
    /// - Returns: The events of this sequence, restarted each time the trigger emits.
    /// - Parameter isolation: The caller's actor (see `map`).
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
private final class RetryWhenObservable<Element, Failure: Swift.Error>: Observable<Element>, @unchecked Sendable {
    private let source: Observable<Element>
    private let makeTrigger: (Observable<Failure>) -> Observable<Void>

    init(source: Observable<Element>, makeTrigger: @escaping (Observable<Failure>) -> Observable<Void>) {
        self.source = source
        self.makeTrigger = makeTrigger
    }

    override func run(_ sink: Sink<Element>) -> any Disposable {
        let errors = GroupSubject<Failure>()
        let retrySink = RetryWhenSink(source: source, errors: errors, downstream: sink)
        let trigger = makeTrigger(errors)
        let triggerSink = RetryTriggerSink(parent: retrySink)
        let triggerSubscription = Trampoline.run { _ in trigger.run(triggerSink) }
        retrySink.start()
        return Disposables.create(retrySink, triggerSubscription)
    }
}

private final class RetryWhenSink<Element, Failure: Swift.Error>: RetryingSink<Element>, @unchecked Sendable {
    // Sendable: adds only immutable references to RetryingSink; `errors` is Sendable.
    private let source: Observable<Element>
    private let errors: GroupSubject<Failure>

    init(source: Observable<Element>, errors: GroupSubject<Failure>, downstream: Sink<Element>) {
        self.source = source
        self.errors = errors
        super.init(downstream: downstream)
    }

    override func subscribeAttempt(_ number: Int) -> any Disposable {
        source.run(self)
    }

    override func onError(_ error: any Swift.Error) {
        guard let failure = error as? Failure else { return downstream.onError(error) }
        // The failed subscription ends now, not when the trigger fires.
        state.withLock { $0.attemptFailed() }?.dispose()
        errors.onNext(failure)
    }
}

/// Receives the trigger: each element restarts the source; its terminal event ends the result.
private final class RetryTriggerSink<Element, Failure: Swift.Error>: Sink<Void> {
    private let parent: RetryWhenSink<Element, Failure>

    init(parent: RetryWhenSink<Element, Failure>) {
        self.parent = parent
    }

    override func onNext(_ element: Void) { parent.startNextAttempt() }
    override func onError(_ error: any Swift.Error) { parent.downstream.onError(error) }
    override func onCompleted() { parent.downstream.onCompleted() }
}
