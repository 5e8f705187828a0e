import Foundation

/// The part every timer-driven operator's sink shares: the downstream, the
/// scheduler, the timer and the upstream subscription, and the loop that
/// delivers what the state machine queued in its `TimedOutbox`.
///
/// A subclass keeps its state machine in `Locked`, decides each event under the
/// lock, and passes the event it must deliver (if any) to `deliver(_:)` after
/// unlocking.
class TimedSink<Upstream, Element>: Sink<Upstream>, Disposable, @unchecked Sendable {
    // Sendable: `timer` and `upstream` are thread-safe disposables; the subclass's
    // state is behind its lock; `downstream` is called only by the deliverer the
    // outbox chose, one event at a time.
    let downstream: Sink<Element>
    let scheduler: any SchedulerType
    /// The pending timer; replacing it cancels the previous one.
    let timer = SerialDisposable()
    /// The upstream subscription, disposed as soon as the upstream ends (as in
    /// RxSwift, even when the downstream's terminal event comes later).
    let upstream = SingleAssignmentDisposable()

    init(scheduler: any SchedulerType, downstream: Sink<Element>) {
        self.scheduler = scheduler
        self.downstream = downstream
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

    /// The next event the state machine queued, or nil when delivery is over.
    /// Subclasses override it to take the lock and call their outbox's `next()`.
    func nextDelivery() -> Event<Element>? {
        fatalError("Internal inconsistency: \(type(of: self)) does not override nextDelivery()")
    }

    /// Tells the state machine that the subscription was disposed. Subclasses
    /// override it to take the lock and stop the state machine.
    func stateDisposed() {
        fatalError("Internal inconsistency: \(type(of: self)) does not override stateDisposed()")
    }

    /// Delivers `first`, if the caller became the deliverer, then every event
    /// queued meanwhile. A terminal event disposes the subscription.
    final func deliver(_ first: Event<Element>?) {
        guard var event = first else { return }
        while true {
            switch event {
            case .next(let element):
                downstream.onNext(element)
            case .error(let error):
                downstream.onError(error)
                return dispose()
            case .completed:
                downstream.onCompleted()
                return dispose()
            }
            guard let next = nextDelivery() else { return }
            event = next
        }
    }

    final func dispose() {
        stateDisposed()
        timer.dispose()
        upstream.dispose()
    }
}

/// How close (in seconds) two times must be to count as the same instant: the
/// scheduler's clock and times computed from it go through `Date`'s floating
/// point, and a due time a rounding error late must not cost a timer tick.
let timedTolerance: TimeInterval = 0.000_001
