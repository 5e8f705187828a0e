extension ObservableType {
    /// An observable that completes at once without elements.
    ///
    /// ```
    /// empty(): |
    /// ```
    public static func empty() -> Observable<Element> {
        EmptyObservable()
    }

    /// An observable that never emits anything and never terminates.
    public static func never() -> Observable<Element> {
        NeverObservable()
    }

    /// An observable that fails at once with `error`.
    ///
    /// ```
    /// error(e): #
    /// ```
    public static func error(_ error: any Swift.Error) -> Observable<Element> {
        ErrorObservable(error)
    }
}

// Sendable: immutable after init; each subscription keeps its own state.
private final class EmptyObservable<Element>: Observable<Element>, @unchecked Sendable {
    override var subscriptionStyle: SubscriptionStyle { .immediate }

    override func run(_ sink: Sink<Element>) -> any Disposable {
        sink.onCompleted()
        return Disposables.create()
    }

    override func deliverImmediately(
        onNext: ((Element) -> Void)?,
        onError: ((any Swift.Error) -> Void)?,
        onCompleted: (() -> Void)?
    ) -> Bool {
        onCompleted?()
        return true
    }
}

// Sendable: immutable after init; each subscription keeps its own state.
private final class NeverObservable<Element>: Observable<Element>, @unchecked Sendable {
    override var subscriptionStyle: SubscriptionStyle { .direct }

    override func run(_ sink: Sink<Element>) -> any Disposable {
        Disposables.create()
    }
}

// Sendable: immutable after init; each subscription keeps its own state.
private final class ErrorObservable<Element>: Observable<Element>, @unchecked Sendable {
    private let error: any Swift.Error

    init(_ error: any Swift.Error) {
        self.error = error
    }

    override var subscriptionStyle: SubscriptionStyle { .immediate }

    override func run(_ sink: Sink<Element>) -> any Disposable {
        sink.onError(error)
        return Disposables.create()
    }

    override func deliverImmediately(
        onNext: ((Element) -> Void)?,
        onError: ((any Swift.Error) -> Void)?,
        onCompleted: (() -> Void)?
    ) -> Bool {
        if let onError {
            onError(error)
        } else {
            Hooks.reportUnhandled(error, callStack: Hooks.subscriptionCallStack() ?? [])
        }
        return true
    }
}
