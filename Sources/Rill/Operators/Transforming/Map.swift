extension ObservableType {
    /// Transforms each element with `transform`.
    ///
    /// `transform` runs on the thread that delivers the element, once per element.
    /// An error it throws becomes the error event and ends the sequence.
    ///
    /// ```
    /// source:          -1-2-3|
    /// map { $0 * 10 }: -10-20-30|
    /// ```
    ///
    /// - Parameters:
    ///   - transform: The function applied to each element; an error it throws ends the
    ///     result with that error.
    ///   - isolation: The caller's actor, found automatically: a closure
    ///     written in actor-isolated code is checked when it runs (see `subscribe`).
    @_alwaysEmitIntoClient
    public func map<Result>(
        _ transform: @escaping (Element) throws -> Result,
        isolation: isolated (any Actor)? = #isolation
    ) -> Observable<Result> {
        guard let isolation else {
            return MapObservable(source: asObservable(), transform: transform, sinkType: MapSink<Element, Result>.self)
        }
        // Only isolated callers pay for the check (and for the closure wrapping it).
        let checked = IsolationCheck.checking(transform, isolation, "map(_:)")
        return MapObservable(source: asObservable(), transform: checked, sinkType: MapSink<Element, Result>.self)
    }
}

// Sendable: immutable after init; each subscription keeps its own state.
// Visible to inlinable code so that `map` builds it in the caller's specialised code,
// where its type metadata comes from a cached accessor instead of a run-time lookup.
@usableFromInline
final class MapObservable<Source, Result>: Observable<Result>, @unchecked Sendable {
    private let source: Observable<Source>
    private let transform: (Source) throws -> Result
    /// `MapSink<Source, Result>`, resolved by `map` in the caller's specialised code:
    /// `run` is unspecialised, and naming the generic type there would cost a
    /// run-time metadata lookup per subscription.
    private let sinkType: MapSink<Source, Result>.Type

    @usableFromInline
    init(
        source: Observable<Source>,
        transform: @escaping (Source) throws -> Result,
        sinkType: MapSink<Source, Result>.Type
    ) {
        self.source = source
        self.transform = transform
        self.sinkType = sinkType
    }

    override var holdsSubscriberWhileRunning: Bool { source.holdsSubscriberWhileRunning }

    override func run(_ sink: Sink<Result>) -> any Disposable {
        source.run(sinkType.init(transform: transform, downstream: sink))
    }
}

@usableFromInline
final class MapSink<Source, Result>: TransformingSink<Source, Result> {
    private let transform: (Source) throws -> Result

    init(transform: @escaping (Source) throws -> Result, downstream: Sink<Result>) {
        self.transform = transform
        super.init(downstream: downstream)
    }

    override func onNext(_ element: Source) {
        guard !isDone else { return }
        let result: Result
        do {
            result = try transform(element)
        } catch {
            return fail(error)
        }
        downstream.onNext(result)
    }
}
