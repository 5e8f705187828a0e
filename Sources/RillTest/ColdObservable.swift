import Rill

/// A test observable that replays its events for each subscriber, at times
/// relative to that subscription: `.next(10, x)` arrives 10 ticks after subscribing.
final class ColdObservable<Element>: TestableObservable<Element>, @unchecked Sendable {
    // Sendable: adds no state to TestableObservable; each subscription's scheduled
    // deliveries are owned by the disposable it returns.

    override func subscribe<Observer: ObserverType>(_ observer: Observer) -> any Disposable
        where Observer.Element == Element {
        let scheduler = requireScheduler()
        let index = recordSubscription(at: scheduler.clock)
        let deliveries = recordedEvents.map { recorded in
            scheduler.scheduleRelativeVirtual((), dueTime: recorded.time) { _ in
                observer.on(recorded.value)
                return Disposables.create()
            }
        }
        return Disposables.create { [weak self] in
            self?.recordUnsubscription(at: index)
            for delivery in deliveries { delivery.dispose() }
        }
    }
}
