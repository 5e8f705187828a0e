/// Identifies one scheduled drain of `observe(on:)`, so a disposable registered
/// late, for a drain that already finished, is not kept.
struct ObserveOnDrain: Equatable {
    fileprivate let generation: Int

    /// No drain: the event joined a queue that a drain is already on its way to.
    static let none = ObserveOnDrain(generation: 0)
}

/// What `observe(on:)`'s drain does next.
enum ObserveOnStep {
    /// Deliver the queued elements: take them all, leaving the queue empty.
    case deliver
    /// Deliver the first queued element only (one event per scheduled action).
    case deliverOne
    /// Deliver the terminal event; the drain is over for good.
    case end(Termination)
    /// Nothing left: the drain ends, and the next event schedules a new one.
    case idle
}

/// The state of `observe(on:)`: where the subscription is (`phase`), how many
/// elements wait for delivery, and the scheduled drain and upstream to dispose.
struct ObserveOnState {
    enum Phase {
        /// Receiving; no drain is scheduled.
        case idle
        /// Receiving; a drain is scheduled or running.
        case draining
        /// The upstream ended: a drain (scheduled or running) delivers the queued
        /// elements, then `termination`. Later events are dropped.
        case ending(Termination)
        /// The terminal event was handed to the drain: nothing more happens.
        case ended
        /// Disposed: nothing more is delivered.
        case disposed
    }

    /// What dispose hands back, to dispose and release outside the lock.
    struct Released {
        var upstream: (any Disposable)?
        var drain: (any Disposable)?
        var termination: Termination?
    }

    /// Creates the state of one subscription.
    ///
    /// - Parameter oneEventPerAction: When true, `nextStep()` hands out one element
    ///   at a time and each event takes a scheduled action of its own.
    init(oneEventPerAction: Bool = false) {
        self.oneEventPerAction = oneEventPerAction
    }

    private(set) var phase = Phase.idle
    /// The number of elements waiting for the drain.
    private(set) var queuedCount = 0
    /// Each scheduled action delivers one event (virtual time), not the whole queue.
    private let oneEventPerAction: Bool
    private var generation = 0
    private var scheduledDrain: (any Disposable)?
    private var upstream: (any Disposable)?

    /// Whether a drain is scheduled or running.
    var isDraining: Bool {
        switch phase {
        case .draining, .ending: true
        case .idle, .ended, .disposed: false
        }
    }

    /// An element arrived. Returns `nil` if it must be dropped (after a terminal
    /// event or dispose); otherwise it joins the queue, and the result is the drain
    /// to schedule, or `.none` if one is on its way.
    mutating func elementReceived() -> ObserveOnDrain? {
        switch phase {
        case .idle:
            queuedCount += 1
            phase = .draining
            return newDrain()
        case .draining:
            queuedCount += 1
            return ObserveOnDrain.none
        case .ending, .ended, .disposed:
            return nil
        }
    }

    /// The upstream ended. Returns the drain to schedule, or `.none` if one is on
    /// its way, and the upstream subscription, to dispose now: nothing more can
    /// come from it, and in RxSwift it ends as the event passes, not when the
    /// drain delivers it.
    mutating func terminalReceived(_ termination: Termination) -> (drain: ObserveOnDrain, upstream: (any Disposable)?) {
        let drain: ObserveOnDrain
        switch phase {
        case .idle:
            phase = .ending(termination)
            drain = newDrain()
        case .draining:
            phase = .ending(termination)
            drain = .none
        case .ending, .ended, .disposed:
            return (.none, nil)
        }
        var ended: (any Disposable)?
        swap(&ended, &upstream)
        return (drain, ended)
    }

    private mutating func newDrain() -> ObserveOnDrain {
        generation += 1
        return ObserveOnDrain(generation: generation)
    }

    /// The scheduler accepted `drain`. Keeps `disposable` while that drain may
    /// still be pending, handing back the one it replaces; a drain that already ran
    /// (perhaps synchronously) has nothing left to cancel. Returns true if the
    /// subscription was disposed meanwhile: `disposable` must be disposed.
    mutating func drainScheduled(_ drain: ObserveOnDrain, _ disposable: inout (any Disposable)?) -> Bool {
        if case .disposed = phase { return true }
        if isDraining && drain.generation == generation { swap(&scheduledDrain, &disposable) }
        return false
    }

    /// The drain asks what to do next: take every queued element, then the
    /// terminal event; with nothing left, the drain ends.
    mutating func nextStep() -> ObserveOnStep {
        if case .disposed = phase { return .idle }
        precondition(isDraining, "Internal inconsistency: observe(on:) drain out of turn")
        if queuedCount > 0 {
            if oneEventPerAction {
                queuedCount -= 1
                return .deliverOne
            }
            queuedCount = 0
            return .deliver
        }
        if case .ending(let termination) = phase {
            phase = .ended
            return .end(termination)
        }
        phase = .idle
        return .idle
    }

    /// A one-event-per-action drain delivered an element. Returns the drain to
    /// schedule for the next event if one waits; otherwise the drain ends (and the
    /// next event schedules a new one). Nothing is scheduled once disposed.
    mutating func eventDelivered() -> ObserveOnDrain? {
        switch phase {
        case .draining where queuedCount == 0:
            phase = .idle
            return nil
        case .draining, .ending:
            return newDrain()
        case .idle, .ended, .disposed:
            return nil
        }
    }

    /// The upstream subscription is in place. Returns true if it must be disposed
    /// at once because the upstream ended or the subscription was disposed while
    /// subscribing.
    mutating func upstreamSubscribed(_ disposable: any Disposable) -> Bool {
        switch phase {
        case .idle, .draining:
            upstream = disposable
            return false
        case .ending, .ended, .disposed:
            return true
        }
    }

    /// The subscription was disposed: stop delivering and hand back what to release.
    mutating func disposed() -> Released {
        var released = Released()
        if case .ending(let termination) = phase { released.termination = termination }
        phase = .disposed
        queuedCount = 0
        swap(&released.upstream, &upstream)
        swap(&released.drain, &scheduledDrain)
        return released
    }
}
