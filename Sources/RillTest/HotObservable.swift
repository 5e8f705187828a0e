import Rill

/// A test observable whose events happen at absolute virtual times, whether or
/// not anyone is subscribed: a subscriber gets the events from its subscription
/// time until it disposes.
final class HotObservable<Element>: TestableObservable<Element>, @unchecked Sendable {
    // Sendable: `observers` is behind its lock; delivery happens after releasing it.
    // Subscribing and disposing are O(1) amortised at any subscriber count.
    private let observers = TestLock(KeyedSlots<AnyObserver<Element>>())

    override init(testScheduler: TestScheduler, recordedEvents: [Recorded<Event<Element>>]) {
        super.init(testScheduler: testScheduler, recordedEvents: recordedEvents)
        // The scheduled actions keep this observable alive until they have run, as
        // RxTest's do; this observable holds the scheduler weakly, so no cycle.
        for recorded in recordedEvents {
            testScheduler.scheduleAt(recorded.time) { self.deliver(recorded.value) }
        }
    }

    /// Sends `event` to the observers subscribed now, in subscription order.
    private func deliver(_ event: Event<Element>) {
        let current = observers.withLock { $0.slots }
        for slot in current {
            slot.value?.on(event)
        }
    }

    override func subscribe<Observer: ObserverType>(_ observer: Observer) -> any Disposable
        where Observer.Element == Element {
        let index = recordSubscription(at: requireScheduler().clock)
        let key = observers.withLock { $0.append(AnyObserver(observer)) }
        return Disposables.create { [weak self] in
            guard let self else { return }
            let removed = observers.withLock { $0.remove(key) }
            withExtendedLifetime(removed) {}    // released after the lock
            recordUnsubscription(at: index)
        }
    }
}
