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
    /// - Returns: An observable of the non-`nil` results.
    public func compactMap<Result>(_ transform: @escaping (Element) throws -> Result?) -> Observable<Result> {
        CompactMapObservable(source: asObservable(), transform: transform)
    }
}

// Sendable: immutable after init; each subscription keeps its own state.
private final class CompactMapObservable<Source, Result>: Observable<Result>, @unchecked Sendable {
    private let source: Observable<Source>
    private let transform: (Source) throws -> Result?

    init(source: Observable<Source>, transform: @escaping (Source) throws -> Result?) {
        self.source = source
        self.transform = transform
    }

    override func run(_ sink: Sink<Result>) -> any Disposable {
        source.run(CompactMapSink(transform: transform, downstream: sink))
    }
}

private final class CompactMapSink<Source, Result>: Sink<Source> {
    private let transform: (Source) throws -> Result?
    private let downstream: Sink<Result>
    // A single upstream is serialised by the grammar: no dynamic exclusivity check needed.
    @exclusivity(unchecked) private var isDone = false

    init(transform: @escaping (Source) throws -> Result?, downstream: Sink<Result>) {
        self.transform = transform
        self.downstream = downstream
    }

    override func onNext(_ element: Source) {
        guard !isDone else { return }
        let result: Result?
        do {
            result = try transform(element)
        } catch {
            isDone = true
            return downstream.onError(error)
        }
        if let result { downstream.onNext(result) }
    }

    override func onError(_ error: any Swift.Error) {
        guard !isDone else { return }
        downstream.onError(error)
    }

    override func onCompleted() {
        guard !isDone else { return }
        downstream.onCompleted()
    }
}
