extension ObservableConvertibleType {
    /// Converts to an `Infallible` that, if this sequence fails, emits `element`
    /// and completes instead.
    ///
    /// ```
    /// source:                       -1-2-#
    /// asInfallible(onErrorJustReturn: 0): -1-2-0|
    /// ```
    @_alwaysEmitIntoClient
    public func asInfallible(onErrorJustReturn element: Element) -> Infallible<Element> {
        Infallible(RecoverObservable(source: asObservable()) { _ in Observable.just(element) })
    }

    /// Converts to an `Infallible` that, if this sequence fails, continues with
    /// `infallible`.
    ///
    /// ```
    /// source:                          -1-2-#
    /// fallback:                        -8-9|
    /// asInfallible(onErrorFallbackTo:): -1-2-8-9|
    /// ```
    @_alwaysEmitIntoClient
    public func asInfallible(onErrorFallbackTo infallible: Infallible<Element>) -> Infallible<Element> {
        let fallback = infallible.asObservable()
        return Infallible(RecoverObservable(source: asObservable()) { _ in fallback })
    }

    /// Converts to an `Infallible` that, if this sequence fails, continues with the
    /// infallible `onErrorRecover` returns for the error.
    ///
    /// `onErrorRecover` runs on the thread that delivered the error, once.
    ///
    /// ```swift
    /// let names = loadNames().asInfallible(onErrorRecover: { error in
    ///     Infallible.just(["offline: \(error)"])
    /// })
    /// ```
    @_alwaysEmitIntoClient
    public func asInfallible(
        onErrorRecover: @escaping (any Swift.Error) -> Infallible<Element>
    ) -> Infallible<Element> {
        Infallible(RecoverObservable(source: asObservable()) { onErrorRecover($0).asObservable() })
    }
}

/// Replaces the source's error with the sequence `recover` returns for it: the
/// recovery behind `asInfallible`. (The general `catch` operator lives with the
/// error-handling operators.)
// Sendable: immutable after init; each subscription keeps its own state.
@usableFromInline
final class RecoverObservable<Element>: Observable<Element>, @unchecked Sendable {
    private let source: Observable<Element>
    private let recover: (any Swift.Error) -> Observable<Element>

    @usableFromInline
    init(source: Observable<Element>, recover: @escaping (any Swift.Error) -> Observable<Element>) {
        self.source = source
        self.recover = recover
    }

    override func run(_ sink: Sink<Element>) -> any Disposable {
        let recoverSink = RecoverSink(recover: recover, downstream: sink)
        // The source can fail while it is being subscribed, before its disposable
        // exists: holding it in a single-assignment disposable lets the fallback
        // replace (and so dispose) it even then.
        let sourceSubscription = SingleAssignmentDisposable()
        recoverSink.current.disposable = sourceSubscription
        sourceSubscription.setDisposable(source.run(recoverSink))
        return recoverSink.current
    }
}

/// Forwards the source's elements and completion; on its error, subscribes the
/// fallback straight to the downstream sink. It swallows the source's terminal
/// event, so it owns the source's subscription: `current` holds the source's, then
/// the fallback's, disposing the one it replaces.
private final class RecoverSink<Element>: Sink<Element> {
    let current = SerialDisposable()
    private let recover: (any Swift.Error) -> Observable<Element>
    private let downstream: Sink<Element>

    init(recover: @escaping (any Swift.Error) -> Observable<Element>, downstream: Sink<Element>) {
        self.recover = recover
        self.downstream = downstream
    }

    override func onNext(_ element: Element) { downstream.onNext(element) }
    override func onCompleted() { downstream.onCompleted() }

    override func onError(_ error: any Swift.Error) {
        // Disposed while the error was on its way: start nothing new.
        guard !current.isDisposed else { return }
        let fallback = recover(error)
        // Subscribed inside the trampoline, so a fallback that schedules its
        // elements there starts after its disposable is stored.
        fallback.subscribe(downstream) { current.disposable = $0 }
    }
}
