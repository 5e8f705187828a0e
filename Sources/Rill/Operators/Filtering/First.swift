extension ObservableType {
    /// Emits the first element wrapped in an optional and completes, or emits
    /// `nil` and completes if the source completes empty.
    ///
    /// RxSwift 6 returns `Single<Element?>`; until Rill's traits exist this
    /// returns `Observable<Element?>`, which has the same events. The source is
    /// disposed as soon as the first element arrives.
    ///
    /// ```
    /// source:  -1-2-3|     --|
    /// first(): -(1|)       --(nil|)
    /// ```
    public func first() -> Observable<Element?> {
        let source = asObservable()
        return OperatorObservable { source.run(FirstSink(downstream: $0)) }
    }
}

private final class FirstSink<Element>: Sink<Element> {
    private let downstream: Sink<Element?>
    // Touched only by this sink's events: a single upstream is serialised by the grammar.
    @exclusivity(unchecked) private var isDone = false

    init(downstream: Sink<Element?>) {
        self.downstream = downstream
    }

    override func onNext(_ element: Element) {
        if isDone { return }
        isDone = true
        downstream.onNext(element)
        downstream.onCompleted()
    }

    override func onError(_ error: any Swift.Error) {
        if !isDone { downstream.onError(error) }
    }

    override func onCompleted() {
        if isDone { return }
        downstream.onNext(nil)
        downstream.onCompleted()
    }
}
