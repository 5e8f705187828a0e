extension ObservableType {
    /// Emits `default` and completes if the source completes without an element;
    /// otherwise mirrors the source.
    ///
    /// ```
    /// source:               --|     -1-2|
    /// ifEmpty(default: 0): --(0|)  -1-2|
    /// ```
    @_alwaysEmitIntoClient
    public func ifEmpty(default: Element) -> Observable<Element> {
        ifEmpty(switchTo: .just(`default`))
    }

    /// Continues with `other` if the source completes without an element;
    /// otherwise mirrors the source.
    ///
    /// `other` is subscribed only when the source completes empty, on that thread.
    ///
    /// ```
    /// source:                  --|
    /// other:                     -a-b|
    /// ifEmpty(switchTo: other): ---a-b|
    /// ```
    @_alwaysEmitIntoClient
    public func ifEmpty(switchTo other: Observable<Element>) -> Observable<Element> {
        IfEmptyObservable(source: asObservable(), fallback: other)
    }
}

// Sendable: immutable after init; each subscription keeps its own state.
@usableFromInline
final class IfEmptyObservable<Element>: Observable<Element>, @unchecked Sendable {
    private let source: Observable<Element>
    private let fallback: Observable<Element>

    @usableFromInline
    init(source: Observable<Element>, fallback: Observable<Element>) {
        self.source = source
        self.fallback = fallback
    }

    override func run(_ sink: Sink<Element>) -> any Disposable {
        let ifEmpty = IfEmptySink(fallback: fallback, downstream: sink)
        ifEmpty.sourceSubscription.setDisposable(source.run(ifEmpty))
        return Disposables.create(ifEmpty.sourceSubscription, ifEmpty.fallbackSubscription)
    }
}

/// Mirrors the source and, if it completes empty, subscribes the fallback. The
/// source and then the fallback deliver one after the other, so the flag needs
/// no lock.
private final class IfEmptySink<Element>: Sink<Element> {
    private let fallback: Observable<Element>
    private let downstream: Sink<Element>
    let sourceSubscription = SingleAssignmentDisposable()
    let fallbackSubscription = SingleAssignmentDisposable()
    // Touched only by the source's events, serialised by the grammar.
    @exclusivity(unchecked) private var isEmpty = true

    init(fallback: Observable<Element>, downstream: Sink<Element>) {
        self.fallback = fallback
        self.downstream = downstream
    }

    override func onNext(_ element: Element) {
        isEmpty = false
        downstream.onNext(element)
    }

    override func onError(_ error: any Swift.Error) { downstream.onError(error) }

    override func onCompleted() {
        guard isEmpty else { return downstream.onCompleted() }
        sourceSubscription.dispose()
        let fallback = self.fallback
        let subscription = fallbackSubscription
        let downstream = self.downstream
        // The fallback delivers straight to the downstream: the source is done.
        fallback.subscribe(downstream) { subscription.setDisposable($0) }
    }
}
