extension ObservableType where Element: EventConvertible {
    /// Turns elements that are events back into events: the inverse of
    /// `materialize()`.
    ///
    /// An `.error` or `.completed` element ends the sequence; later elements are
    /// ignored. An error or completion of the source itself passes through.
    ///
    /// ```
    /// source:          -next(1)-next(2)-completed-
    /// dematerialize(): -1-2|
    /// ```
    ///
    /// - Returns: An observable of the events the elements describe.
    @_alwaysEmitIntoClient
    public func dematerialize() -> Observable<Element.Element> {
        DematerializeObservable(source: asObservable())
    }
}

// Sendable: immutable after init; each subscription keeps its own state.
@usableFromInline
final class DematerializeObservable<Source: EventConvertible>: Observable<Source.Element>, @unchecked Sendable {
    private let source: Observable<Source>

    @usableFromInline
    init(source: Observable<Source>) {
        self.source = source
    }

    override func run(_ sink: Sink<Source.Element>) -> any Disposable {
        source.run(DematerializeSink(downstream: sink))
    }
}

private final class DematerializeSink<Source: EventConvertible>: Sink<Source> {
    private let downstream: Sink<Source.Element>
    // Set once an element ended the sequence; later events are ignored. Touched
    // only by the source's events, which the Rx grammar serialises.
    @exclusivity(unchecked) private var isDone = false

    init(downstream: Sink<Source.Element>) {
        self.downstream = downstream
    }

    override func onNext(_ element: Source) {
        guard !isDone else { return }
        switch element.event {
        case .next(let value):
            downstream.onNext(value)
        case .error(let error):
            isDone = true
            downstream.onError(error)
        case .completed:
            isDone = true
            downstream.onCompleted()
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
        downstream.onCompleted()
    }
}
