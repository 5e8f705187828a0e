extension ObservableType {
    /// Emits the elements of this sequence, then, once it completes, those of `second`.
    ///
    /// `second` is subscribed only after this sequence completes. An error from
    /// either ends the result.
    ///
    /// ```
    /// self:          -1-2|
    /// second:            -3-4|
    /// concat(second): -1-2-3-4|
    /// ```
    @_alwaysEmitIntoClient
    public func concat<Source: ObservableConvertibleType>(_ second: Source) -> Observable<Element>
        where Source.Element == Element {
        ConcatObservable([asObservable(), second.asObservable()])
    }

    /// Emits the elements of each observable of `sequence` in turn: the next one is
    /// subscribed when the previous one completes.
    ///
    /// `sequence` is iterated lazily, one observable per completion, so it may be
    /// long or endless as long as something downstream stops the subscription.
    /// As in RxSwift, the first source is subscribed at once, and each finished
    /// source is disposed before the next is subscribed. Later sources are
    /// subscribed from the current thread's trampoline, so a long chain of
    /// synchronous sources runs at constant stack depth.
    @_alwaysEmitIntoClient
    public static func concat<Sources: Swift.Sequence>(_ sequence: Sources) -> Observable<Element>
        where Sources.Element == Observable<Element> {
        ConcatObservable(sequence)
    }

    /// Emits the elements of each observable of `collection` in turn; see `concat(_:)`
    /// on a sequence.
    @_alwaysEmitIntoClient
    public static func concat<Sources: Swift.Collection>(_ collection: Sources) -> Observable<Element>
        where Sources.Element == Observable<Element> {
        ConcatObservable(collection)
    }

    /// Emits the elements of each of `sources` in turn; see `concat(_:)` on a sequence.
    ///
    /// ```swift
    /// Observable.concat(cached, network)   // the cached value first, then fresh ones
    /// ```
    @_alwaysEmitIntoClient
    public static func concat(_ sources: Observable<Element>...) -> Observable<Element> {
        ConcatObservable(sources)
    }
}

extension ObservableType where Element: ObservableConvertibleType {
    /// Emits the elements of each inner observable in turn: an inner is subscribed
    /// when the previous one completes; inners that arrive meanwhile wait in order.
    ///
    /// The same as `merge(maxConcurrent: 1)`.
    ///
    /// ```
    /// outer:    -a-b------|
    /// a:         -1--2|
    /// b:           -3-4|           (subscribed when a completes)
    /// concat(): --1--2-3-4|
    /// ```
    @_alwaysEmitIntoClient
    public func concat() -> Observable<Element.Element> {
        // `concatMap { $0 }`: the same engine, so the same rules.
        FlatMapObservable(source: asObservable(), strategy: .concat) { $0.asObservable() }
    }
}

// Sendable: immutable after init; each subscription keeps its own state.
@usableFromInline
final class ConcatObservable<Sources: Sequence, Element>: Observable<Element>, @unchecked Sendable
    where Sources.Element == Observable<Element> {
    private let sources: Sources

    @usableFromInline
    init(_ sources: Sources) {
        self.sources = sources
    }

    override func run(_ sink: Sink<Element>) -> any Disposable {
        let concat = ConcatSink(sources.makeIterator(), downstream: sink)
        concat.subscribeNext()
        return concat.current
    }
}

/// Runs one source at a time. Only one source is subscribed at any moment and the
/// next is subscribed after the previous one's completion, so events reach this
/// sink serially and `iterator` needs no lock: it is advanced only by the first
/// subscription, then by the step that the previous completion scheduled.
///
/// The first source is subscribed at once, as in RxSwift (not behind other work
/// on the thread's trampoline). Later ones are subscribed from the trampoline, so
/// a chain of sources that complete synchronously does not nest, and a subscriber
/// that stops early (`element(at:)`, `take`) has the subscription's disposable
/// before the next source is pulled from a lazy, endless sequence.
private final class ConcatSink<Iterator: IteratorProtocol, Element>: Sink<Element>
    where Iterator.Element == Observable<Element> {
    private let downstream: Sink<Element>
    private var iterator: Iterator
    /// The current source's subscription; disposed by the subscriber.
    let current = SerialDisposable()

    init(_ iterator: Iterator, downstream: Sink<Element>) {
        self.iterator = iterator
        self.downstream = downstream
    }

    override func onNext(_ element: Element) { downstream.onNext(element) }
    override func onError(_ error: any Swift.Error) { downstream.onError(error) }
    override func onCompleted() { scheduleNext() }

    /// Subscribes the next source from the trampoline.
    private func scheduleNext() {
        Trampoline.run { $0.enqueue(ConcatStep(self)) }
    }

    /// Disposes the finished source before subscribing the next, as RxSwift does
    /// (a `share()` between the two disconnects, then connects again).
    fileprivate func subscribeNext() {
        guard !current.isDisposed else { return }
        guard let next = iterator.next() else { return downstream.onCompleted() }
        let subscription = SingleAssignmentDisposable()
        current.disposable = subscription
        subscription.setDisposable(next.run(self))
    }
}

/// The trampoline task that moves a `ConcatSink` to its next source.
private final class ConcatStep<Iterator: IteratorProtocol, Element>: TrampolineTask
    where Iterator.Element == Observable<Element> {
    private let sink: ConcatSink<Iterator, Element>

    init(_ sink: ConcatSink<Iterator, Element>) {
        self.sink = sink
    }

    override func run(on trampoline: Trampoline) { sink.subscribeNext() }
}
