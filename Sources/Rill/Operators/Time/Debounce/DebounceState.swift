/// What `debounce` does with the events of its upstream and its timer, which may
/// arrive on different threads: a value type kept behind `Locked`. Its methods
/// decide and hand the events to emit to `emit`; the sink schedules timers and
/// delivers after unlocking.
///
/// Each element replaces the one waiting and restarts the timer; the timer is
/// identified by a generation number, so a timer that fires after a newer element
/// arrived (its cancellation raced with it) emits nothing.
struct DebounceState<Element>: TimedState {
    enum Phase {
        /// Running; the element waiting for a quiet period, if any.
        case running(waiting: Element?)
        /// The upstream ended or the subscription was disposed: nothing more is emitted.
        case stopped
    }

    private(set) var phase = Phase.running(waiting: nil)
    /// The generation of the newest timer.
    private var generation: UInt64 = 0

    /// The upstream sent `element`. Returns the generation of the timer to start
    /// (replacing the pending one), or nil if the sequence has ended.
    mutating func elementReceived(_ element: Element) -> UInt64? {
        guard case .running = phase else { return nil }
        phase = .running(waiting: element)
        generation &+= 1
        return generation
    }

    /// The timer of `generation` fired: the waiting element goes out.
    mutating func timerFired(generation fired: UInt64, emit: (Event<Element>) -> Void) {
        guard case .running(let waiting?) = phase, fired == generation else { return }
        phase = .running(waiting: nil)
        emit(.next(waiting))
    }

    /// The upstream completed: the waiting element goes out at once, then completion.
    mutating func upstreamCompleted(emit: (Event<Element>) -> Void) {
        guard case .running(let waiting) = phase else { return }
        phase = .stopped
        if let waiting { emit(.next(waiting)) }
        emit(.completed)
    }

    /// The upstream failed: the waiting element is dropped.
    mutating func upstreamFailed(_ error: any Swift.Error, emit: (Event<Element>) -> Void) {
        guard case .running = phase else { return }
        phase = .stopped
        emit(.error(error))
    }

    mutating func disposed() {
        phase = .stopped
    }
}
