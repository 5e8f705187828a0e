extension ObservableType {
    /// Emits only the element at `index` (counting from 0), then completes.
    ///
    /// If the source completes first, fails with `RxError.argumentOutOfRange`. A
    /// negative `index` fails the same way when subscribed.
    ///
    /// ```
    /// source:        -a-b-c-d|
    /// element(at: 2): -----(c|)
    /// ```
    @_alwaysEmitIntoClient
    public func element(at index: Int) -> Observable<Element> {
        guard index >= 0 else { return Observable.error(RxError.argumentOutOfRange) }
        return ElementAtObservable(source: asObservable(), index: index)
    }

    /// Emits only the element at `index`: RxSwift's old spelling of ``element(at:)``.
    @available(*, deprecated, renamed: "element(at:)")
    @_alwaysEmitIntoClient
    public func elementAt(_ index: Int) -> Observable<Element> {
        element(at: index)
    }
}

// Sendable: immutable after init; each subscription keeps its own state.
@usableFromInline
final class ElementAtObservable<Element>: Observable<Element>, @unchecked Sendable {
    private let source: Observable<Element>
    private let index: Int

    @usableFromInline
    init(source: Observable<Element>, index: Int) {
        self.source = source
        self.index = index
    }

    override func run(_ sink: Sink<Element>) -> any Disposable {
        source.run(ElementAtSink(remaining: index, downstream: sink))
    }
}

private final class ElementAtSink<Element>: Sink<Element> {
    private let downstream: Sink<Element>
    // Touched only by this sink's events: a single upstream is serialised by the grammar.
    @exclusivity(unchecked) private var remaining: Int
    @exclusivity(unchecked) private var isDone = false

    init(remaining: Int, downstream: Sink<Element>) {
        self.remaining = remaining
        self.downstream = downstream
    }

    override func onNext(_ element: Element) {
        if isDone { return }
        if remaining > 0 {
            remaining -= 1
            return
        }
        isDone = true
        downstream.onNext(element)
        downstream.onCompleted()
    }

    override func onError(_ error: any Swift.Error) {
        if !isDone { downstream.onError(error) }
    }

    override func onCompleted() {
        if !isDone { downstream.onError(RxError.argumentOutOfRange) }
    }
}
