/// What `timeout` does with the events of its source and its timer, which may
/// arrive on different threads: a value type kept behind `Locked`. Its methods
/// decide; the sink delivers, arms timers and switches after unlocking.
///
/// Each timer carries the generation it was armed for; an element bumps the
/// generation, so a timer armed before it can no longer fire the timeout. The
/// next timer is armed only after the element was delivered, so the timer never
/// wins while a source element is being delivered: the downstream receives one
/// event at a time without a delivery queue.
struct TimeoutState {
    enum Phase: Equatable {
        /// Waiting for the source; only the timer armed for `generation` may fire.
        case running(generation: UInt64)
        /// The timer fired: the result is the other sequence's from now on.
        case timedOut
        /// The source ended, or the subscription was disposed.
        case ended
    }

    private(set) var phase = Phase.running(generation: 0)

    /// The source sent an element. Returns whether to deliver it.
    mutating func elementReceived() -> Bool {
        guard case .running(let generation) = phase else { return false }
        phase = .running(generation: generation &+ 1)
        return true
    }

    /// The element was delivered. Returns the generation to arm the next timer
    /// for, or nil if the sequence ended meanwhile.
    func elementDelivered() -> UInt64? {
        guard case .running(let generation) = phase else { return nil }
        return generation
    }

    /// The source completed or failed. Returns whether to deliver its terminal event.
    mutating func upstreamEnded() -> Bool {
        guard case .running = phase else { return false }
        phase = .ended
        return true
    }

    /// The timer armed for `fired` fired. Returns whether the timeout happened:
    /// then the caller switches to the other sequence.
    mutating func timerFired(generation fired: UInt64) -> Bool {
        guard phase == .running(generation: fired) else { return false }
        phase = .timedOut
        return true
    }

    /// The subscription was disposed: nothing more is delivered from the source.
    mutating func disposed() {
        if case .running = phase { phase = .ended }
    }
}
