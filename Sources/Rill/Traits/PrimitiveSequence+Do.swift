extension PrimitiveSequence {
    /// `source.do(...)` with each closure checked for `isolation` under the name
    /// `operation`: the shared body of the traits' `do` operators.
    @usableFromInline
    func doChecked(
        onNext: ((Element) throws -> Void)? = nil,
        afterNext: ((Element) throws -> Void)? = nil,
        onError: ((any Swift.Error) throws -> Void)?,
        afterError: ((any Swift.Error) throws -> Void)?,
        onCompleted: (() throws -> Void)? = nil,
        afterCompleted: (() throws -> Void)? = nil,
        onSubscribe: (() -> Void)?,
        onSubscribed: (() -> Void)?,
        onDispose: (() -> Void)?,
        isolation: (any Actor)?,
        operation: StaticString
    ) -> PrimitiveSequence<Trait, Element> {
        PrimitiveSequence(raw: source.do(
            onNext: IsolationCheck.guardingThrowing(onNext, isolation, operation),
            afterNext: IsolationCheck.guardingThrowing(afterNext, isolation, operation),
            onError: IsolationCheck.guardingThrowing(onError, isolation, operation),
            afterError: IsolationCheck.guardingThrowing(afterError, isolation, operation),
            onCompleted: IsolationCheck.guardingThrowing(onCompleted, isolation, operation),
            afterCompleted: IsolationCheck.guardingThrowing(afterCompleted, isolation, operation),
            onSubscribe: IsolationCheck.guarding(onSubscribe, isolation, operation),
            onSubscribed: IsolationCheck.guarding(onSubscribed, isolation, operation),
            onDispose: IsolationCheck.guarding(onDispose, isolation, operation),
            isolation: nil
        ))
    }
}

extension PrimitiveSequenceType where Trait == SingleTrait {
    /// Runs side effects for the outcome and the lifecycle of each subscription,
    /// passing the outcome through unchanged.
    ///
    /// `onSuccess`/`onError` run before the outcome goes downstream,
    /// `afterSuccess`/`afterError` after; `onSubscribe` before the subscription,
    /// `onSubscribed` after it; `onDispose` once when the subscription ends. An
    /// error thrown by `onSuccess`, `afterSuccess` or `onError` becomes the
    /// failure; one thrown by `afterError` is only reported (as in RxSwift).
    ///
    /// ```swift
    /// request.do(onSubscribe: { spinner.start() }, onDispose: { spinner.stop() })
    /// ```
    ///
    /// - Returns: A `Single` with the same outcome.
    @_alwaysEmitIntoClient
    public func `do`(
        onSuccess: ((Element) throws -> Void)? = nil,
        afterSuccess: ((Element) throws -> Void)? = nil,
        onError: ((any Swift.Error) throws -> Void)? = nil,
        afterError: ((any Swift.Error) throws -> Void)? = nil,
        onSubscribe: (() -> Void)? = nil,
        onSubscribed: (() -> Void)? = nil,
        onDispose: (() -> Void)? = nil,
        isolation: isolated (any Actor)? = #isolation
    ) -> Single<Element> {
        primitiveSequence.doChecked(
            onNext: onSuccess, afterNext: afterSuccess, onError: onError, afterError: afterError,
            onSubscribe: onSubscribe, onSubscribed: onSubscribed, onDispose: onDispose,
            isolation: isolation, operation: "do(onSuccess:afterSuccess:onError:afterError:onSubscribe:onSubscribed:onDispose:)"
        )
    }
}

extension PrimitiveSequenceType where Trait == MaybeTrait {
    /// Runs side effects for the outcome and the lifecycle of each subscription,
    /// passing the outcome through unchanged.
    ///
    /// `onNext` runs for the success (and `onCompleted` after it, since a success
    /// is an element followed by completion), `onCompleted` alone for an empty
    /// completion; the `after` closures run after the event went downstream. An
    /// error thrown by an `on` closure or `afterNext` becomes the failure.
    ///
    /// - Returns: A `Maybe` with the same outcome.
    @_alwaysEmitIntoClient
    public func `do`(
        onNext: ((Element) throws -> Void)? = nil,
        afterNext: ((Element) throws -> Void)? = nil,
        onError: ((any Swift.Error) throws -> Void)? = nil,
        afterError: ((any Swift.Error) throws -> Void)? = nil,
        onCompleted: (() throws -> Void)? = nil,
        afterCompleted: (() throws -> Void)? = nil,
        onSubscribe: (() -> Void)? = nil,
        onSubscribed: (() -> Void)? = nil,
        onDispose: (() -> Void)? = nil,
        isolation: isolated (any Actor)? = #isolation
    ) -> Maybe<Element> {
        primitiveSequence.doChecked(
            onNext: onNext, afterNext: afterNext, onError: onError, afterError: afterError,
            onCompleted: onCompleted, afterCompleted: afterCompleted,
            onSubscribe: onSubscribe, onSubscribed: onSubscribed, onDispose: onDispose,
            isolation: isolation,
            operation: "do(onNext:afterNext:onError:afterError:onCompleted:afterCompleted:onSubscribe:onSubscribed:onDispose:)"
        )
    }
}

extension PrimitiveSequenceType where Trait == CompletableTrait, Element == Swift.Never {
    /// Runs side effects for the outcome and the lifecycle of each subscription,
    /// passing the outcome through unchanged.
    ///
    /// `onError`/`onCompleted` run before the outcome goes downstream,
    /// `afterError`/`afterCompleted` after. An error thrown by `onError` or
    /// `onCompleted` becomes the failure.
    ///
    /// - Returns: A `Completable` with the same outcome.
    @_alwaysEmitIntoClient
    public func `do`(
        onError: ((any Swift.Error) throws -> Void)? = nil,
        afterError: ((any Swift.Error) throws -> Void)? = nil,
        onCompleted: (() throws -> Void)? = nil,
        afterCompleted: (() throws -> Void)? = nil,
        onSubscribe: (() -> Void)? = nil,
        onSubscribed: (() -> Void)? = nil,
        onDispose: (() -> Void)? = nil,
        isolation: isolated (any Actor)? = #isolation
    ) -> Completable {
        primitiveSequence.doChecked(
            onError: onError, afterError: afterError, onCompleted: onCompleted, afterCompleted: afterCompleted,
            onSubscribe: onSubscribe, onSubscribed: onSubscribed, onDispose: onDispose,
            isolation: isolation,
            operation: "do(onError:afterError:onCompleted:afterCompleted:onSubscribe:onSubscribed:onDispose:)"
        )
    }
}
