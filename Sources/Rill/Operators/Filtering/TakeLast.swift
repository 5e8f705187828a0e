extension ObservableType {
    /// Emits only the last `count` elements, when the source completes.
    ///
    /// Keeps up to `count` elements in a buffer until completion, then emits them
    /// in order and completes. An error is forwarded at once and drops the buffer.
    ///
    /// ```
    /// source:      -1-2-3-4|
    /// takeLast(2): --------(34|)
    /// ```
    ///
    /// - Parameter count: How many elements to keep; 0 (or less) keeps none.
    @_alwaysEmitIntoClient
    public func takeLast(_ count: Int) -> Observable<Element> {
        TakeLastObservable(source: asObservable(), count: Swift.max(count, 0))
    }
}

// Sendable: immutable after init; each subscription keeps its own state.
@usableFromInline
final class TakeLastObservable<Element>: Observable<Element>, @unchecked Sendable {
    private let source: Observable<Element>
    private let count: Int

    @usableFromInline
    init(source: Observable<Element>, count: Int) {
        self.source = source
        self.count = count
    }

    override func run(_ sink: Sink<Element>) -> any Disposable {
        // The buffer is emitted in a loop on completion: the loop stops when
        // the subscriber disposes from inside one of those deliveries.
        let disposed = AtomicWord()
        let upstream = source.run(TakeLastSink(count: count, disposed: disposed, downstream: sink))
        return Disposables.create {
            disposed.store(1)
            upstream.dispose()
        }
    }
}

private final class TakeLastSink<Element>: Sink<Element> {
    private let disposed: AtomicWord
    private let downstream: Sink<Element>
    /// The last `count` elements; nil when `count` is 0. Touched only by this
    /// sink's events: a single upstream is serialised by the grammar.
    private let buffer: ReplayBuffer<Element>?

    init(count: Int, disposed: AtomicWord, downstream: Sink<Element>) {
        self.disposed = disposed
        self.downstream = downstream
        buffer = count > 0 ? ReplayBuffer(capacity: count) : nil
    }

    override func onNext(_ element: Element) {
        buffer?.append(element)
    }

    override func onError(_ error: any Swift.Error) {
        _ = buffer?.removeAll()
        downstream.onError(error)
    }

    override func onCompleted() {
        for element in buffer?.removeAll() ?? [] {
            guard disposed.value == 0 else { return }
            downstream.onNext(element)
        }
        downstream.onCompleted()
    }
}
