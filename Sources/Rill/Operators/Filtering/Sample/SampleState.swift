/// The state machine of `sample`: the source's latest unsampled element, whether
/// the source and the sampler have ended, and delivery.
struct SampleState<Element> {
    /// What the sink does after an event.
    enum Action {
        case none
        /// Deliver this sample now (a completion queued behind it is drained after).
        case deliver(Element)
        /// Deliver the terminal event now.
        case deliverTerminal
    }

    private let defaultValue: Element?
    /// The source's latest element not yet sampled.
    private var latest: Element?
    private var isSourceDone = false
    var delivery = SerialDelivery<Element>()

    init(defaultValue: Element?) {
        self.defaultValue = defaultValue
    }

    mutating func elementReceived(_ element: Element) {
        latest = element
    }

    /// The sampler ticked (or completed, which counts as a last tick): emit the
    /// latest element, or the default; complete if the source has ended.
    mutating func sampled() -> Action {
        let sample = latest ?? defaultValue
        latest = nil
        if let sample {
            guard delivery.offer(sample) else { return .none }
            if isSourceDone { _ = delivery.offerTerminal(nil) }
            return .deliver(sample)
        }
        return isSourceDone ? terminal(nil) : .none
    }

    /// The source completed: the result completes at the next tick. As in
    /// RxSwift 6.10, never if the sampler has already completed.
    mutating func sourceCompleted() {
        isSourceDone = true
    }

    mutating func failed(_ error: any Swift.Error) -> Action {
        terminal(error)
    }

    private mutating func terminal(_ error: (any Swift.Error)?) -> Action {
        delivery.offerTerminal(error) ? .deliverTerminal : .none
    }
}
