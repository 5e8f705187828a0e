import Foundation

/// What `throttle` does with the events of its upstream and its timer, which may
/// arrive on different threads: a value type kept behind `Locked`. Its methods
/// decide and queue deliveries in the outbox; the sink schedules timers and
/// delivers after unlocking. Times are passed in (`now`), so it runs without a
/// scheduler.
///
/// RxSwift 6.10's rules: an element that arrives `dueTime` or more after the last
/// emitted one is emitted at once. One that arrives sooner is dropped when
/// `latest` is false; when it is true it waits, replacing any element already
/// waiting, and is emitted when the period since the last emission ends. A
/// completion while an element waits is delivered right after that element.
struct ThrottleState<Element> {
    /// What the sink does after an element arrived.
    enum Action {
        /// Nothing more (the element was dropped, or it waits for the running timer).
        case none
        /// Deliver this event (the caller became the deliverer).
        case deliver(Event<Element>)
        /// Start the timer for `generation`, to fire after `delay` seconds.
        case scheduleTimer(after: TimeInterval, generation: UInt64)
    }

    private let dueTime: TimeInterval
    private let latest: Bool
    private var outbox = TimedOutbox<Element>()
    /// When the last element was emitted.
    private var lastEmission: RxTime?
    /// The element waiting for the end of the period (only when `latest`).
    private var waiting: Element?
    /// Identifies the timer that may emit `waiting`; bumped when an element is
    /// emitted directly, so a timer left behind emits nothing.
    private var generation: UInt64 = 0
    /// The upstream completed while an element waited: complete after emitting it.
    private var isCompletionWaiting = false
    /// The upstream ended or the subscription was disposed.
    private(set) var isStopped = false

    init(dueTime: TimeInterval, latest: Bool) {
        self.dueTime = dueTime
        self.latest = latest
    }

    /// The upstream sent `element` at `now`.
    mutating func elementReceived(_ element: Element, now: RxTime) -> Action {
        guard !isStopped else { return .none }
        let remaining = lastEmission.map { dueTime - now.timeIntervalSince($0) } ?? 0
        if remaining <= timedTolerance {
            waiting = nil
            generation &+= 1
            lastEmission = now
            return outbox.send(.next(element)).map(Action.deliver) ?? .none
        }
        guard latest else { return .none }
        let timerRunning = waiting != nil
        waiting = element
        return timerRunning ? .none : .scheduleTimer(after: remaining, generation: generation)
    }

    /// The timer of `generation` fired at `now`. Returns the event to deliver now, if any.
    mutating func timerFired(generation fired: UInt64, now: RxTime) -> Event<Element>? {
        guard fired == generation, let element = waiting else { return nil }
        waiting = nil
        lastEmission = now
        let first = outbox.send(.next(element))
        guard isCompletionWaiting else { return first }
        isCompletionWaiting = false
        let completion = outbox.send(.completed)
        return first ?? completion
    }

    /// The upstream completed. Returns the event to deliver now, if any.
    mutating func upstreamCompleted() -> Event<Element>? {
        guard !isStopped else { return nil }
        isStopped = true
        guard waiting == nil else {
            isCompletionWaiting = true
            return nil
        }
        return outbox.send(.completed)
    }

    /// The upstream failed: a waiting element is dropped. Returns the event to
    /// deliver now, if any.
    mutating func upstreamFailed(_ error: any Swift.Error) -> Event<Element>? {
        guard !isStopped else { return nil }
        isStopped = true
        waiting = nil
        return outbox.send(.error(error))
    }

    /// The next event for the deliverer, or nil when delivery is over.
    mutating func nextDelivery() -> Event<Element>? {
        outbox.next()
    }

    /// The subscription was disposed: nothing more is delivered.
    mutating func disposed() {
        isStopped = true
        waiting = nil
        isCompletionWaiting = false
        outbox.disposed()
    }
}
