import Foundation

/// The state machine of a timer-driven operator (`debounce`, `throttle`,
/// `delay`): a value type the sink keeps behind `Locked`, whose methods are named
/// for what happened and hand the events to emit, in order, to an `emit` closure.
protocol TimedState: ~Copyable {
    /// The subscription was disposed: nothing more is emitted, and what waits is dropped.
    mutating func disposed()
}

/// The part every timer-driven operator's sink shares: the state machine behind
/// its lock, the serial delivery to the downstream, the scheduler, the timer and
/// the upstream subscription.
///
/// Events come from the upstream's thread and from timer callbacks on the
/// scheduler's thread. A subclass decides each event in its state machine under
/// the lock with `emit(_:)`, which claims or queues each event it emits in the
/// same critical section (`SerialDeliverer.offer`), so the order of decisions is
/// the order of delivery, and delivers after unlocking. Once the terminal event
/// went out the subscription disposes itself (timer and upstream), as RxSwift's
/// sinks do.
class TimedSink<Upstream, Element, State: TimedState & ~Copyable>: Sink<Upstream>, Disposable, @unchecked Sendable {
    // Sendable: `state` is behind its lock; `delivery`, `timer` and `upstream`
    // are thread-safe.
    let state: Locked<State>
    let delivery: SerialDeliverer<Element>
    let scheduler: any SchedulerType
    /// The pending timer; replacing it cancels the previous one.
    let timer = SerialDisposable()
    /// The upstream subscription, disposed as soon as the upstream ends (as in
    /// RxSwift, even when the downstream's terminal event comes later).
    let upstream = SingleAssignmentDisposable()

    init(state: consuming State, scheduler: any SchedulerType, downstream: Sink<Element>) {
        self.state = Locked(state)
        self.scheduler = scheduler
        delivery = SerialDeliverer(downstream: downstream)
    }

    /// Subscribes the upstream and returns this sink as the subscription.
    final func start(_ source: Observable<Upstream>) -> any Disposable {
        upstream.setDisposable(source.run(self))
        return self
    }

    /// Runs `fired` with `value` after `dueTime` on the scheduler, replacing
    /// (cancelling) the pending timer.
    final func scheduleTimer<Value>(_ value: Value, after dueTime: RxTimeInterval, _ fired: @escaping (Value) -> Void) {
        timer.disposable = scheduler.scheduleRelative(value, dueTime: dueTime) { value in
            fired(value)
            return Disposables.create()
        }
    }

    /// Runs `decide` on the state under its lock, claiming or queueing each event
    /// it emits in that order, then delivers what this caller claimed (and what
    /// others queued meanwhile) after unlocking. Returns what `decide` returned.
    @discardableResult
    final func emit<Result>(_ decide: (inout State, (Event<Element>) -> Void) -> Result) -> Result {
        let (claimed, result) = claim(decide)
        deliver(claimed)
        return result
    }

    /// The first half of `emit(_:)`: runs `decide` under the lock and returns the
    /// event this caller claimed, for `deliver(_:)` after other work.
    final func claim<Result>(_ decide: (inout State, (Event<Element>) -> Void) -> Result) -> (Event<Element>?, Result) {
        delivery.claim(under: state, decide)
    }

    /// The second half of `emit(_:)`: delivers a claimed event and what was
    /// queued meanwhile; disposes the subscription once the terminal event went out.
    final func deliver(_ claimed: Event<Element>?) {
        if let claimed, delivery.deliverClaimed(claimed) { dispose() }
    }

    final func dispose() {
        state.withLock { $0.disposed() }
        delivery.dispose()
        timer.dispose()
        upstream.dispose()
    }
}

/// How close (in seconds) two times must be to count as the same instant: the
/// scheduler's clock and times computed from it go through `Date`'s floating
/// point, and a due time a rounding error late must not cost a timer tick.
let timedTolerance: TimeInterval = 0.000_001
