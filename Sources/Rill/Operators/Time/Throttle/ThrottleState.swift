import Foundation

/// What `throttle` does with the events of its upstream and its timer, which may
/// arrive on different threads: a value type kept behind `Locked`. Its methods
/// decide and hand the events to emit to `emit`; the sink schedules timers and
/// delivers after unlocking. Times are passed in (`now`), so it runs without a
/// scheduler.
///
/// RxSwift 6.10's rules: an element that arrives `dueTime` or more after the last
/// emitted one is emitted at once. One that arrives sooner is dropped when
/// `latest` is false; when it is true it waits, replacing any element already
/// waiting, and is emitted when the period since the last emission ends. A
/// completion while an element waits is delivered right after that element.
struct ThrottleState<Element>: TimedState {
    enum Phase {
        /// Running, no element waiting.
        case open
        /// Running; this element waits for the timer (only when `latest`).
        case waiting(Element)
        /// The upstream completed while this element waited: the timer emits it,
        /// then completes.
        case completing(after: Element)
        /// Ended or disposed: nothing more is emitted.
        case stopped
    }

    /// The timer the sink starts after an element.
    struct Timer {
        /// Seconds until the period since the last emission ends.
        let delay: TimeInterval
        let generation: UInt64
    }

    private let dueTime: TimeInterval
    private let latest: Bool
    private(set) var phase = Phase.open
    /// When the last element was emitted.
    private var lastEmission: RxTime?
    /// Identifies the timer that may emit the waiting element; bumped when an
    /// element is emitted directly, so a timer left behind emits nothing.
    private var generation: UInt64 = 0

    init(dueTime: TimeInterval, latest: Bool) {
        self.dueTime = dueTime
        self.latest = latest
    }

    /// The upstream sent `element` at `now`. Returns the timer to start, if the
    /// element now waits and no timer runs for it yet.
    mutating func elementReceived(_ element: Element, now: RxTime, emit: (Event<Element>) -> Void) -> Timer? {
        let timerRunning: Bool
        switch phase {
        case .open: timerRunning = false
        case .waiting: timerRunning = true
        case .completing, .stopped: return nil
        }
        let remaining = lastEmission.map { dueTime - now.timeIntervalSince($0) } ?? 0
        if remaining <= timedTolerance {
            phase = .open
            generation &+= 1
            lastEmission = now
            emit(.next(element))
            return nil
        }
        guard latest else { return nil }
        phase = .waiting(element)
        return timerRunning ? nil : Timer(delay: remaining, generation: generation)
    }

    /// The timer of `generation` fired at `now`: the waiting element goes out
    /// (then completion, if the upstream completed meanwhile).
    mutating func timerFired(generation fired: UInt64, now: RxTime, emit: (Event<Element>) -> Void) {
        guard fired == generation else { return }
        switch phase {
        case .waiting(let element):
            phase = .open
            lastEmission = now
            emit(.next(element))
        case .completing(let element):
            phase = .stopped
            emit(.next(element))
            emit(.completed)
        case .open, .stopped:
            return
        }
    }

    /// The upstream completed: at once, or after the waiting element.
    mutating func upstreamCompleted(emit: (Event<Element>) -> Void) {
        switch phase {
        case .open:
            phase = .stopped
            emit(.completed)
        case .waiting(let element):
            phase = .completing(after: element)
        case .completing, .stopped:
            return
        }
    }

    /// The upstream failed: a waiting element is dropped.
    mutating func upstreamFailed(_ error: any Swift.Error, emit: (Event<Element>) -> Void) {
        switch phase {
        case .open, .waiting:
            phase = .stopped
            emit(.error(error))
        case .completing, .stopped:
            return
        }
    }

    mutating func disposed() {
        phase = .stopped
    }
}
