/// What `debounce` does with the events of its upstream and its timer, which may
/// arrive on different threads: a value type kept behind `Locked`. Its methods
/// decide and hand the events to emit to `emit`; the sink schedules timers and
/// delivers after unlocking.
///
/// Each element replaces the one waiting and restarts the timer; the timer is
/// identified by a generation number, so a timer that fires after a newer element
/// arrived (its cancellation raced with it) emits nothing.
struct DebounceState<Element>: TimedState {
    // Two stored properties rather than an enum with a payload: a generic enum nested
    // in a generic struct costs its own metadata and value witnesses (about 5 KB).
    /// The element waiting for a quiet period, if any.
    private var waiting: Element?
    /// The upstream ended or the subscription was disposed: nothing more is emitted.
    private var isStopped = false
    /// The generation of the newest timer.
    private var generation: UInt64 = 0

    /// The upstream sent `element`. Returns the generation of the timer to start
    /// (replacing the pending one), or nil if the sequence has ended.
    mutating func elementReceived(_ element: Element) -> UInt64? {
        guard !isStopped else { return nil }
        waiting = element
        generation &+= 1
        return generation
    }

    /// The timer of `generation` fired: the waiting element goes out.
    mutating func timerFired(generation fired: UInt64, emit: (Event<Element>) -> Void) {
        guard !isStopped, fired == generation, let element = waiting else { return }
        waiting = nil
        emit(.next(element))
    }

    /// The upstream completed: the waiting element goes out at once, then completion.
    mutating func upstreamCompleted(emit: (Event<Element>) -> Void) {
        guard !isStopped else { return }
        let last = stop()
        if let last { emit(.next(last)) }
        emit(.completed)
    }

    /// The upstream failed: the waiting element is dropped.
    mutating func upstreamFailed(_ error: any Swift.Error, emit: (Event<Element>) -> Void) {
        guard !isStopped else { return }
        _ = stop()
        emit(.error(error))
    }

    mutating func disposed() {
        _ = stop()
    }

    /// Ends the sequence and hands back the waiting element (released from the state).
    private mutating func stop() -> Element? {
        isStopped = true
        defer { waiting = nil }
        return waiting
    }
}
