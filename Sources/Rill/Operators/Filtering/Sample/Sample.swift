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
    public func sample<Source: ObservableType>(_ sampler: Source, defaultValue: Element? = nil) -> Observable<Element> {
        let source = asObservable()
        let sampler = sampler.asObservable()
        return OperatorObservable { sink in
            let sample = SampleSink(defaultValue: defaultValue, downstream: sink)
            sample.sourceSubscription.setDisposable(source.run(sample))
            sample.samplerSubscription.setDisposable(sampler.run(SamplerSink<Element, Source.Element>(parent: sample)))
            return Disposables.create(sample.sourceSubscription, sample.samplerSubscription, sample)
        }
    }
}

/// Receives the source; the sampler's sink reports here too. `state` (behind its
/// lock) holds the latest element, the end flags and the delivery queue.
private final class SampleSink<Element>: Sink<Element>, Disposable, @unchecked Sendable {
    // Sendable: `state` is behind its lock; `downstream` is reached only through
    // the delivery queue, by one caller at a time; the subscriptions are thread-safe.
    private let state: Locked<SampleState<Element>>
    private let downstream: Sink<Element>
    /// Ends when the source completes, as in RxSwift; sampling goes on.
    let sourceSubscription = SingleAssignmentDisposable()
    /// Ends when the sampler completes, as in RxSwift.
    let samplerSubscription = SingleAssignmentDisposable()

    init(defaultValue: Element?, downstream: Sink<Element>) {
        state = Locked(SampleState(defaultValue: defaultValue))
        self.downstream = downstream
    }

    override func onNext(_ element: Element) { state.withLock { $0.elementReceived(element) } }
    override func onError(_ error: any Swift.Error) { fail(error) }

    override func onCompleted() {
        sourceSubscription.dispose()
        state.withLock { $0.sourceCompleted() }
    }

    func sampled() {
        perform(state.withLock { $0.sampled() }) { downstream.onCompleted() }
    }

    func fail(_ error: any Swift.Error) {
        perform(state.withLock { $0.failed(error) }) { downstream.onError(error) }
    }

    private func perform(_ action: SampleState<Element>.Action, terminal: () -> Void) {
        switch action {
        case .none: return
        case .deliver(let element): downstream.onNext(element)
        case .deliverTerminal: terminal()
        }
        state.drainDeliveries(finish: { $0.delivery.finishDelivery() }, take: { $0.delivery.takePending() }) {
            downstream.receive($0)
        }
    }

    func dispose() { state.withLock { $0.delivery.dispose() } }
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
