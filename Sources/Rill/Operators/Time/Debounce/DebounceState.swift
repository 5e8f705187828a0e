/// What `debounce` does with the events of its upstream and its timer, which may
/// arrive on different threads: a value type kept behind `Locked`. Its methods
/// decide and queue deliveries in the outbox; the sink schedules timers and
/// delivers after unlocking.
///
/// Each element replaces the one waiting and restarts the timer; the timer is
/// identified by a generation number, so a timer that fires after a newer element
/// arrived (its cancellation raced with it) emits nothing.
struct DebounceState<Element> {
    /// What the sink does after an element arrived.
    enum Action {
        /// Nothing: the sequence has ended.
        case none
        /// Start the timer for this generation, replacing the pending one.
        case scheduleTimer(generation: UInt64)
    }

    private var outbox = TimedOutbox<Element>()
    /// The element waiting for a quiet period.
    private var latest: Element?
    /// The generation of the newest timer.
    private var generation: UInt64 = 0
    /// The upstream ended or the subscription was disposed.
    private(set) var isStopped = false

    /// The upstream sent `element`.
    mutating func elementReceived(_ element: Element) -> Action {
        guard !isStopped else { return .none }
        latest = element
        generation &+= 1
        return .scheduleTimer(generation: generation)
    }

    /// The timer of `generation` fired. Returns the event to deliver now, if any.
    mutating func timerFired(generation fired: UInt64) -> Event<Element>? {
        guard !isStopped, fired == generation, let element = latest else { return nil }
        latest = nil
        return outbox.send(.next(element))
    }

    /// The upstream completed: the waiting element is emitted at once, then
    /// completion. Returns the event to deliver now, if any.
    mutating func upstreamCompleted() -> Event<Element>? {
        guard !isStopped else { return nil }
        isStopped = true
        var first: Event<Element>?
        if let element = latest {
            latest = nil
            first = outbox.send(.next(element))
        }
        let completion = outbox.send(.completed)
        return first ?? completion
    }

    /// The upstream failed: the waiting element is dropped. Returns the event to
    /// deliver now, if any.
    mutating func upstreamFailed(_ error: any Swift.Error) -> Event<Element>? {
        guard !isStopped else { return nil }
        isStopped = true
        latest = nil
        return outbox.send(.error(error))
    }

    /// The next event for the deliverer, or nil when delivery is over.
    mutating func nextDelivery() -> Event<Element>? {
        outbox.next()
    }

    /// The subscription was disposed: nothing more is delivered.
    mutating func disposed() {
        isStopped = true
        latest = nil
        outbox.disposed()
    }
}
