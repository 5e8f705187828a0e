import Rill

/// A test observable whose events happen at absolute virtual times, whether or
/// not anyone is subscribed: a subscriber gets the events from its subscription
/// time until it disposes.
final class HotObservable<Element>: TestableObservable<Element>, @unchecked Sendable {
    // Sendable: `observers` is behind its lock; delivery happens after releasing it.
    /// A subscriber, the index of its subscription in the log, and whether that
    /// subscription ends at its first terminal event.
    private struct Entry {
        let observer: AnyObserver<Element>
        let subscriptionIndex: Int
        let endsAtTerminalEvent: Bool
    }

    // Subscribing and disposing are O(1) amortised at any subscriber count.
    private let observers = TestLock(KeyedSlots<Entry>())

    override init(testScheduler: TestScheduler, recordedEvents: [Recorded<Event<Element>>]) {
        super.init(testScheduler: testScheduler, recordedEvents: recordedEvents)
        // The scheduled actions keep this observable alive until they have run, as
        // RxTest's do; this observable holds the scheduler weakly, so no cycle.
        for recorded in recordedEvents {
            testScheduler.scheduleAt(recorded.time) { self.deliver(recorded.value) }
        }
    }

    /// Sends `event` to the observers subscribed now, in RxTest's order (RxSwift's
    /// `Bag`: the first subscriber or the newest that took its place, then the
    /// others in subscription order; see `KeyedSlots`). A
    /// subscription that ends at its terminal event ends right after receiving it.
    ///
    /// Such a subscription (through `asObservable()`, as every operator subscribes)
    /// has a sink of its own in RxTest, which drops what comes after it was disposed:
    /// one that an earlier subscriber's delivery disposed gets nothing more. A
    /// direct subscriber gets the event, as RxTest calls every subscriber it had.
    private func deliver(_ event: Event<Element>) {
        let current = observers.withLock { $0.slots }
        for slot in current {
            guard let entry = slot.value else { continue }
            if entry.endsAtTerminalEvent, !observers.withLock({ $0.contains(slot.key) }) { continue }
            entry.observer.on(event)
            if event.isStopEvent, entry.endsAtTerminalEvent {
                endSubscription(slot.key)
            }
        }
    }

    override func subscribe(_ observer: AnyObserver<Element>, endingAtTerminalEvent: Bool) -> any Disposable {
        let index = recordSubscription(at: requireScheduler().clock)
        let entry = Entry(observer: observer, subscriptionIndex: index, endsAtTerminalEvent: endingAtTerminalEvent)
        let key = observers.withLock { $0.append(entry) }
        return Disposables.create { [weak self] in
            self?.endSubscription(key)
        }
    }

    /// Removes the subscription `key` and logs its end, once: at its terminal event
    /// when it ends there, otherwise when it is disposed.
    private func endSubscription(_ key: UInt64) {
        guard let removed = observers.withLock({ $0.remove(key) }) else { return }
        recordUnsubscription(at: removed.subscriptionIndex)
    }
}
