/// The state machine of `withLatestFrom`: the second source's latest element and
/// the delivery queue of (element, latest) pairs. The selector runs on a pair
/// outside the lock, by whichever thread delivers.
struct WithLatestFromState<First, Second> {
    /// What the sink does after an event.
    enum Action {
        case none
        /// Deliver this pair now.
        case deliver(First, Second)
        /// Deliver the terminal event now.
        case deliverTerminal
    }

    private(set) var latest: Second?
    var delivery = SerialDelivery<(First, Second)>()

    /// The second source emitted: remember it.
    mutating func latestReceived(_ element: Second) {
        latest = element
    }

    /// The first source emitted: pair it with the latest, or drop it if there is none yet.
    mutating func elementReceived(_ element: First) -> Action {
        guard let latest, delivery.offer((element, latest)) else { return .none }
        return .deliver(element, latest)
    }

    /// The first source completed, or either source failed.
    mutating func ended(_ error: (any Swift.Error)?) -> Action {
        delivery.offerTerminal(error) ? .deliverTerminal : .none
    }
}
