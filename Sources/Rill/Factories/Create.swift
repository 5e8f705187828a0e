import RillShims

extension ObservableType {
    /// An observable whose subscriptions run `subscribe`: the general way to wrap a
    /// callback, delegate or notification API.
    ///
    /// The contract, for each subscription:
    /// 1. Call the observer following the grammar: any number of `onNext`, then at
    ///    most one of `onError` and `onCompleted`. Events after the terminal one
    ///    are ignored.
    /// 2. Do not call the observer from two threads at once.
    /// 3. Return a `Disposable` that releases what the subscription started. It
    ///    runs when the subscriber disposes and also after a terminal event, so
    ///    cancelling finished work must be harmless.
    /// 4. `subscribe` runs once per subscription: `create` is cold.
    ///
    /// The observer is `Sendable`, so a `@Sendable` completion handler can capture it.
    ///
    /// ```swift
    /// Observable<String>.create { observer in
    ///     let request = loader.load(name) { result in
    ///         switch result {
    ///         case .success(let value): observer.onNext(value); observer.onCompleted()
    ///         case .failure(let error): observer.onError(error)
    ///         }
    ///     }
    ///     return Disposables.create { request.cancel() }
    /// }
    /// ```
    public static func create(_ subscribe: @escaping (AnyObserver<Element>) -> any Disposable) -> Observable<Element> {
        CreateObservable(subscribe)
    }
}

// Sendable: immutable after init; each subscription keeps its own state.
final class CreateObservable<Element>: Observable<Element>, @unchecked Sendable {
    private let subscribeHandler: (CreateSink<Element>) -> any Disposable

    init(_ subscribeHandler: @escaping (AnyObserver<Element>) -> any Disposable) {
        self.subscribeHandler = { subscribeHandler(AnyObserver($0)) }
    }

    /// For the traits' `create`: the handler gets the sink itself, to claim their
    /// single outcome (`claimOutcome()`).
    init(sink subscribeHandler: @escaping (CreateSink<Element>) -> any Disposable) {
        self.subscribeHandler = subscribeHandler
    }

    override func run(_ sink: Sink<Element>) -> any Disposable {
        let createSink = CreateSink(downstream: sink)
        createSink.setResource(subscribeHandler(createSink))
        return createSink
    }
}

/// Guards the grammar between a user's producer and the rest of the chain, and
/// owns the disposable the producer returned.
///
/// `state` bits: `stopped` (a terminal event passed), `disposed`, `resourceSet`,
/// `outcomeClaimed` (traits).
/// The resource is written once before `resourceSet` is published and disposed by
/// whichever of `setResource`/`dispose` comes second.
final class CreateSink<Element>: Sink<Element>, Disposable, @unchecked Sendable {
    // Sendable: the state word is only touched through C11 atomics (`state`);
    // `resource` follows the protocol described above.
    private static var stopped: Int { 1 }
    private static var disposed: Int { 2 }
    private static var resourceSet: Int { 4 }
    private static var outcomeClaimed: Int { 8 }

    /// The state bits, in the object itself (no allocation of its own): it must stay
    /// the first stored property, reached only through `state` (`sinkWords(of:)`).
    private var stateWord = 0
    private let downstream: Sink<Element>
    // Written before `resourceSet` is published, then touched by one caller only.
    @exclusivity(unchecked) private var resource: (any Disposable)?
    #if DEBUG
    private let tracker = ConcurrentDeliveryTracker()
    #endif

    init(downstream: Sink<Element>) {
        self.downstream = downstream
    }

    /// The state word, for the atomic operations.
    var state: UnsafeMutablePointer<Int> { sinkWords(of: self) }

    override func onNext(_ element: Element) {
        guard rill_atomic_load(state) & (Self.stopped | Self.disposed) == 0 else { return }
        #if DEBUG
        tracker.enter(self)
        defer { tracker.leave() }
        #endif
        downstream.onNext(element)
    }

    override func onError(_ error: any Swift.Error) {
        guard rill_atomic_fetch_or(state, Self.stopped) & (Self.stopped | Self.disposed) == 0 else { return }
        downstream.onError(error)
        dispose()
    }

    override func onCompleted() {
        guard rill_atomic_fetch_or(state, Self.stopped) & (Self.stopped | Self.disposed) == 0 else { return }
        downstream.onCompleted()
        dispose()
    }

    /// A trait's producer reports its outcome: true for the first caller only, on
    /// any thread (a `Single`'s success is an element and a completion, which must
    /// not interleave with a second outcome).
    func claimOutcome() -> Bool {
        rill_atomic_fetch_or(state, Self.outcomeClaimed) & Self.outcomeClaimed == 0
    }

    func setResource(_ disposable: any Disposable) {
        resource = disposable
        if rill_atomic_fetch_or(state, Self.resourceSet) & Self.disposed != 0 {
            resource = nil
            disposable.dispose()
        }
    }

    func dispose() {
        let previous = rill_atomic_fetch_or(state, Self.disposed)
        guard previous & Self.disposed == 0, previous & Self.resourceSet != 0 else { return }
        let resource = self.resource
        self.resource = nil
        resource?.dispose()
    }
}
