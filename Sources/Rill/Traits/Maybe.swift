/// The marker type of `Maybe`: one element, no element, or an error.
public enum MaybeTrait {}

/// A trait that succeeds with one element, completes without one, or fails: the type
/// of a lookup that can legitimately find nothing.
///
/// ```swift
/// cachedName(for: "bob")                      // completes: not found is not an error
///     .ifEmpty(switchTo: username(id: 2))     // so fall back to the network
/// ```
public typealias Maybe<Element> = PrimitiveSequence<MaybeTrait, Element>

/// The outcome of a `Maybe`.
@frozen public enum MaybeEvent<Element> {
    /// The one element; the `Maybe` is over.
    case success(Element)
    /// The `Maybe` failed.
    case error(Swift.Error)
    /// The `Maybe` completed without an element.
    case completed
}

extension PrimitiveSequenceType where Trait == MaybeTrait {
    /// The observer that `Maybe.create` hands out: call it once with the outcome.
    public typealias MaybeObserver = @Sendable (MaybeEvent<Element>) -> Void

    /// A `Maybe` whose subscriptions run `subscribe`.
    ///
    /// Call the observer with `.success(element)`, `.completed` or `.error(error)`.
    /// Only the first call counts, even from several threads at once. Return a
    /// `Disposable` that cancels the work; it runs when the subscriber disposes and
    /// after the outcome. `subscribe` runs once per subscription.
    ///
    /// ```swift
    /// func cachedName(for key: String) -> Maybe<String> {
    ///     Maybe.create { maybe in
    ///         if let name = cache[key] { maybe(.success(name)) } else { maybe(.completed) }
    ///         return Disposables.create()
    ///     }
    /// }
    /// ```
    public static func create(
        subscribe: @escaping (@escaping MaybeObserver) -> any Disposable
    ) -> Maybe<Element> {
        Maybe(raw: CreateObservable(sink: { sink in
            subscribe { event in
                guard sink.claimOutcome() else { return }
                switch event {
                case .success(let element):
                    sink.onNext(element)
                    sink.onCompleted()
                case .error(let error):
                    sink.onError(error)
                case .completed:
                    sink.onCompleted()
                }
            }
        }))
    }

    /// Subscribes with one closure that receives the outcome, once.
    ///
    /// The closure is checked like those of
    /// `subscribe(onSuccess:onError:onCompleted:onDisposed:)`.
    ///
    /// - Parameter isolation: The caller's actor, found automatically. Pass `nil` to hand over closures that are not isolated to it.
    /// - Parameter observer: Called with the outcome.
    /// - Parameter file: Where the call is, recorded while `Resources.isTrackingSubscriptions` is on.
    /// - Parameter line: The call's line, recorded with `file`.
    /// - Returns: A disposable that cancels the subscription.
    @_alwaysEmitIntoClient
    public func subscribe(
        _ observer: @escaping (MaybeEvent<Element>) -> Void,
        isolation: isolated (any Actor)? = #isolation,
        file: StaticString = #fileID,
        line: UInt = #line
    ) -> any Disposable {
        let observer = IsolationCheck.guarding(observer, isolation, "subscribe(_:)")!
        return primitiveSequence.subscribeOutcome(
            site: SubscriptionSite(.subscribe, file: file, line: line),
            onSuccess: { observer(.success($0)) },
            onError: { observer(.error($0)) },
            onEmpty: { observer(.completed) },
            onDisposed: nil
        )
    }

