import Foundation

/// What `delay` does with the events of its upstream and its timer, which may
/// arrive on different threads: a value type kept behind `Locked`. Times are
/// passed in (`now`), so it runs without a scheduler.
///
/// Elements and completion wait in a queue, each with the time it is due. One
/// timer at a time drains it: when it fires it hands every due event to the
/// outbox, in order, and asks for the next timer if events are still waiting.
/// An error skips the queue (RxSwift 6.10: errors are not delayed) and drops what
/// is waiting. With `oneEventPerTimer` (virtual time) each timer hands out one
/// event, as RxSwift's does, and the next timer fires when the next event is due
/// or, if that is already past, as soon as the scheduler allows.
struct DelayState<Element> {
    /// What the timer's callback does after handing due events out.
    struct TimerStep {
        /// The event to deliver now, if the caller became the deliverer.
        var deliver: Event<Element>?
        /// When set, start the next timer to fire after this many seconds.
        var scheduleTimer: TimeInterval?
    }

    private let dueTime: TimeInterval
    private let oneEventPerTimer: Bool
    private var outbox = TimedOutbox<Element>()
    private var waiting: ContiguousArray<(due: RxTime, event: Event<Element>)> = []
    private var head = 0
    /// A timer is scheduled (or its callback is running).
    private var isTimerActive = false
    /// The upstream ended or the subscription was disposed.
    private(set) var isStopped = false

    /// Creates the state of one subscription.
    ///
    /// - Parameters:
    ///   - dueTime: How long each element and the completion wait, in seconds.
    ///   - oneEventPerTimer: When true, each timer hands out at most one event.
    init(dueTime: TimeInterval, oneEventPerTimer: Bool = false) {
        self.dueTime = dueTime
        self.oneEventPerTimer = oneEventPerTimer
    }

    /// The upstream sent `element` at `now`. Returns true if the caller must start
    /// the timer (with the full `dueTime`).
    mutating func elementReceived(_ element: Element, now: RxTime) -> Bool {
        enqueue(.next(element), now: now)
    }

    /// The upstream completed at `now`; completion is delayed like an element.
    /// Returns true if the caller must start the timer.
    mutating func upstreamCompleted(now: RxTime) -> Bool {
        defer { isStopped = true }
        return enqueue(.completed, now: now)
    }

    /// The upstream failed: the error goes out at once and the waiting events are
    /// dropped. Returns the event to deliver now, if any.
    mutating func upstreamFailed(_ error: any Swift.Error) -> Event<Element>? {
        guard !isStopped else { return nil }
        isStopped = true
        dropWaiting()
        return outbox.send(.error(error))
    }

    /// The timer fired at `now`.
    mutating func timerFired(now: RxTime) -> TimerStep {
        var step = TimerStep()
        while head < waiting.count, waiting[head].due.timeIntervalSince(now) <= timedTolerance {
            let event = waiting[head].event
            head += 1
            if let first = outbox.send(event), step.deliver == nil { step.deliver = first }
            if oneEventPerTimer { break }
        }
        if head < waiting.count {
            step.scheduleTimer = Swift.max(0, waiting[head].due.timeIntervalSince(now))
        } else {
            isTimerActive = false
            dropWaiting()
        }
        return step
    }

    /// The next event for the deliverer, or nil when delivery is over.
    mutating func nextDelivery() -> Event<Element>? {
        outbox.next()
    }

    /// The subscription was disposed: nothing more is delivered.
    mutating func disposed() {
        isStopped = true
        dropWaiting()
        outbox.disposed()
    }

    private mutating func enqueue(_ event: Event<Element>, now: RxTime) -> Bool {
        guard !isStopped else { return false }
        waiting.append((now.addingTimeInterval(dueTime), event))
        guard !isTimerActive else { return false }
        isTimerActive = true
        return true
    }

    private mutating func dropWaiting() {
        waiting.removeAll(keepingCapacity: waiting.capacity <= 64)
        head = 0
    }
}
