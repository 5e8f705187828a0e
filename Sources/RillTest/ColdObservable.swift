import Rill

/// A test observable that replays its events for each subscriber, at times
/// relative to that subscription: `.next(10, x)` arrives 10 ticks after subscribing.
final class ColdObservable<Element>: TestableObservable<Element>, @unchecked Sendable {
    // Sendable: adds no state to TestableObservable; each subscription's scheduled
    // deliveries are owned by the disposable it returns.

    override func subscribe(_ observer: AnyObserver<Element>, endingAtTerminalEvent: Bool) -> any Disposable {
        let scheduler = requireScheduler()
        let index = recordSubscription(at: scheduler.clock)
        let deliveries = CompositeDisposable()
        let ended = TestLock(false)
        let end = { [weak self] in
            guard ended.withLock({ ended in defer { ended = true }; return !ended }) else { return }
            self?.recordUnsubscription(at: index)
            deliveries.dispose()
        }
        for recorded in recordedEvents {
            let delivery = scheduler.scheduleRelativeVirtual((), dueTime: recorded.time) { _ in
                observer.on(recorded.value)
                if endingAtTerminalEvent && recorded.value.isStopEvent { end() }
                return Disposables.create()
            }
            _ = deliveries.insert(delivery)
        }
        return Disposables.create(with: end)
    }
}
