/// The bridge between one subscription and one suspended `async` caller: the
/// continuation resumes exactly once, with whichever comes first of the trait's
/// outcome and the awaiting task's cancellation.
///
/// Cancellation disposes the subscription and throws `CancellationError`. The two can
/// race (a success arriving on the source's thread while the task is cancelled on
/// another); whichever takes the continuation under the lock resumes it, after
/// releasing the lock, and the other finds nothing to resume: no double resume and
/// no lock held while calling out (RxSwift's `value` has hung in production on this).
final class AwaitedOutcome<Value>: @unchecked Sendable {
    // Sendable: `state` is behind its lock; the continuation is resumed once, by
    // whoever removed it from the state.
    private struct State {
        var continuation: UnsafeContinuation<Value, any Swift.Error>?
        var subscription: (any Disposable)?
        var isFinished = false
        var isCancelled = false
        /// `subscribe` is running: a cancellation then only marks itself, and the
        /// subscribing side decides after it returns, so an outcome delivered during
        /// the subscription wins even over a cancellation that arrives meanwhile.
        var isSubscribing = false
    }

    private let state = Locked(State())

    /// Suspends until `subscribe` delivers an outcome or the task is cancelled.
    /// `subscribe` receives the function to deliver the outcome with and returns
    /// the subscription.
    func await(_ subscribe: (@escaping @Sendable (Result<Value, any Swift.Error>) -> Void) -> any Disposable) async throws -> Value {
        try await withTaskCancellationHandler {
            try await withUnsafeThrowingContinuation { (continuation: UnsafeContinuation<Value, any Swift.Error>) in
                // Subscribed even in a task cancelled already, as in RxSwift: an
                // outcome the subscription delivers synchronously wins over the
                // cancellation; otherwise the subscription is disposed at once.
                state.withLock { state in
                    state.continuation = continuation
                    state.isSubscribing = true
                }
                let subscription = subscribe { [self] outcome in finish(with: outcome) }
                let (disposeNow, cancelled) = state.withLock { state -> (Bool, UnsafeContinuation<Value, any Swift.Error>?) in
                    state.isSubscribing = false
                    if state.isFinished { return (true, nil) }
                    guard state.isCancelled else {
                        state.subscription = subscription
                        return (false, nil)
                    }
                    state.isFinished = true
                    defer { state.continuation = nil }
                    return (true, state.continuation)
                }
                if disposeNow { subscription.dispose() }
                cancelled?.resume(throwing: CancellationError())
            }
        } onCancel: {
            cancel()
        }
    }

    private func finish(with outcome: Result<Value, any Swift.Error>) {
        let continuation = state.withLock { state -> UnsafeContinuation<Value, any Swift.Error>? in
            guard !state.isFinished else { return nil }
            state.isFinished = true
            state.subscription = nil
            defer { state.continuation = nil }
            return state.continuation
        }
        // The element passes from the delivering thread to the awaiting task once.
        // Like RxSwift's `value`, Rill does not require it to be `Sendable`: a
        // non-Sendable element the source keeps using afterwards is the caller's race.
        nonisolated(unsafe) let handedOver = outcome
        continuation?.resume(with: handedOver)
    }

    private func cancel() {
        let (continuation, subscription) = state.withLock { state -> (UnsafeContinuation<Value, any Swift.Error>?, (any Disposable)?) in
            state.isCancelled = true
            // Before the continuation is stored (a task cancelled already) or while
            // subscribing, only mark the cancellation: `await` resumes, once the
            // subscription returned, with the outcome delivered during it or with
            // `CancellationError`.
            guard !state.isFinished, state.continuation != nil, !state.isSubscribing else { return (nil, nil) }
            state.isFinished = true
            defer {
                state.continuation = nil
                state.subscription = nil
            }
            return (state.continuation, state.subscription)
        }
        subscription?.dispose()
        continuation?.resume(throwing: CancellationError())
    }
}

extension PrimitiveSequence where Trait == SingleTrait {
    /// Subscribes, suspends until the outcome, and returns the element or throws the error.
    ///
    /// Cancelling the awaiting task disposes the subscription (cancelling the
    /// request a `Single.create` wraps) and throws `CancellationError`. In a task
    /// cancelled already it still subscribes, as RxSwift does: an outcome delivered
    /// during the subscription (`Single.just(1)`) is returned; otherwise the
    /// subscription is disposed at once and `CancellationError` thrown.
    ///
    /// ```swift
    /// let name = try await username(id: 7).value
    /// ```
    public var value: Element {
        get async throws {
            try await AwaitedOutcome<Element>().await { deliver in
                subscribe(
                    onSuccess: { element in deliver(.success(element)) },
                    onFailure: { error in deliver(.failure(error)) },
                    isolation: nil
                )
            }
        }
    }

    /// A `Single` that runs `work` in a new task for each subscription and
    /// succeeds with what it returns or fails with what it throws. Disposing the
    /// subscription cancels the task.
    ///
    /// The task is created from Rill's nonisolated code, so `work` does not run on
    /// the actor of the code around it (mark the closure `@MainActor` for that).
    /// `detached` chooses `Task.detached` over `Task`, which only decides whether
    /// the current task's priority and task-local values are inherited.
    ///
    /// ```swift
    /// let profile = Single.create { try await api.fetchProfile() }
    /// ```
    public static func create(
        detached: Bool = false,
        priority: TaskPriority? = nil,
        work: @Sendable @escaping () async throws -> Element
    ) -> Single<Element> {
        Single.create { observer in
            let body: @Sendable () async -> Void = {
                do {
                    observer(.success(try await work()))
                } catch {
                    observer(.failure(error))
                }
            }
            let task = detached ? Task.detached(priority: priority, operation: body) : Task(priority: priority, operation: body)
            return Disposables.create { task.cancel() }
        }
    }
}

extension PrimitiveSequence where Trait == MaybeTrait {
    /// Subscribes, suspends until the outcome, and returns the element, `nil` for
    /// completion without one, or throws the error. Cancelling the awaiting task
    /// disposes the subscription and throws `CancellationError`; in a task cancelled
    /// already, an outcome delivered during the subscription (`Maybe.empty()`) wins.
    public var value: Element? {
        get async throws {
            try await AwaitedOutcome<Element?>().await { deliver in
                subscribe(
                    onSuccess: { element in deliver(.success(element)) },
                    onError: { error in deliver(.failure(error)) },
                    onCompleted: { deliver(.success(nil)) },
                    isolation: nil
                )
            }
        }
    }
}

extension PrimitiveSequence where Trait == CompletableTrait, Element == Swift.Never {
    /// Subscribes and suspends until completion, or throws the error. Cancelling the
    /// awaiting task disposes the subscription and throws `CancellationError`; in a
    /// task cancelled already, a completion delivered during the subscription
    /// (`Completable.empty()`) wins.
    public var value: Void {
        get async throws {
            try await AwaitedOutcome<Void>().await { deliver in
                subscribe(
                    onCompleted: { deliver(.success(())) },
                    onError: { error in deliver(.failure(error)) },
                    isolation: nil
                )
            }
        }
    }
}
