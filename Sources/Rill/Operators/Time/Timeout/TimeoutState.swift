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
    /// The generation of the timer that may fire the timeout now.
    private var generation: UInt64 = 0
    /// The timeout fired, the source ended or the subscription was disposed:
    /// the source's events are ignored.
    private(set) var isStopped = false

    /// The source sent an element. Returns whether to deliver it.
    mutating func elementReceived() -> Bool {
        guard !isStopped else { return false }
        generation &+= 1
        return true
    }

    /// The element was delivered. Returns the generation to arm the next timer
    /// for, or nil if the sequence ended meanwhile.
    func elementDelivered() -> UInt64? {
        isStopped ? nil : generation
    }

    /// The source completed or failed. Returns whether to deliver its terminal event.
    mutating func upstreamEnded() -> Bool {
        guard !isStopped else { return false }
        isStopped = true
        return true
    }

    /// The timer armed for `fired` fired. Returns whether the timeout happened:
    /// then the caller switches to the other sequence.
    mutating func timerFired(generation fired: UInt64) -> Bool {
        guard !isStopped, fired == generation else { return false }
        isStopped = true
        return true
    }

    /// The subscription was disposed: nothing more is delivered from the source.
    mutating func disposed() {
        isStopped = true
    }
}
