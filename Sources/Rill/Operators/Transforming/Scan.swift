extension ObservableType {
    /// Emits each intermediate result of folding the elements into `seed` with
    /// `accumulator`.
    ///
    /// `accumulator` runs on the thread that delivers the element, once per
    /// element, with the previous result (the seed for the first element). An error
    /// it throws becomes the error event and ends the sequence. Each subscription
    /// starts again from `seed`.
    ///
    /// ```
    /// source:               -1-2-3|
    /// scan(0) { $0 + $1 }:  -1-3-6|
    /// ```
    ///
    /// - Parameters:
    ///   - seed: The initial accumulated value.
    ///   - accumulator: Combines the accumulated value and an element into the next value.
    /// - Parameter isolation: The caller's actor (see `map`).
    /// - Returns: An observable of the accumulated values.
    public func scan<Seed>(
        _ seed: Seed,
        accumulator: @escaping (Seed, Element) throws -> Seed,
        isolation: isolated (any Actor)? = #isolation
    ) -> Observable<Seed> {
        // Only isolated callers pay for the check (and for the closure wrapping it).
        let checked = if let isolation {
            IsolationCheck.checking(accumulator, isolation, "scan(_:accumulator:)")
        } else {
            accumulator
        }
        return ScanObservable(source: asObservable(), seed: seed) { accumulated, element in
            accumulated = try checked(accumulated, element)
        }
    }

    /// Emits each intermediate result of folding the elements into `seed` with
    /// `accumulator`, which mutates the accumulated value in place.
    ///
    /// Cheaper than `scan(_:accumulator:)` for collections: the value is not
    /// copied per element (each emitted value is a copy). Each subscription starts
    /// again from `seed`. An error `accumulator` throws becomes the error event.
    ///
    /// ```
    /// source:                                -1-2-3|
    /// scan(into: []) { $0.append($1) }:      -[1]-[1, 2]-[1, 2, 3]|
    /// ```
    ///
    /// - Parameters:
    ///   - seed: The initial accumulated value.
    ///   - accumulator: Updates the accumulated value with an element.
    /// - Parameter isolation: The caller's actor (see `map`).
    /// - Returns: An observable of the accumulated values.
    public func scan<Seed>(
        into seed: Seed,
        accumulator: @escaping (inout Seed, Element) throws -> Void,
        isolation: isolated (any Actor)? = #isolation
    ) -> Observable<Seed> {
        guard let isolation else { return ScanObservable(source: asObservable(), seed: seed, accumulator: accumulator) }
        let checked = IsolationCheck.checking(accumulator, isolation, "scan(into:accumulator:)")
        return ScanObservable(source: asObservable(), seed: seed, accumulator: checked)
    }
}

// Sendable: immutable after init; each subscription keeps its own state.
final class ScanObservable<Element, Seed>: Observable<Seed>, @unchecked Sendable {
    private let source: Observable<Element>
    private let seed: Seed
    private let accumulator: (inout Seed, Element) throws -> Void

    init(source: Observable<Element>, seed: Seed, accumulator: @escaping (inout Seed, Element) throws -> Void) {
        self.source = source
        self.seed = seed
        self.accumulator = accumulator
    }

    override func run(_ sink: Sink<Seed>) -> any Disposable {
        source.run(ScanSink(seed: seed, accumulator: accumulator, downstream: sink))
    }
}

private final class ScanSink<Element, Seed>: TransformingSink<Element, Seed> {
    private let accumulator: (inout Seed, Element) throws -> Void
    // Touched per element; a single upstream is serialised by the grammar.
    @exclusivity(unchecked) private var accumulated: Seed

    init(seed: Seed, accumulator: @escaping (inout Seed, Element) throws -> Void, downstream: Sink<Seed>) {
        self.accumulated = seed
        self.accumulator = accumulator
        super.init(downstream: downstream)
    }

    override func onNext(_ element: Element) {
        guard !isDone else { return }
        do {
            try accumulator(&accumulated, element)
        } catch {
            return fail(error)
        }
        downstream.onNext(accumulated)
    }
}
