/// The marker type of `Single`: exactly one element, or an error.
public enum SingleTrait {}

/// A trait that succeeds with exactly one element or fails with an error: the type
/// of a request.
///
/// ```swift
/// Single.just(42).subscribe(onSuccess: { print($0) }, onFailure: { print($0) })
/// ```
public typealias Single<Element> = PrimitiveSequence<SingleTrait, Element>

/// The outcome of a `Single`: its element, or its error.
public typealias SingleEvent<Element> = Result<Element, Swift.Error>

extension PrimitiveSequenceType where Trait == SingleTrait {
    /// The observer that `Single.create` hands out: call it once with the outcome.
    public typealias SingleObserver = @Sendable (SingleEvent<Element>) -> Void

    /// A `Single` whose subscriptions run `subscribe`: the way to wrap a
    /// callback-based request.
    ///
    /// Call the observer with `.success(element)` or `.failure(error)`. Only the
    /// first call counts, even from several threads at once: a callback API that
    /// calls its completion twice cannot produce two outcomes. Return a
    /// `Disposable` that cancels the work; it runs when the subscriber disposes and
    /// after the outcome. `subscribe` runs once per subscription (`create` is cold).
    ///
    /// ```swift
    /// func username(id: Int) -> Single<String> {
    ///     Single.create { single in
    ///         let request = api.fetchUsername(id: id) { result in
    ///             switch result {
    ///             case .success(let name): single(.success(name))
    ///             case .failure(let error): single(.failure(error))
    ///             }
    ///         }
    ///         return Disposables.create { request.cancel() }
    ///     }
    /// }
    /// ```
    public static func create(
        subscribe: @escaping (@escaping SingleObserver) -> any Disposable
    ) -> Single<Element> {
        Single(raw: CreateObservable(sink: { sink in
            subscribe { event in
                guard sink.claimOutcome() else { return }
                switch event {
                case .success(let element):
                    sink.onNext(element)
                    sink.onCompleted()
                case .failure(let error):
                    sink.onError(error)
                }
            }
        }))
    }

    /// Subscribes with one closure that receives the outcome, once.
    ///
    /// The closure runs on the thread that produces the outcome, and is checked
    /// like the closures of `subscribe(onSuccess:onFailure:onDisposed:)`.
    ///
    /// - Parameter isolation: The caller's actor, found automatically. Pass `nil` to hand over closures that are not isolated to it.
    /// - Parameter observer: Called with the outcome.
    /// - Parameter file: Where the call is, recorded while `Resources.isTrackingSubscriptions` is on.
    /// - Parameter line: The call's line, recorded with `file`.
    /// - Returns: A disposable that cancels the subscription.
    @_alwaysEmitIntoClient
    public func subscribe(
        _ observer: @escaping (SingleEvent<Element>) -> Void,
        isolation: isolated (any Actor)? = #isolation,
        file: StaticString = #fileID,
        line: UInt = #line
    ) -> any Disposable {
        let observer = IsolationCheck.guarding(observer, isolation, "subscribe(_:)")!
        return primitiveSequence.subscribeOutcome(
            site: SubscriptionSite(.subscribe, file: file, line: line),
            onSuccess: { observer(.success($0)) },
            onError: { observer(.failure($0)) },
            onEmpty: nil, emptyFails: true,
            onDisposed: nil
        )
    }