    /// Subscribes with closures for each outcome: `onSuccess` for the element (then
    /// `onCompleted` is not called), `onCompleted` for completion without an element,
    /// `onError` for the failure.
    ///
    /// The closures run on the thread that produces the outcome; closures written
    /// in actor-isolated code are checked, as for `Observable.subscribe`.
    /// `onDisposed` runs once, after the outcome or when the subscription is
    /// disposed. An error with no `onError` is reported on standard error (in debug
    /// builds).
    ///
    /// - Parameter onError: Called with the error.
    /// - Parameter onCompleted: Called when the sequence completes.
    /// - Parameter onDisposed: Called once the subscription ends: after a terminal event or when it is disposed.
    /// - Parameter isolation: The caller's actor, found automatically. Pass `nil` to hand over closures that are not isolated to it.
    /// - Parameter onSuccess: Called with the element.
    /// - Parameter file: Where the call is, recorded while `Resources.isTrackingSubscriptions` is on.
    /// - Parameter line: The call's line, recorded with `file`.
    /// - Returns: A disposable that cancels the subscription.
    @_alwaysEmitIntoClient
    public func subscribe(
        onSuccess: ((Element) -> Void)? = nil,
        onError: ((any Swift.Error) -> Void)? = nil,
        onCompleted: (() -> Void)? = nil,
        onDisposed: (() -> Void)? = nil,
        isolation: isolated (any Actor)? = #isolation,
        file: StaticString = #fileID,
        line: UInt = #line
    ) -> any Disposable {
        let operation: StaticString = "subscribe(onSuccess:onError:onCompleted:onDisposed:)"
        return primitiveSequence.subscribeOutcome(
            site: SubscriptionSite(.subscribe, file: file, line: line),
            onSuccess: IsolationCheck.guarding(onSuccess, isolation, operation),
            onError: IsolationCheck.guarding(onError, isolation, operation),
            onEmpty: IsolationCheck.guarding(onCompleted, isolation, operation),
            onDisposed: IsolationCheck.guarding(onDisposed, isolation, operation)
        )
    }

    /// Subscribes with closures that also receive `object`, held weakly: once
    /// `object` is gone, the closures are no longer called.
    ///
    /// - Parameter onSuccess: Called with the element.
    /// - Parameter onError: Called with the error.
    /// - Parameter onCompleted: Called when the sequence completes.
    /// - Parameter onDisposed: Called once the subscription ends: after a terminal event or when it is disposed.
    /// - Parameter isolation: The caller's actor, found automatically. Pass `nil` to hand over closures that are not isolated to it.
    /// - Parameter object: The object handed to the closures, held weakly.
    /// - Parameter file: Where the call is, recorded while `Resources.isTrackingSubscriptions` is on.
    /// - Parameter line: The call's line, recorded with `file`.
    /// - Returns: A disposable that cancels the subscription.
    @_alwaysEmitIntoClient
    public func subscribe<Object: AnyObject>(
        with object: Object,
        onSuccess: ((Object, Element) -> Void)? = nil,
        onError: ((Object, any Swift.Error) -> Void)? = nil,
        onCompleted: ((Object) -> Void)? = nil,
        onDisposed: ((Object) -> Void)? = nil,
        isolation: isolated (any Actor)? = #isolation,
        file: StaticString = #fileID,
        line: UInt = #line
    ) -> any Disposable {
        subscribe(
            onSuccess: WeakCapture.bind(object, onSuccess),
            onError: WeakCapture.bind(object, onError),
            onCompleted: WeakCapture.bind(object, onCompleted),
            onDisposed: WeakCapture.bind(object, onDisposed),
            isolation: isolation,
            file: file, line: line
        )
    }
}

extension PrimitiveSequenceType where Trait == MaybeTrait {
    /// A `Maybe` that succeeds with `element` at subscription.
    @_alwaysEmitIntoClient
    public static func just(_ element: Element) -> Maybe<Element> {
        Maybe(raw: Observable.just(element))
    }

    /// A `Maybe` that succeeds with `element`, delivered on `scheduler`.
    @_alwaysEmitIntoClient
    public static func just(_ element: Element, scheduler: any ImmediateSchedulerType) -> Maybe<Element> {
        Maybe(raw: Observable.just(element, scheduler: scheduler))
    }

    /// A `Maybe` that fails with `error` at subscription.
    @_alwaysEmitIntoClient
    public static func error(_ error: any Swift.Error) -> Maybe<Element> {
        Maybe(raw: Observable.error(error))
    }

    /// A `Maybe` that never produces an outcome.
    @_alwaysEmitIntoClient
    public static func never() -> Maybe<Element> {
        Maybe(raw: Observable.never())
    }

    /// A `Maybe` that completes without an element at subscription.
    @_alwaysEmitIntoClient
    public static func empty() -> Maybe<Element> {
        Maybe(raw: Observable.empty())
    }
}
