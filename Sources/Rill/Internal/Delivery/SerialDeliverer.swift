/// A downstream sink reached through a `SerialDrain`: events sent from several
/// threads (or re-entrantly from inside a delivery) reach it one at a time, in
/// order, and nothing after the first terminal event.
///
/// The form of Rill's serial delivery that operators with a `Sink` downstream use:
/// `merge` and the flatMap family, `take(for:)`, `skip(until:)`, `sample`,
/// `withLatestFrom` and the time operators (through `TimedSink`). Uncontended, an
/// element costs two compare-and-swaps and no lock. Events that arrive while
/// another caller delivers wait in the drain's queue, and that caller delivers
/// them, in order, before it lets go.
///
/// Two ways in:
/// - `deliver(_:)` and `end(_:)` from a caller that decides nothing under a lock
///   of its own (each input of `merge` sends what it receives).
/// - `offer(_:)` under the caller's lock, where a state machine decides what to
///   emit: the event is claimed or queued in the order of the decisions; the
///   caller then delivers a claimed event with `deliverClaimed(_:)` after
///   unlocking. Both report whether the terminal event went out during the call,
///   so the caller can dispose what it owns.
final class SerialDeliverer<Element>: Disposable, @unchecked Sendable {
    // Sendable: the drain is thread-safe; `isStopped` and the downstream are
    // touched only by the caller that holds the drain's turn.
    private let drain = SerialDrain<Event<Element>>()
    private let downstream: Sink<Element>

    /// A terminal event was delivered: later items are dropped. Turn holder's state.
    @exclusivity(unchecked) private var isStopped = false

    init(downstream: Sink<Element>) {
        self.downstream = downstream
    }

    /// Delivers `element` now, or queues it behind the running delivery.
    @inline(__always)
    func deliver(_ element: Element) {
        if drain.tryClaim() {
            if !isStopped { downstream.onNext(element) }
            if !drain.release() { continueDraining() }
        } else {
            offerNext(element)
        }
    }

    /// Delivers the terminal event now, or queues it; only the first terminal
    /// event counts. Returns whether this call delivered it.
    @discardableResult
    func end(_ termination: Termination) -> Bool {
        let event: Event<Element> = termination.event()
        guard drain.claimOrQueue(event) else { return false }
        return deliverClaimed(event)
    }

    /// Under the caller's lock: claims the right to deliver `event`, or queues it.
    /// True: the caller must pass `event` to `deliverClaimed(_:)` after unlocking.
    func offer(_ event: Event<Element>) -> Bool {
        drain.claimOrQueue(event)
    }

    /// Runs `decide` on `lock`'s state, claiming or queueing each event it emits,
    /// in that order, inside the same critical section. Returns the event this
    /// caller claimed (pass it to `deliverClaimed(_:)` after any other work that
    /// must come first) and what `decide` returned.
    func claim<State: ~Copyable, Result>(
        under lock: Locked<State>, _ decide: (inout State, (Event<Element>) -> Void) -> Result
    ) -> (Event<Element>?, Result) {
        lock.withLock { state in
            var claimed: Event<Element>?
            let result = decide(&state) { event in
                if drain.claimOrQueue(event), claimed == nil { claimed = event }
            }
            return (claimed, result)
        }
    }

    /// Delivers `event`, which `offer(_:)` or `claim(under:_:)` claimed, then what others queued
    /// meanwhile. Returns whether a terminal event went out during this call.
    @discardableResult
    func deliverClaimed(_ event: Event<Element>) -> Bool {
        // Counted while this caller holds the turn: once it lets go, `isStopped`
        // is the next holder's.
        var ended = deliverEndingIfTerminal(event)
        drain.drain { if deliverEndingIfTerminal($0) { ended = true } }
        return ended
    }

    /// Drops what is queued and everything offered later.
    func dispose() {
        drain.close()
    }

    /// The slow path of `deliver(_:)`, out of line: building an `Event` needs its
    /// generic metadata, which the fast path must not look up.
    @inline(never)
    private func offerNext(_ element: Element) {
        let event = Event.next(element)
        guard drain.offer(event) else { return }
        deliver(event)
        drain.drain(deliver)
    }

    @inline(never)
    private func continueDraining() {
        drain.continueDraining(deliver)
    }

    /// Delivers one event with the turn held.
    private func deliver(_ event: Event<Element>) {
        _ = deliverEndingIfTerminal(event)
    }

    /// Delivers one event with the turn held; true if it was the terminal event.
    private func deliverEndingIfTerminal(_ event: Event<Element>) -> Bool {
        guard !isStopped else { return false }
        switch event {
        case .next(let element):
            downstream.onNext(element)
            return false
        case .error(let error):
            isStopped = true
            downstream.onError(error)
        case .completed:
            isStopped = true
            downstream.onCompleted()
        }
        return true
    }
}
