extension ObservableType {
    /// Folds every element into `seed` with `accumulator` and, when the source
    /// completes, emits `mapResult` of the final value and completes.
    ///
    /// `accumulator` runs on the thread that delivers each element; `mapResult`
    /// once, on the thread that delivers completion. An error either throws, or an
    /// error from the source, becomes the error event and nothing is emitted. A
    /// source that never completes never emits.
    ///
    /// ```
    /// source:                                       -1-2-3|
    /// reduce(0, accumulator: +, mapResult: { "\($0)" }): -------"6"|
    /// ```
    ///
    /// - Parameters:
    ///   - seed: The initial accumulated value.
    ///   - accumulator: Combines the accumulated value and an element into the next value.
    ///   - mapResult: Transforms the final accumulated value into the emitted element.
    /// - Parameter isolation: The caller's actor (see `map`).
    /// - Returns: An observable of one element, emitted on completion.
    @_alwaysEmitIntoClient
    public func reduce<A, Result>(
        _ seed: A,
        accumulator: @escaping (A, Element) throws -> A,
        mapResult: @escaping (A) throws -> Result,
        isolation: isolated (any Actor)? = #isolation
    ) -> Observable<Result> {
        // Only isolated callers pay for the checks (and for the closures wrapping them).
        let operation: StaticString = "reduce(_:accumulator:mapResult:)"
        let checked = IsolationCheck.guarding(accumulator, isolation, operation)
        let checkedResult = IsolationCheck.guarding(mapResult, isolation, operation)
        return ReduceObservable(source: asObservable(), seed: seed, accumulator: { accumulated, element in
            accumulated = try checked(accumulated, element)
        }, mapResult: checkedResult)
    }

    /// Folds every element into `seed` with `accumulator` and, when the source
    /// completes, emits the final value and completes.
    ///
    /// `accumulator` runs on the thread that delivers each element. An error it
    /// throws, or an error from the source, becomes the error event and nothing is
    /// emitted. An empty source emits `seed`.
    ///
    /// ```
    /// source:                    -1-2-3|
    /// reduce(0, accumulator: +): -------6|
    /// ```
    ///
    /// - Parameters:
    ///   - seed: The initial accumulated value.
    ///   - accumulator: Combines the accumulated value and an element into the next value.
    /// - Parameter isolation: The caller's actor (see `map`).
    /// - Returns: An observable of one element, emitted on completion.
    public func reduce<A>(
        _ seed: A,
        accumulator: @escaping (A, Element) throws -> A,
        isolation: isolated (any Actor)? = #isolation
    ) -> Observable<A> {
        // Only isolated callers pay for the check (and for the closure wrapping it).
        let checked = if let isolation {
            IsolationCheck.checking(accumulator, isolation, "reduce(_:accumulator:)")
        } else {
            accumulator
        }
        return ReduceObservable(source: asObservable(), seed: seed, accumulator: { accumulated, element in
            accumulated = try checked(accumulated, element)
        }, mapResult: { $0 })
    }
}

/// Folds a source into one value emitted on completion: `reduce` and `toArray`.
// Sendable: immutable after init; each subscription keeps its own state.
@usableFromInline
final class ReduceObservable<Element, Accumulated, Result>: Observable<Result>, @unchecked Sendable {
    private let source: Observable<Element>
    private let seed: Accumulated
    private let accumulator: (inout Accumulated, Element) throws -> Void
    private let mapResult: (Accumulated) throws -> Result

    @usableFromInline
    init(
        source: Observable<Element>, seed: Accumulated,
        accumulator: @escaping (inout Accumulated, Element) throws -> Void,
        mapResult: @escaping (Accumulated) throws -> Result
    ) {
        self.source = source
        self.seed = seed
        self.accumulator = accumulator
        self.mapResult = mapResult
    }

    override func run(_ sink: Sink<Result>) -> any Disposable {
        source.run(ReduceSink(seed: seed, accumulator: accumulator, mapResult: mapResult, downstream: sink))
    }
}

private final class ReduceSink<Element, Accumulated, Result>: Sink<Element> {
    private let accumulator: (inout Accumulated, Element) throws -> Void
    private let mapResult: (Accumulated) throws -> Result
    private let downstream: Sink<Result>
    // Touched per element; a single upstream is serialised by the grammar.
    @exclusivity(unchecked) private var accumulated: Accumulated
    @exclusivity(unchecked) private var isDone = false

    init(
        seed: Accumulated, accumulator: @escaping (inout Accumulated, Element) throws -> Void,
        mapResult: @escaping (Accumulated) throws -> Result, downstream: Sink<Result>
    ) {
        self.accumulated = seed
        self.accumulator = accumulator
        self.mapResult = mapResult
        self.downstream = downstream
    }

    override func onNext(_ element: Element) {
        guard !isDone else { return }
        do {
            try accumulator(&accumulated, element)
        } catch {
            isDone = true
            downstream.onError(error)
        }
    }

    override func onError(_ error: any Swift.Error) {
        guard !isDone else { return }
        isDone = true
        downstream.onError(error)
    }

    override func onCompleted() {
        guard !isDone else { return }
        isDone = true
        let result: Result
        do {
            result = try mapResult(accumulated)
        } catch {
            return downstream.onError(error)
        }
        downstream.onNext(result)
        downstream.onCompleted()
    }
}
