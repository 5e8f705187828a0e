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
    @_alwaysEmitIntoClient
    public func ignoreElements() -> Observable<Never> {
        IgnoreElementsObservable(source: asObservable())
    }
}

// Sendable: immutable after init; each subscription keeps its own state.
@usableFromInline
final class IgnoreElementsObservable<Element>: Observable<Never>, @unchecked Sendable {
    private let source: Observable<Element>

    @usableFromInline
    init(source: Observable<Element>) {
        self.source = source
    }

    override func run(_ sink: Sink<Never>) -> any Disposable {
        source.run(IgnoreElementsSink(downstream: sink))
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
