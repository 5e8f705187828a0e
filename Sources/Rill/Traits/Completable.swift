/// The marker type of `Completable`: completion or an error, never an element.
public enum CompletableTrait {}

/// A trait that completes or fails and has no elements: the type of work whose only
/// result is that it happened, such as a save.
///
/// ```swift
/// save(draft: "hello").andThen(username(id: 3))   // the fetch starts after the save
/// ```
public typealias Completable = PrimitiveSequence<CompletableTrait, Swift.Never>

/// The outcome of a `Completable`.
@frozen public enum CompletableEvent {
    /// The `Completable` failed.
    case error(Swift.Error)
    /// The `Completable` completed.
    case completed
}

extension PrimitiveSequenceType where Trait == CompletableTrait, Element == Swift.Never {
    /// The observer that `Completable.create` hands out: call it once with the outcome.
    public typealias CompletableObserver = @Sendable (CompletableEvent) -> Void

    /// A `Completable` whose subscriptions run `subscribe`.
    ///
    /// Call the observer with `.completed` or `.error(error)`. Only the first call
    /// counts, even from several threads at once. Return a `Disposable` that
    /// cancels the work; it runs when the subscriber disposes and after the
    /// outcome. `subscribe` runs once per subscription.
    ///
    /// ```swift
    /// func save(draft: String) -> Completable {
    ///     Completable.create { completable in
    ///         store.write(draft) { error in
    ///             completable(error.map { .error($0) } ?? .completed)
    ///         }
    ///         return Disposables.create()
    ///     }
    /// }
    /// ```
    public static func create(
        subscribe: @escaping (@escaping CompletableObserver) -> any Disposable
    ) -> Completable {
        // Both outcomes are terminal events, which the create sink already lets
        // through once.
        Completable(raw: CreateObservable(sink: { sink in
            subscribe { event in
                switch event {
                case .error(let error): sink.onError(error)
                case .completed: sink.onCompleted()
                }
            }
        }))
    }

    /// Subscribes with one closure that receives the outcome, once.
    ///
    /// The closure is checked like those of `subscribe(onCompleted:onError:onDisposed:)`.
    ///
    /// - Parameter isolation: The caller's actor, found automatically. Pass `nil` to hand over closures that are not isolated to it.
    /// - Parameter observer: Called with the outcome.
    /// - Parameter file: Where the call is, recorded while `Resources.isTrackingSubscriptions` is on.
    /// - Parameter line: The call's line, recorded with `file`.
    /// - Returns: A disposable that cancels the subscription.
    @_alwaysEmitIntoClient
    public func subscribe(
        _ observer: @escaping (CompletableEvent) -> Void,
        isolation: isolated (any Actor)? = #isolation,
        file: StaticString = #fileID,
        line: UInt = #line
    ) -> any Disposable {
        let observer = IsolationCheck.guarding(observer, isolation, "subscribe(_:)")!
        return primitiveSequence.subscribeOutcome(
            site: SubscriptionSite(.subscribe, file: file, line: line),
            onSuccess: nil,
            onError: { observer(.error($0)) },
            onEmpty: { observer(.completed) },
            onDisposed: nil
        )
    }

    /// Subscribes with closures for completion and failure.
    ///
    /// The closures run on the thread that produces the outcome; closures written
    /// in actor-isolated code are checked, as for `Observable.subscribe`.
    /// `onDisposed` runs once, after the outcome or when the subscription is
    /// disposed. An error with no `onError` is reported on standard error (in debug
    /// builds).
    ///
    /// - Parameter onError: Called with the error.
    /// - Parameter onDisposed: Called once the subscription ends: after a terminal event or when it is disposed.
    /// - Parameter isolation: The caller's actor, found automatically. Pass `nil` to hand over closures that are not isolated to it.
    /// - Parameter onCompleted: Called when the sequence completes.
    /// - Parameter file: Where the call is, recorded while `Resources.isTrackingSubscriptions` is on.
    /// - Parameter line: The call's line, recorded with `file`.
    /// - Returns: A disposable that cancels the subscription.
    @_alwaysEmitIntoClient
    public func subscribe(
        onCompleted: (() -> Void)? = nil,
        onError: ((any Swift.Error) -> Void)? = nil,
        onDisposed: (() -> Void)? = nil,
        isolation: isolated (any Actor)? = #isolation,
        file: StaticString = #fileID,
        line: UInt = #line
    ) -> any Disposable {
        let operation: StaticString = "subscribe(onCompleted:onError:onDisposed:)"
        return primitiveSequence.subscribeOutcome(
            site: SubscriptionSite(.subscribe, file: file, line: line),
            onSuccess: nil,
            onError: IsolationCheck.guarding(onError, isolation, operation),
            onEmpty: IsolationCheck.guarding(onCompleted, isolation, operation),
            onDisposed: IsolationCheck.guarding(onDisposed, isolation, operation)
        )
    }

    /// Subscribes with closures that also receive `object`, held weakly: once
    /// `object` is gone, the closures are no longer called.
    ///
    /// - Parameter onCompleted: Called when the sequence completes.
    /// - Parameter onError: Called with the error.
    /// - Parameter onDisposed: Called once the subscription ends: after a terminal event or when it is disposed.
    /// - Parameter isolation: The caller's actor, found automatically. Pass `nil` to hand over closures that are not isolated to it.
    /// - Parameter object: The object handed to the closures, held weakly.
    /// - Parameter file: Where the call is, recorded while `Resources.isTrackingSubscriptions` is on.
    /// - Parameter line: The call's line, recorded with `file`.
    /// - Returns: A disposable that cancels the subscription.
    @_alwaysEmitIntoClient
    public func subscribe<Object: AnyObject>(
        with object: Object,
        onCompleted: ((Object) -> Void)? = nil,
        onError: ((Object, any Swift.Error) -> Void)? = nil,
        onDisposed: ((Object) -> Void)? = nil,
        isolation: isolated (any Actor)? = #isolation,
        file: StaticString = #fileID,
        line: UInt = #line
    ) -> any Disposable {
        subscribe(
            onCompleted: WeakCapture.bind(object, onCompleted),
            onError: WeakCapture.bind(object, onError),
            onDisposed: WeakCapture.bind(object, onDisposed),
            isolation: isolation,
            file: file, line: line
        )
    }
}

extension PrimitiveSequenceType where Trait == CompletableTrait, Element == Swift.Never {
    /// A `Completable` that fails with `error` at subscription.
    @_alwaysEmitIntoClient
    public static func error(_ error: any Swift.Error) -> Completable {
        Completable(raw: Observable.error(error))
    }

    /// A `Completable` that never produces an outcome.
    @_alwaysEmitIntoClient
    public static func never() -> Completable {
        Completable(raw: Observable.never())
    }

    /// A `Completable` that completes at subscription.
    @_alwaysEmitIntoClient
    public static func empty() -> Completable {
        Completable(raw: Observable.empty())
    }
}
