extension ObservableType {
    /// Subscribes to this sequence up to `maxAttemptCount` times in all, waiting
    /// longer before each new attempt as `backoff` says; the error of the last
    /// attempt is delivered. An addition to RxSwift, where the same is built by
    /// hand with `retry(when:)`.
    ///
    /// Attempts count as in `retry(_:)`: `maxAttemptCount` is the number of
    /// subscriptions, the first one included, and with 0 nothing is subscribed and
    /// the result completes. When an attempt fails and another is allowed, its
    /// subscription is disposed at once, and the next attempt is subscribed
    /// `backoff.delay(forRetry: n)` later on `scheduler` (n is 1 for the first
    /// retry). Elements and completion pass through; disposing while a retry waits
    /// cancels its timer and nothing more is subscribed.
    ///
    /// ```
    /// source (each attempt, one dash = 10):   -1-x
    /// retry(3, backoff: .exponential(initial: .seconds(20), maxDelay: .seconds(60))):
    ///                                         -1----1------1-x
    /// (attempt 2 starts 20 after the first error, attempt 3 40 after the second)
    /// ```
    ///
    /// ```swift
    /// request
    ///     .retry(4, backoff: .exponential(initial: .milliseconds(200), maxDelay: .seconds(5)).jittered(0.5),
    ///            scheduler: MainScheduler.instance) { error in error is URLError }
    /// ```
    ///
    /// Threading: the later attempts are subscribed on `scheduler`; events arrive
    /// on whatever thread each attempt delivers them.
    ///
    /// - Parameters:
    ///   - maxAttemptCount: The maximum number of subscriptions.
    ///   - backoff: The delay before each retry.
    ///   - scheduler: Runs the delays and subscribes the later attempts.
    ///   - shouldRetry: Decides, for the error of an attempt that may still be
    ///     retried, whether to retry; false delivers the error at once, and an error
    ///     it throws is delivered instead. It runs on the thread that delivered the
    ///     error, before the failed subscription is disposed, and not for the last
    ///     attempt's error. Nil (the default) retries every error. A closure written
    ///     in actor-isolated code is checked to run on that actor.
    ///   - isolation: The caller's actor, found automatically (see `map`).
    /// - Returns: The events of this sequence, restarted after a delay when it
    ///   fails while attempts remain.
    @_alwaysEmitIntoClient
    public func retry(
        _ maxAttemptCount: Int,
        backoff: RetryBackoff,
        scheduler: any SchedulerType,
        shouldRetry: ((any Swift.Error) throws -> Bool)? = nil,
        isolation: isolated (any Actor)? = #isolation
    ) -> Observable<Element> {
        var predicate = shouldRetry
        if let shouldRetry, let isolation {
            predicate = IsolationCheck.checking(shouldRetry, isolation, "retry(_:backoff:scheduler:shouldRetry:)")
        }
        return RetryBackoffObservable(
            source: asObservable(), maxAttemptCount: maxAttemptCount, backoff: backoff, scheduler: scheduler,
            shouldRetry: predicate
        )
    }
}

// Sendable: immutable after init; each subscription keeps its own state.
@usableFromInline
final class RetryBackoffObservable<Element>: Observable<Element>, @unchecked Sendable {
    private let source: Observable<Element>
    private let maxAttemptCount: Int
    private let backoff: RetryBackoff
    private let scheduler: any SchedulerType
    private let shouldRetry: ((any Swift.Error) throws -> Bool)?

    @usableFromInline
    init(
        source: Observable<Element>, maxAttemptCount: Int, backoff: RetryBackoff, scheduler: any SchedulerType,
        shouldRetry: ((any Swift.Error) throws -> Bool)?
    ) {
        self.source = source
        self.maxAttemptCount = maxAttemptCount
        self.backoff = backoff
        self.scheduler = scheduler
        self.shouldRetry = shouldRetry
    }

    override func run(_ sink: Sink<Element>) -> any Disposable {
        guard maxAttemptCount > 0 else {
            sink.onCompleted()
            return Disposables.create()
        }
        let retrySink = RetryBackoffSink(
            source: source, backoff: backoff, scheduler: scheduler, shouldRetry: shouldRetry,
            downstream: sink, attemptsLeft: maxAttemptCount - 1
        )
        retrySink.start()
        return retrySink
    }
}

/// `retry(_:)`'s sink with a timer between a failure and the next attempt: the
/// failed attempt is given up under the state's lock at the error (so a late
/// disposable of it is disposed, not kept), and the timer requests the next one.
private final class RetryBackoffSink<Element>: RetryingSink<Element>, RetryAttempts, @unchecked Sendable {
    // Sendable: adds immutable values and the thread-safe `timer` to RetryingSink;
    // `shouldRetry` is called by one failing attempt at a time.
    private let source: Observable<Element>
    private let backoff: RetryBackoff
    private let scheduler: any SchedulerType
    private let shouldRetry: ((any Swift.Error) throws -> Bool)?
    /// The pending delay before the next attempt.
    private let timer = SerialDisposable()

    init(
        source: Observable<Element>, backoff: RetryBackoff, scheduler: any SchedulerType,
        shouldRetry: ((any Swift.Error) throws -> Bool)?, downstream: Sink<Element>, attemptsLeft: Int
    ) {
        self.source = source
        self.backoff = backoff
        self.scheduler = scheduler
        self.shouldRetry = shouldRetry
        super.init(downstream: downstream, attemptsLeft: attemptsLeft)
    }

    func subscribeAttempt(_ number: Int) -> any Disposable {
        source.subscribe(self) { $0 }
    }

    override func onError(_ error: any Swift.Error) {
        guard let retry = state.withLock({ $0.takeAttempt() ? $0.retries : nil }) else {
            return downstream.onError(error)
        }
        if let shouldRetry {
            do {
                guard try shouldRetry(error) else { return downstream.onError(error) }
            } catch {
                return downstream.onError(error)
            }
        }
        // The failed subscription ends now, not when the delay is over.
        state.withLock { $0.attemptFailed() }?.dispose()
        // Set after a disposal, the timer is cancelled at once.
        timer.disposable = scheduler.scheduleRelative(self, dueTime: backoff.delay(forRetry: retry)) { sink in
            sink.startNextAttempt()
            return Disposables.create()
        }
    }

    override func dispose() {
        super.dispose()
        timer.dispose()
    }
}
