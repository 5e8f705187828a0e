/// The state machine of `sample`: the source's latest unsampled element and
/// whether the sequence has ended. Its methods hand what to emit to `emit`, in
/// order, under the sink's lock.
struct SampleState<Element> {
    enum Phase {
        /// The source is running.
        case sampling
        /// The source completed: the result completes at the next sample.
        case sourceCompleted
        /// The result ended: nothing more is emitted.
        case ended
    }

    private let defaultValue: Element?
    /// The source's latest element not yet sampled.
    private var latest: Element?
    private(set) var phase = Phase.sampling

    init(defaultValue: Element?) {
        self.defaultValue = defaultValue
    }

    mutating func elementReceived(_ element: Element) {
        latest = element
    }

    /// The sampler ticked (or completed, which counts as a last tick): emit the
    /// latest element, or the default; complete if the source has ended.
    mutating func sampled(emit: (Event<Element>) -> Void) {
        if case .ended = phase { return }
        let sample = latest ?? defaultValue
        latest = nil
        if let sample { emit(.next(sample)) }
        if case .sourceCompleted = phase {
            phase = .ended
            emit(.completed)
        }
    }

    /// The source completed: the result completes at the next tick. As in
    /// RxSwift 6.10, never if the sampler has already completed.
    mutating func sourceCompleted() {
        if case .sampling = phase { phase = .sourceCompleted }
    }

    /// The source or the sampler failed.
    mutating func failed(_ error: any Swift.Error, emit: (Event<Element>) -> Void) {
        if case .ended = phase { return }
        phase = .ended
        emit(.error(error))
    }
}
