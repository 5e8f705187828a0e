extension ObservableType {
    /// Combines each element of this sequence with the latest element of `second`,
    /// using `resultSelector`; elements that arrive before `second` has emitted
    /// are dropped.
    ///
    /// `second` is subscribed first. Its completion is ignored (its last element
    /// stays the latest); its error ends the result. `resultSelector` runs on
    /// this sequence's thread as each element arrives, never concurrently with
    /// itself; an error it throws ends the sequence.
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
    @_alwaysEmitIntoClient
    public func withLatestFrom<Source: ObservableConvertibleType, ResultType>(
        _ second: Source, resultSelector: @escaping (Element, Source.Element) throws -> ResultType,
        isolation: isolated (any Actor)? = #isolation
    ) -> Observable<ResultType> {
        // Only isolated callers pay for the check (and for the closure wrapping it).
        let resultSelector = IsolationCheck.guarding(resultSelector, isolation, "withLatestFrom(_:resultSelector:)")
        return WithLatestFromObservable(source: asObservable(), second: second.asObservable(), resultSelector: resultSelector)
    }

    /// Emits the latest element of `second` each time this sequence emits, once
    /// `second` has emitted; see `withLatestFrom(_:resultSelector:)`.
    ///
    /// ```swift
    /// submitTaps.withLatestFrom(formText)   // the text at the moment of each tap
    /// ```
    @_alwaysEmitIntoClient
    public func withLatestFrom<Source: ObservableConvertibleType>(_ second: Source) -> Observable<Source.Element> {
        withLatestFrom(second, resultSelector: { $1 }, isolation: nil)
    }
}

// Sendable: immutable after init; each subscription keeps its own state.
@usableFromInline
final class WithLatestFromObservable<First, Second, Result>: Observable<Result>, @unchecked Sendable {
    private let source: Observable<First>
    private let second: Observable<Second>
    private let resultSelector: (First, Second) throws -> Result

    @usableFromInline
    init(source: Observable<First>, second: Observable<Second>, resultSelector: @escaping (First, Second) throws -> Result) {
        self.source = source
        self.second = second
        self.resultSelector = resultSelector
    }

    override func run(_ sink: Sink<Result>) -> any Disposable {
        let parent = WithLatestFromSink(resultSelector: resultSelector, downstream: sink)
        let secondSubscription = SingleAssignmentDisposable()
        parent.secondSubscription = secondSubscription
        secondSubscription.setDisposable(second.run(WithLatestFromSecondSink(parent: parent)))
        return Disposables.create(source.run(parent), parent)
    }
}

/// Receives the first source; the second source's sink reports here too. The
/// second source's latest element is behind a lock; results and the terminal
/// event reach the downstream through `delivery`, since the second source's
/// error may arrive on another thread.
private final class WithLatestFromSink<First, Second, Result>: Sink<First>, Disposable, @unchecked Sendable {
    // Sendable: `latest` is behind its lock; `delivery` is thread-safe;
    // `secondSubscription` is set in `run` before either source is subscribed and
    // is thread-safe.
    private let latest = Locked<Second?>(nil)
    private let resultSelector: (First, Second) throws -> Result
    private let delivery: SerialDeliverer<Result>
    var secondSubscription: SingleAssignmentDisposable?

    init(resultSelector: @escaping (First, Second) throws -> Result, downstream: Sink<Result>) {
        self.resultSelector = resultSelector
        delivery = SerialDeliverer(downstream: downstream)
    }

    override func onNext(_ element: First) {
        guard let latest = latest.withLock({ $0 }) else { return }
        let result: Result
        do {
            result = try resultSelector(element, latest)
        } catch {
            return fail(error)
        }
        delivery.deliver(result)
    }

    override func onError(_ error: any Swift.Error) { fail(error) }

    override func onCompleted() {
        delivery.end(.completed)
    }

    func latestReceived(_ element: Second) {
        latest.withLock { $0 = element }
    }

    func fail(_ error: any Swift.Error) {
        delivery.end(.error(error))
    }

    func dispose() {
        delivery.dispose()
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
