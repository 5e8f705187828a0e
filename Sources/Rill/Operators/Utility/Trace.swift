extension ObservableType {
    /// Records each subscription to this point of the chain, and each event passing
    /// it, in `recorder`, under `name`; the events pass on unchanged.
    ///
    /// Each subscription becomes a span, from subscribing to disposal (which follows a
    /// terminal event, or the subscriber's `dispose()`), and each element, error and
    /// completion an instant, with the thread it arrived on and the time on
    /// `recorder`'s clock. Mark several points of one chain to see what each step did,
    /// and in what order:
    ///
    /// ```swift
    /// let recorder = TraceRecorder(scheduler: scheduler)
    /// let results = query
    ///     .trace("query", to: recorder)
    ///     .debounce(.milliseconds(300), scheduler: scheduler)
    ///     .trace("debounced", to: recorder)
    /// // ... then write recorder.chromeTraceJSON() or recorder.timelineSVG() to a file.
    /// ```
    ///
    /// Recording takes the recorder's lock and formats each element with
    /// `String(describing:)`: a debugging aid, not for hot paths in production.
    ///
    /// - Parameters:
    ///   - name: The point's name: its row in the timeline and its spans' name in the trace.
    ///   - recorder: Where the records go.
    /// - Returns: The same sequence, recorded.
    @_alwaysEmitIntoClient
    public func trace(_ name: String, to recorder: TraceRecorder) -> Observable<Element> {
        TraceObservable(source: asObservable(), name: name, recorder: recorder)
    }
}

// Sendable: immutable after init; each subscription keeps its own state.
@usableFromInline
final class TraceObservable<Element>: Observable<Element>, @unchecked Sendable {
    private let source: Observable<Element>
    private let name: String
    private let recorder: TraceRecorder

    @usableFromInline
    init(source: Observable<Element>, name: String, recorder: TraceRecorder) {
        self.source = source
        self.name = name
        self.recorder = recorder
    }

    override func run(_ sink: Sink<Element>) -> any Disposable {
        let span = recorder.subscribed(name)
        let traceSink = TraceSink(name: name, span: span, recorder: recorder, downstream: sink)
        // Nothing can dispose `traceSink` before it is returned, so this plain write
        // is published with it.
        traceSink.subscription = source.run(traceSink)
        return traceSink
    }
}

/// Records each event before forwarding it, and is the subscription's disposable,
/// which records the end of the span once.
private final class TraceSink<Element>: Sink<Element>, Disposable, @unchecked Sendable {
    // Sendable: `subscription` is written once before this is returned from `run` and
    // then read only by the caller that sets `disposed` first.
    private let name: String
    private let span: Int
    private let recorder: TraceRecorder
    private let downstream: Sink<Element>
    private let disposed = AtomicWord()
    var subscription: (any Disposable)?

    init(name: String, span: Int, recorder: TraceRecorder, downstream: Sink<Element>) {
        self.name = name
        self.span = span
        self.recorder = recorder
        self.downstream = downstream
    }

    override func onNext(_ element: Element) {
        recorder.record(.next(String(describing: element)), point: name, span: span)
        downstream.onNext(element)
    }

    override func onError(_ error: any Swift.Error) {
        recorder.record(.error(String(describing: error)), point: name, span: span)
        downstream.onError(error)
    }

    override func onCompleted() {
        recorder.record(.completed, point: name, span: span)
        downstream.onCompleted()
    }

    func dispose() {
        guard disposed.compareExchange(expected: 0, desired: 1) else { return }
        recorder.record(.disposed, point: name, span: span)
        // Let go of the upstream subscription, which may hold this sink.
        let subscription = self.subscription
        self.subscription = nil
        subscription?.dispose()
    }
}
