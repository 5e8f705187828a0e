extension PrimitiveSequence {
    /// Continues with the trait `handler` returns when this trait fails.
    ///
    /// `handler` runs once, on the thread that delivered the error; the outcome of
    /// its trait becomes the outcome. An error `handler` throws becomes the error.
    ///
    /// ```swift
    /// username(id: 0).catch { _ in cachedUsername() }
    /// ```
    ///
    /// - Parameters:
    ///   - handler: Builds the trait that replaces the failed one from its error.
    ///   - isolation: The caller's actor, found automatically: a closure
    ///     written in actor-isolated code is checked when it runs (see `subscribe`).
    /// - Returns: A trait that recovers from this trait's error.
    @_alwaysEmitIntoClient
    public func `catch`(
        _ handler: @escaping (any Swift.Error) throws -> PrimitiveSequence<Trait, Element>,
        isolation: isolated (any Actor)? = #isolation
    ) -> PrimitiveSequence<Trait, Element> {
        PrimitiveSequence(raw: source.catch({ try handler($0).source }, isolation: isolation))
    }

    /// Renamed `catch(_:)` in RxSwift 6.
    @available(*, deprecated, renamed: "catch(_:)")
    public func catchError(
        _ handler: @escaping (any Swift.Error) throws -> PrimitiveSequence<Trait, Element>,
        isolation: isolated (any Actor)? = #isolation
    ) -> PrimitiveSequence<Trait, Element> {
        self.catch(handler, isolation: isolation)
    }

    /// Succeeds with `element` when this trait fails.
    ///
    /// ```swift
    /// username(id: 0).catchAndReturn("anonymous")   // success "anonymous"
    /// ```
    ///
    /// - Returns: A trait that never fails.
    @_alwaysEmitIntoClient
    public func catchAndReturn(_ element: Element) -> PrimitiveSequence<Trait, Element> {
        PrimitiveSequence(raw: source.catchAndReturn(element))
    }

    /// Renamed `catchAndReturn(_:)` in RxSwift 6.
    @available(*, deprecated, renamed: "catchAndReturn(_:)")
    public func catchErrorJustReturn(_ element: Element) -> PrimitiveSequence<Trait, Element> {
        catchAndReturn(element)
    }

    /// Subscribes to this trait again when it fails, up to `maxAttemptCount`
    /// subscriptions in all (so `retry(3)` makes at most 3 attempts); then fails
    /// with the last error.
    ///
    /// - Returns: A trait with the outcome of the first attempt that did not fail.
    @_alwaysEmitIntoClient
    public func retry(_ maxAttemptCount: Int) -> PrimitiveSequence<Trait, Element> {
        PrimitiveSequence(raw: source.retry(maxAttemptCount))
    }

    /// Subscribes to this trait again when it fails, up to `maxAttemptCount`
    /// subscriptions in all, waiting longer before each new attempt as `backoff`
    /// says; then fails with the last error. See
    /// `Observable.retry(_:backoff:scheduler:shouldRetry:)`. An addition to RxSwift.
    ///
    /// ```swift
    /// fetchUser(id: 7)
    ///     .retry(3, backoff: .exponential(initial: .seconds(1), maxDelay: .seconds(8)),
    ///            scheduler: MainScheduler.instance)
    /// ```
    ///
    /// With a `maxAttemptCount` of 0 nothing is subscribed and the trait ends
    /// without an outcome (a `Single` reports `RxError.noElements`), as `retry(0)` does.
    ///
    /// - Parameters:
    ///   - maxAttemptCount: The maximum number of subscriptions.
    ///   - backoff: The delay before each retry.
    ///   - scheduler: Runs the delays and subscribes the later attempts.
    ///   - shouldRetry: Decides, for the error of an attempt that may still be
    ///     retried, whether to retry; false fails at once, and an error it throws
    ///     is the failure. Nil (the default) retries every error.
    ///   - isolation: The caller's actor (see `Observable.map`).
    /// - Returns: A trait with the outcome of the first attempt that did not fail.
    @_alwaysEmitIntoClient
    public func retry(
        _ maxAttemptCount: Int,
        backoff: RetryBackoff,
        scheduler: any SchedulerType,
        shouldRetry: ((any Swift.Error) throws -> Bool)? = nil,
        isolation: isolated (any Actor)? = #isolation
    ) -> PrimitiveSequence<Trait, Element> {
        PrimitiveSequence(raw: source.retry(
            maxAttemptCount, backoff: backoff, scheduler: scheduler, shouldRetry: shouldRetry, isolation: isolation
        ))
    }

    /// Subscribes to this trait again whenever the sequence `notificationHandler`
    /// builds from its errors emits an element; see `Observable.retry(when:)`.
    ///
    /// When the trigger completes, the trait completes without an outcome, as in
    /// RxSwift; for a `Single` that is reported to the subscriber as
    /// `RxError.noElements`.
    ///
    /// - Parameters:
    ///   - notificationHandler: Receives the errors as an observable and returns a trigger:
    ///     each element of the trigger resubscribes, its completion or error ends the result.
    ///   - isolation: The caller's actor (see `Observable.map`).
    /// - Returns: A trait restarted each time the trigger emits.
    @_alwaysEmitIntoClient
    public func retry<TriggerObservable: ObservableType, Error: Swift.Error>(
        when notificationHandler: @escaping (Observable<Error>) -> TriggerObservable,
        isolation: isolated (any Actor)? = #isolation
    ) -> PrimitiveSequence<Trait, Element> {
        PrimitiveSequence(raw: source.retry(when: notificationHandler, isolation: isolation))
    }

    /// Subscribes to this trait again whenever the sequence `notificationHandler`
    /// builds from its errors emits an element; every error goes to the trigger.
    ///
    /// - Parameters:
    ///   - notificationHandler: Receives the errors as an observable and returns a trigger:
    ///     each element of the trigger resubscribes, its completion or error ends the result.
    ///   - isolation: The caller's actor (see `Observable.map`).
    /// - Returns: A trait restarted each time the trigger emits.
    @_alwaysEmitIntoClient
    public func retry<TriggerObservable: ObservableType>(
        when notificationHandler: @escaping (Observable<any Swift.Error>) -> TriggerObservable,
        isolation: isolated (any Actor)? = #isolation
    ) -> PrimitiveSequence<Trait, Element> {
        PrimitiveSequence(raw: source.retry(when: notificationHandler, isolation: isolation))
    }

    /// Renamed `retry(when:)` in RxSwift 6.
    /// - Parameters:
    ///   - notificationHandler: Receives the errors as an observable and returns a trigger:
    ///     each element of the trigger resubscribes, its completion or error ends the result.
    ///   - isolation: The caller's actor (see `Observable.map`).
    @available(*, deprecated, renamed: "retry(when:)")
    public func retryWhen<TriggerObservable: ObservableType, Error: Swift.Error>(
        _ notificationHandler: @escaping (Observable<Error>) -> TriggerObservable,
        isolation: isolated (any Actor)? = #isolation
    ) -> PrimitiveSequence<Trait, Element> {
        retry(when: notificationHandler, isolation: isolation)
    }

    /// Renamed `retry(when:)` in RxSwift 6.
    /// - Parameters:
    ///   - notificationHandler: Receives the errors as an observable and returns a trigger:
    ///     each element of the trigger resubscribes, its completion or error ends the result.
    ///   - isolation: The caller's actor (see `Observable.map`).
    @available(*, deprecated, renamed: "retry(when:)")
    public func retryWhen<TriggerObservable: ObservableType>(
        _ notificationHandler: @escaping (Observable<any Swift.Error>) -> TriggerObservable,
        isolation: isolated (any Actor)? = #isolation
    ) -> PrimitiveSequence<Trait, Element> {
        retry(when: notificationHandler, isolation: isolation)
    }
}
