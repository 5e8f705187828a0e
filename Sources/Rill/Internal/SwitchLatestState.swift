/// The state machine of `switchLatest`: which inner is current (older inners'
/// events are ignored), whether the outer source has ended, and delivery.
struct SwitchLatestState<Element> {
    /// What the sink does after an event.
    enum Action {
        case none
        /// Deliver the event now.
        case deliver
    }

    /// The identifier of the newest inner; older identifiers are stale.
    private(set) var latestID = 0
    /// Whether the newest inner is running.
    private var hasRunningInner = false
    private var isOuterDone = false
    var delivery = SerialDelivery<Element>()

    /// The outer source produced a new inner: it becomes current. Returns its identifier.
    mutating func innerArrived() -> Int {
        latestID += 1
        hasRunningInner = true
        return latestID
    }

    mutating func elementReceived(_ element: Element, from id: Int) -> Action {
        guard id == latestID, delivery.offer(element) else { return .none }
        return .deliver
    }

    mutating func innerCompleted(_ id: Int) -> Action {
        guard id == latestID else { return .none }
        hasRunningInner = false
        return isOuterDone ? terminal(nil) : .none
    }

    mutating func innerFailed(_ error: any Swift.Error, from id: Int) -> Action {
        id == latestID ? terminal(error) : .none
    }

    mutating func outerCompleted() -> Action {
        isOuterDone = true
        return hasRunningInner ? .none : terminal(nil)
    }

    mutating func outerFailed(_ error: any Swift.Error) -> Action {
        terminal(error)
    }

    private mutating func terminal(_ error: (any Swift.Error)?) -> Action {
        delivery.offerTerminal(error) ? .deliver : .none
    }
}
