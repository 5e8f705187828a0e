extension ObservableType {
    /// Transforms each element with `transform` and emits the non-`nil` results.
    ///
    /// `transform` runs on the thread that delivers the element, once per element.
    /// An error it throws becomes the error event and ends the sequence.
    ///
    /// ```
    /// source:                  -"1"-"x"-"3"|
    /// compactMap { Int($0) }:  -1-------3|
    /// ```
    ///
    /// - Parameter transform: Returns the element to emit, or `nil` to skip it.
    /// - Parameter isolation: The caller's actor (see `map`).
    /// - Returns: An observable of the non-`nil` results.
    @_alwaysEmitIntoClient
    public func compactMap<Result>(
        _ transform: @escaping (Element) throws -> Result?,
        isolation: isolated (any Actor)? = #isolation
    ) -> Observable<Result> {
        guard let isolation else { return CompactMapObservable(source: asObservable(), transform: transform) }
        let checked = IsolationCheck.checking(transform, isolation, "compactMap(_:)")
        return CompactMapObservable(source: asObservable(), transform: checked)
    }
}

// Sendable: immutable after init; each subscription keeps its own state.
@usableFromInline
final class CompactMapObservable<Source, Result>: Observable<Result>, @unchecked Sendable {
    private let source: Observable<Source>
    private let transform: (Source) throws -> Result?

    @usableFromInline
    init(source: Observable<Source>, transform: @escaping (Source) throws -> Result?) {
        self.source = source
        self.transform = transform
    }

    override func run(_ sink: Sink<Result>) -> any Disposable {
        source.run(CompactMapSink(transform: transform, downstream: sink))
    }
}

private final class CompactMapSink<Source, Result>: TransformingSink<Source, Result> {
    private let transform: (Source) throws -> Result?

    init(transform: @escaping (Source) throws -> Result?, downstream: Sink<Result>) {
        self.transform = transform
        super.init(downstream: downstream)
    }

    override func onNext(_ element: Source) {
        guard !isDone else { return }
        let result: Result?
        do {
            result = try transform(element)
        } catch {
            return fail(error)
        }
        if let result { downstream.onNext(result) }
    }
}