    /// Subscribes with closures for the success and the failure.
    ///
    /// The closures run on the thread that produces the outcome; use
    /// `observe(on: MainScheduler.instance)` first to choose. Closures written in
    /// actor-isolated code are checked: called from another thread, they stop the
    /// program with a message naming that fix. `onDisposed` runs once, after the
    /// outcome or when the subscription is disposed. A failure with no `onFailure`
    /// is reported on standard error (in debug builds).
    ///
    /// ```swift
    /// username(id: 7).subscribe(onSuccess: { print($0) }, onFailure: { print($0) })
    /// ```
    ///
    /// - Parameters:
    ///   - onSuccess: Called with the element.
    ///   - onFailure: Called with the error.
    ///   - onDisposed: Called once the subscription ends: after a terminal event or when it
    ///     is disposed.
    ///   - isolation: The caller's actor, found automatically. Pass `nil` to
    ///     hand over closures that are not isolated to it.
    ///   - file: Where the call is, recorded while `Resources.isTrackingSubscriptions` is on.
    ///   - line: The call's line, recorded with `file`.
    /// - Returns: A disposable that cancels the subscription.
    @_alwaysEmitIntoClient
    public func subscribe(
        onSuccess: ((Element) -> Void)? = nil,
        onFailure: ((any Swift.Error) -> Void)? = nil,
        onDisposed: (() -> Void)? = nil,
        isolation: isolated (any Actor)? = #isolation,
        file: StaticString = #fileID,
        line: UInt = #line
    ) -> any Disposable {
        let operation: StaticString = "subscribe(onSuccess:onFailure:onDisposed:)"
        let onFailure = IsolationCheck.guarding(onFailure, isolation, operation)
        return primitiveSequence.subscribeOutcome(
            site: SubscriptionSite(.subscribe, file: file, line: line),
            onSuccess: IsolationCheck.guarding(onSuccess, isolation, operation),
            onError: onFailure,
            // Unreachable through Rill's own factories; kept so a bare completion is never lost.
            onEmpty: nil, emptyFails: true,
            onDisposed: IsolationCheck.guarding(onDisposed, isolation, operation)
        )
    }

    /// Renamed `subscribe(onSuccess:onFailure:onDisposed:)` in RxSwift 6.
    @available(*, deprecated, renamed: "subscribe(onSuccess:onFailure:onDisposed:)")
    public func subscribe(
        onSuccess: ((Element) -> Void)? = nil,
        onError: @escaping (any Swift.Error) -> Void,
        onDisposed: (() -> Void)? = nil,
        isolation: isolated (any Actor)? = #isolation,
        file: StaticString = #fileID,
        line: UInt = #line
    ) -> any Disposable {
        subscribe(onSuccess: onSuccess, onFailure: onError, onDisposed: onDisposed, isolation: isolation, file: file, line: line)
    }

    /// Subscribes with closures that also receive `object`, held weakly: once
    /// `object` is gone, the closures are no longer called.
    ///
    /// ```swift
    /// profile.subscribe(with: self, onSuccess: { owner, user in owner.show(user) })
    /// ```
    ///
    /// - Parameter onSuccess: Called with the element.
    /// - Parameter onFailure: Called with the error.
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
        onFailure: ((Object, any Swift.Error) -> Void)? = nil,
        onDisposed: ((Object) -> Void)? = nil,
        isolation: isolated (any Actor)? = #isolation,
        file: StaticString = #fileID,
        line: UInt = #line
    ) -> any Disposable {
        subscribe(
            onSuccess: WeakCapture.bind(object, onSuccess),
            onFailure: WeakCapture.bind(object, onFailure),
            onDisposed: WeakCapture.bind(object, onDisposed),
            isolation: isolation,
            file: file, line: line
        )
    }
}

extension PrimitiveSequenceType where Trait == SingleTrait {
    /// A `Single` that succeeds with `element` at subscription.
    @_alwaysEmitIntoClient
    public static func just(_ element: Element) -> Single<Element> {
        Single(raw: Observable.just(element))
    }

    /// A `Single` that succeeds with `element`, delivered on `scheduler`.
    @_alwaysEmitIntoClient
    public static func just(_ element: Element, scheduler: any ImmediateSchedulerType) -> Single<Element> {
        Single(raw: Observable.just(element, scheduler: scheduler))
    }

    /// A `Single` that fails with `error` at subscription.
    @_alwaysEmitIntoClient
    public static func error(_ error: any Swift.Error) -> Single<Element> {
        Single(raw: Observable.error(error))
    }

    /// A `Single` that never produces an outcome.
    @_alwaysEmitIntoClient
    public static func never() -> Single<Element> {
        Single(raw: Observable.never())
    }
}
