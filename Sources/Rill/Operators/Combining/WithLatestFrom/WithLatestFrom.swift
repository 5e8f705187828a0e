extension ObservableType {
    /// Combines each element of this sequence with the latest element of `second`,
    /// using `resultSelector`; elements that arrive before `second` has emitted
    /// are dropped.
    ///
    /// `second` is subscribed first. Its completion is ignored (its last element
    /// stays the latest); its error ends the result. `resultSelector` runs on the
    /// thread that delivers, never concurrently with itself; an error it throws
    /// ends the sequence.
    ///
    /// ```
    /// self:           --1---2--3-|
    /// second:         -a--b------c
    /// withLatestFrom: --1a--2b-3b|
    /// ```
    ///
    /// - Parameters:
    ///   - second: The other sequence, whose latest element each element is combined with.
    ///   - resultSelector: Combines one element of each source into the result element; an
    ///     error it throws ends the result with that error.
    ///   - isolation: The caller's actor, found automatically: a selector
    ///     written in actor-isolated code is checked when it runs (see `subscribe`).
    public func withLatestFrom<Source: ObservableConvertibleType, ResultType>(
        _ second: Source, resultSelector: @escaping (Element, Source.Element) throws -> ResultType,
        isolation: isolated (any Actor)? = #isolation
    ) -> Observable<ResultType> {
        // Only isolated callers pay for the check (and for the closure wrapping it).
        let resultSelector = IsolationCheck.guarding(resultSelector, isolation, "withLatestFrom(_:resultSelector:)")
        let first = asObservable()
        let second = second.asObservable()
        return OperatorObservable { sink in
            let parent = WithLatestFromSink(resultSelector: resultSelector, downstream: sink)
            let secondSubscription = SingleAssignmentDisposable()
            parent.secondSubscription = secondSubscription
            secondSubscription.setDisposable(second.run(WithLatestFromSecondSink(parent: parent)))
            return Disposables.create(first.run(parent), parent)
        }
    }

    /// Emits the latest element of `second` each time this sequence emits, once
    /// `second` has emitted; see `withLatestFrom(_:resultSelector:)`.
    ///
    /// ```swift
    /// submitTaps.withLatestFrom(formText)   // the text at the moment of each tap
    /// ```
    public func withLatestFrom<Source: ObservableConvertibleType>(_ second: Source) -> Observable<Source.Element> {
        withLatestFrom(second, resultSelector: { $1 }, isolation: nil)
    }
}

/// Receives the first source; the second source's sink reports here too. `state`
/// (behind its lock) holds the latest second element and the delivery queue.
private final class WithLatestFromSink<First, Second, Result>: Sink<First>, Disposable, @unchecked Sendable {
    // Sendable: `state` is behind its lock; `secondSubscription` is set in `run`
    // before either source is subscribed and is thread-safe.
    private let state = Locked(WithLatestFromState<First, Second>())
    private let resultSelector: (First, Second) throws -> Result
    private let downstream: Sink<Result>
    var secondSubscription: SingleAssignmentDisposable?

    init(resultSelector: @escaping (First, Second) throws -> Result, downstream: Sink<Result>) {
        self.resultSelector = resultSelector
        self.downstream = downstream
    }

    override func onNext(_ element: First) {
        perform(state.withLock { $0.elementReceived(element) }) { downstream.onCompleted() }
    }

    override func onError(_ error: any Swift.Error) { fail(error) }

    override func onCompleted() {
        perform(state.withLock { $0.ended(nil) }) { downstream.onCompleted() }
    }

    func latestReceived(_ element: Second) {
        state.withLock { $0.latestReceived(element) }
    }

    func fail(_ error: any Swift.Error) {
        perform(state.withLock { $0.ended(error) }) { downstream.onError(error) }
    }

    private func perform(_ action: WithLatestFromState<First, Second>.Action, terminal: () -> Void) {
        switch action {
        case .none: return
        case .deliver(let element, let latest): guard emit((element, latest)) else { return }
        case .deliverTerminal: terminal()
        }
        state.drainDeliveries(finish: { $0.delivery.finishDelivery() }, take: { $0.delivery.takePending() }) { item in
            switch item {
            case .value(let pair): emit(pair)
            case .error(let error): downstream.onError(error)
            case .completed: downstream.onCompleted()
            }
        }
    }

    /// Runs the selector and emits its result; a throw becomes the error event.
    @discardableResult
    private func emit(_ pair: (First, Second)) -> Bool {
        downstream.onNext(pair, projectedBy: { try resultSelector($0.0, $0.1) }) {
            state.withLock { $0.delivery.failWhileDelivering() }
        }
    }

    func dispose() {
        state.withLock { $0.delivery.dispose() }
        secondSubscription?.dispose()
    }
}

/// Receives the second source of `withLatestFrom`.
private final class WithLatestFromSecondSink<First, Second, Result>: Sink<Second> {
    private let parent: WithLatestFromSink<First, Second, Result>

    init(parent: WithLatestFromSink<First, Second, Result>) {
        self.parent = parent
    }

    override func onNext(_ element: Second) { parent.latestReceived(element) }
    override func onError(_ error: any Swift.Error) { parent.fail(error) }
    override func onCompleted() { parent.secondSubscription?.dispose() }
}
