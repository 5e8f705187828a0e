extension ObservableType {
    /// Subscribes to this sequence again each time it fails, without limit.
    ///
    /// The failed subscription is disposed before the next one starts. A source
    /// that fails synchronously on every subscription is retried in a loop (no
    /// stack growth) forever: prefer `retry(_:)` or `retry(when:)`.
    ///
    /// ```
    /// source (1st):  -1-x
    /// source (2nd):      -1-2|
    /// retry():       -1--1-2|
    /// ```
    ///
    /// - Returns: The events of this sequence, restarted after each error.
    @_alwaysEmitIntoClient
    public func retry() -> Observable<Element> {
        RetryObservable(source: asObservable(), maxAttemptCount: nil)
    }

    /// Subscribes to this sequence up to `maxAttemptCount` times in all, until
    /// it completes; the error of the last attempt is delivered.
    ///
    /// `retry(3)` subscribes at most three times. The failed subscription is
    /// disposed before the next one starts. With `maxAttemptCount` 0 nothing is
    /// subscribed and the result completes.
    ///
    /// ```
    /// source (each): -1-x
    /// retry(2):      -1--1-x
    /// ```
    ///
    /// - Parameter maxAttemptCount: The maximum number of subscriptions.
    /// - Returns: The events of this sequence, restarted after an error while attempts remain.
    @_alwaysEmitIntoClient
    public func retry(_ maxAttemptCount: Int) -> Observable<Element> {
        RetryObservable(source: asObservable(), maxAttemptCount: maxAttemptCount)
    }
}

// Sendable: immutable after init; each subscription keeps its own state.
@usableFromInline
final class RetryObservable<Element>: Observable<Element>, @unchecked Sendable {
    private let source: Observable<Element>
    private let maxAttemptCount: Int?

    @usableFromInline
    init(source: Observable<Element>, maxAttemptCount: Int?) {
        self.source = source
        self.maxAttemptCount = maxAttemptCount
    }

    override func run(_ sink: Sink<Element>) -> any Disposable {
        if let maxAttemptCount, maxAttemptCount <= 0 {
            sink.onCompleted()
            return Disposables.create()
        }
        let retrySink = RetrySink(source: source, downstream: sink, attemptsLeft: maxAttemptCount.map { $0 - 1 })
        retrySink.start()
        return retrySink
    }
}

private final class RetrySink<Element>: RetryingSink<Element>, RetryAttempts, @unchecked Sendable {
    // Sendable: adds only an immutable source to RetryingSink.
    private let source: Observable<Element>

    init(source: Observable<Element>, downstream: Sink<Element>, attemptsLeft: Int?) {
        self.source = source
        super.init(downstream: downstream, attemptsLeft: attemptsLeft)
    }

    func subscribeAttempt(_ number: Int) -> any Disposable {
        source.subscribe(self) { $0 }
    }

    override func onError(_ error: any Swift.Error) {
        guard state.withLock({ $0.takeAttempt() }) else { return downstream.onError(error) }
        startNextAttempt()
    }
}
