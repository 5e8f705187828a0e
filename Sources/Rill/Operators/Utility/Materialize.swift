extension ObservableType {
    /// Turns every event of the source, terminal ones included, into an element,
    /// then completes.
    ///
    /// The result never fails: the source's error arrives as an `.error` element,
    /// followed by completion.
    ///
    /// ```
    /// source:        -1-2-#
    /// materialize(): -next(1)-next(2)-error(#)|
    /// ```
    ///
    /// - Returns: An observable of the source's events.
    @_alwaysEmitIntoClient
    public func materialize() -> Observable<Event<Element>> {
        MaterializeObservable(source: asObservable())
    }
}

// Sendable: immutable after init; each subscription keeps its own state.
@usableFromInline
final class MaterializeObservable<Element>: Observable<Event<Element>>, @unchecked Sendable {
    private let source: Observable<Element>

    @usableFromInline
    init(source: Observable<Element>) {
        self.source = source
    }

    override func run(_ sink: Sink<Event<Element>>) -> any Disposable {
        source.run(MaterializeSink(downstream: sink))
    }
}

private final class MaterializeSink<Element>: Sink<Element> {
    private let downstream: Sink<Event<Element>>

    init(downstream: Sink<Event<Element>>) {
        self.downstream = downstream
    }

    override func onNext(_ element: Element) {
        downstream.onNext(.next(element))
    }

    override func onError(_ error: any Swift.Error) {
        downstream.onNext(.error(error))
        downstream.onCompleted()
    }

    override func onCompleted() {
        downstream.onNext(.completed)
        downstream.onCompleted()
    }
}
