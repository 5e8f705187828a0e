import Foundation

/// What `delay` does with the events of its upstream and its timer, which may
/// arrive on different threads: a value type kept behind `Locked`. Times are
/// passed in (`now`), so it runs without a scheduler.
///
/// Elements and completion wait in a queue, each with the time it is due. One
/// timer at a time drains it: when it fires it emits every due event, in order,
/// and asks for the next timer if events are still waiting. An error skips the
/// queue (RxSwift 6.10: errors are not delayed) and drops what is waiting. With
/// `oneEventPerTimer` (virtual time) each timer emits one event, as RxSwift's
/// does, and the next timer fires when the next event is due or, if that is
/// already past, as soon as the scheduler allows.
struct DelayState<Element>: TimedState, ~Copyable {
    enum Phase {
        /// Receiving from the upstream; `timerActive`: a timer is scheduled (or
        /// its callback is running) for the queue.
        case receiving(timerActive: Bool)
        /// The upstream completed: its completion waits in the queue behind the
        /// elements, and the timer drains it.
        case completing
        /// Failed or disposed: nothing more is emitted.
        case stopped
    }

    private let dueTime: TimeInterval
    private let oneEventPerTimer: Bool
    private(set) var phase = Phase.receiving(timerActive: false)
    /// The events waiting for their time, oldest first.
    private var waiting = RingBuffer<(due: RxTime, event: Event<Element>)>()

    /// Creates the state of one subscription.
    ///
    /// - Parameters:
    ///   - dueTime: How long each element and the completion wait, in seconds.
    ///   - oneEventPerTimer: When true, each timer emits at most one event.
    init(dueTime: TimeInterval, oneEventPerTimer: Bool = false) {
        self.dueTime = dueTime
        self.oneEventPerTimer = oneEventPerTimer
    }

    /// The upstream sent `element` at `now`. Returns true if the caller must start
    /// the timer (with the full `dueTime`).
    mutating func elementReceived(_ element: Element, now: RxTime) -> Bool {
        guard case .receiving(let timerActive) = phase else { return false }
        waiting.append((now.addingTimeInterval(dueTime), .next(element)))
        phase = .receiving(timerActive: true)
        return !timerActive
    }

    /// The upstream completed at `now`; completion is delayed like an element.
    /// Returns true if the caller must start the timer.
    mutating func upstreamCompleted(now: RxTime) -> Bool {
        guard case .receiving(let timerActive) = phase else { return false }
        waiting.append((now.addingTimeInterval(dueTime), .completed))
        phase = .completing
        return !timerActive
    }

    /// The upstream failed: the error goes out at once and the waiting events are dropped.
    mutating func upstreamFailed(_ error: any Swift.Error, emit: (Event<Element>) -> Void) {
        guard case .receiving = phase else { return }
        phase = .stopped
        waiting.removeAll()
        emit(.error(error))
    }

    /// The timer fired at `now`: emits the due events. Returns when to start the
    /// next timer (seconds from now), or nil when nothing waits any more.
    mutating func timerFired(now: RxTime, emit: (Event<Element>) -> Void) -> TimeInterval? {
        if case .stopped = phase { return nil }
        while let next = waiting.first, next.due.timeIntervalSince(now) <= timedTolerance {
            _ = waiting.removeFirst()
            emit(next.event)
            if oneEventPerTimer { break }
        }
        if let next = waiting.first { return Swift.max(0, next.due.timeIntervalSince(now)) }
        if case .receiving = phase { phase = .receiving(timerActive: false) }
        waiting.removeAll()
        return nil
    }

    mutating func disposed() {
        phase = .stopped
        waiting.removeAll()
    }
}
