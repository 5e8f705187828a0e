extension ObservableType {
    /// Emits the source's latest element each time `sampler` emits, if the source
    /// has emitted since the previous sample; otherwise emits `defaultValue`, if given.
    ///
    /// The sampler's completion counts as a last sample. The result completes at
    /// the first sample after the source completed; an error from either ends it.
    /// As in RxSwift 6.10, a source that completes after the sampler has completed
    /// leaves the result open for good: it never completes (dispose it, or end it
    /// with `take(until:)`). Samples are delivered on the sampler's thread.
    ///
    /// ```
    /// source:          -1-2---3-----|
    /// sampler:         ---x--x--x-x---x
    /// sample(sampler): ---2-----3-----|
    /// ```
    @_alwaysEmitIntoClient
    public func sample<Source: ObservableType>(_ sampler: Source, defaultValue: Element? = nil) -> Observable<Element> {
        SampleObservable(source: asObservable(), sampler: sampler.asObservable(), defaultValue: defaultValue)
    }
}

// Sendable: immutable after init; each subscription keeps its own state.
@usableFromInline
final class SampleObservable<Element, Sampler>: Observable<Element>, @unchecked Sendable {
    private let source: Observable<Element>
    private let sampler: Observable<Sampler>
    private let defaultValue: Element?

    @usableFromInline
    init(source: Observable<Element>, sampler: Observable<Sampler>, defaultValue: Element?) {
        self.source = source
        self.sampler = sampler
        self.defaultValue = defaultValue
    }

    override func run(_ sink: Sink<Element>) -> any Disposable {
        let sample = SampleSink(defaultValue: defaultValue, downstream: sink)
        sample.sourceSubscription.setDisposable(source.run(sample))
        sample.samplerSubscription.setDisposable(sampler.run(SamplerSink<Element, Sampler>(parent: sample)))
        return Disposables.create(sample.sourceSubscription, sample.samplerSubscription, sample)
    }
}

/// Receives the source; the sampler's sink reports here too. `state` (behind its
/// lock) holds the latest element and the end flag; what it decides to emit is
/// claimed or queued in `delivery` under that lock.
private final class SampleSink<Element>: Sink<Element>, Disposable, @unchecked Sendable {
    // Sendable: `state` is behind its lock; `delivery` and the subscriptions are
    // thread-safe.
    private let state: Locked<SampleState<Element>>
    private let delivery: SerialDeliverer<Element>
    /// Ends when the source completes, as in RxSwift; sampling goes on.
    let sourceSubscription = SingleAssignmentDisposable()
    /// Ends when the sampler completes, as in RxSwift.
    let samplerSubscription = SingleAssignmentDisposable()

    init(defaultValue: Element?, downstream: Sink<Element>) {
        state = Locked(SampleState(defaultValue: defaultValue))
        delivery = SerialDeliverer(downstream: downstream)
    }

    override func onNext(_ element: Element) { state.withLock { $0.elementReceived(element) } }
    override func onError(_ error: any Swift.Error) { fail(error) }

    override func onCompleted() {
        sourceSubscription.dispose()
        state.withLock { $0.sourceCompleted() }
    }

    func sampled() {
        emit { state, emit in state.sampled(emit: emit) }
    }

    func fail(_ error: any Swift.Error) {
        emit { state, emit in state.failed(error, emit: emit) }
    }

    private func emit(_ decide: (inout SampleState<Element>, (Event<Element>) -> Void) -> Void) {
        let (claimed, _) = delivery.claim(under: state, decide)
        if let claimed { delivery.deliverClaimed(claimed) }
    }

    func dispose() { delivery.dispose() }
}

/// Receives the sampler of `sample`.
private final class SamplerSink<Element, Sampler>: Sink<Sampler> {
    private let parent: SampleSink<Element>

    init(parent: SampleSink<Element>) {
        self.parent = parent
    }

    override func onNext(_ element: Sampler) { parent.sampled() }
    override func onError(_ error: any Swift.Error) { parent.fail(error) }
    override func onCompleted() {
        parent.samplerSubscription.dispose()
        parent.sampled()
    }
}
