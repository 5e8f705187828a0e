/// The delivery queue of a time operator's state machine: events decided under
/// the lock are sent here, in the order decided, and delivered outside it one at
/// a time.
///
/// Time operators deliver from the upstream's thread and from timer callbacks on
/// the scheduler's thread. Deciding an event and queueing it happen in one
/// critical section, so the order of decisions is the order of delivery; the
/// drain loop (`SerialDrainState`) makes sure deliveries never overlap or nest.
/// After `disposed()` nothing more is handed out.
struct TimedOutbox<Element> {
    private var drain = SerialDrainState<Event<Element>>()
    private var isDisposed = false

    /// Queues `event`. Returns it if the caller has become the deliverer and must
    /// deliver it now, then call `next()` until it returns nil.
    mutating func send(_ event: Event<Element>) -> Event<Element>? {
        guard !isDisposed else { return nil }
        return drain.send(event)
    }

    /// The next event for the deliverer, or nil when delivery is over (or the
    /// subscription was disposed: then it is over for good).
    mutating func next() -> Event<Element>? {
        guard !isDisposed else { return nil }
        return drain.next()
    }

    /// The subscription was disposed: queued events are dropped.
    mutating func disposed() {
        isDisposed = true
    }
}
