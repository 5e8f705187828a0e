extension ObservableType {
    /// Pairs each element with its index, counting from 0 for each subscription.
    ///
    /// ```
    /// source:       -a-b-c|
    /// enumerated(): -(0, a)-(1, b)-(2, c)|
    /// ```
    ///
    /// - Returns: An observable of `(index, element)` tuples.
    @_alwaysEmitIntoClient
    public func enumerated() -> Observable<(index: Int, element: Element)> {
        EnumeratedObservable(source: asObservable())
    }
}

// Sendable: immutable after init; each subscription keeps its own state.
@usableFromInline
final class EnumeratedObservable<Element>: Observable<(index: Int, element: Element)>, @unchecked Sendable {
    private let source: Observable<Element>

    @usableFromInline
    init(source: Observable<Element>) {
        self.source = source
    }

    override func run(_ sink: Sink<(index: Int, element: Element)>) -> any Disposable {
        source.run(EnumeratedSink(downstream: sink))
    }
}

private final class EnumeratedSink<Element>: Sink<Element> {
    private let downstream: Sink<(index: Int, element: Element)>
    // Touched per element; a single upstream is serialised by the grammar.
    @exclusivity(unchecked) private var index = 0

    init(downstream: Sink<(index: Int, element: Element)>) {
        self.downstream = downstream
    }

    override func onNext(_ element: Element) {
        let current = index
        index = current &+ 1
        downstream.onNext((index: current, element: element))
    }

    override func onError(_ error: any Swift.Error) { downstream.onError(error) }
    override func onCompleted() { downstream.onCompleted() }
}
