extension ObservableType {
    /// Drops every element and forwards only completion or error.
    ///
    /// RxSwift 6 returns a `Completable`; until Rill's traits exist this returns
    /// `Observable<Never>`, which has the same events.
    ///
    /// ```
    /// source:           -1-2-3|
    /// ignoreElements(): ------|
    /// ```
    public func ignoreElements() -> Observable<Never> {
        let source = asObservable()
        return OperatorObservable { source.run(IgnoreElementsSink(downstream: $0)) }
    }
}

private final class IgnoreElementsSink<Element>: Sink<Element> {
    private let downstream: Sink<Never>

    init(downstream: Sink<Never>) {
        self.downstream = downstream
    }

    override func onNext(_ element: Element) {}
    override func onError(_ error: any Swift.Error) { downstream.onError(error) }
    override func onCompleted() { downstream.onCompleted() }
}
