extension ObservableType {
    /// Emits `elements` first, then the elements of this sequence.
    ///
    /// The prepended elements are delivered synchronously when the subscription
    /// starts, before this sequence is subscribed to.
    ///
    /// ```
    /// source:          ----3-4|
    /// startWith(1, 2): 1-2-3-4|
    /// ```
    ///
    /// - Parameter elements: The elements to emit first, in order.
    /// - Returns: An observable of `elements` followed by this sequence's events.
    @_alwaysEmitIntoClient
    public func startWith(_ elements: Element...) -> Observable<Element> {
        StartWithObservable(source: asObservable(), elements: elements)
    }
}

// Sendable: immutable after init; each subscription keeps its own state.
@usableFromInline
final class StartWithObservable<Element>: Observable<Element>, @unchecked Sendable {
    private let source: Observable<Element>
    private let elements: [Element]

    @usableFromInline
    init(source: Observable<Element>, elements: [Element]) {
        self.source = source
        self.elements = elements
    }

    override func run(_ sink: Sink<Element>) -> any Disposable {
        for element in elements { sink.onNext(element) }
        return source.run(sink)
    }
}
