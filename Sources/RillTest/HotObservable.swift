import Rill

/// A test observable whose events happen at absolute virtual times, whether or
/// not anyone is subscribed: a subscriber gets the events from its subscription
/// time until it disposes.
final class HotObservable<Element>: TestableObservable<Element>, @unchecked Sendable {
    // Sendable: `observers` is behind its lock; delivery happens after releasing it.
    private struct Observers {
        var entries: [(key: Int, observer: AnyObserver<Element>)] = []
        var nextKey = 0
        /// The keys of the subscriptions that end at their first terminal event,
        /// with their index in the subscription log.
        var endingAtTerminalEvent: [Int: Int] = [:]
    }

    private let observers = TestLock(Observers())

    override init(testScheduler: TestScheduler, recordedEvents: [Recorded<Event<Element>>]) {
        super.init(testScheduler: testScheduler, recordedEvents: recordedEvents)
        // The scheduled actions keep this observable alive until they have run, as
        // RxTest's do; this observable holds the scheduler weakly, so no cycle.
        for recorded in recordedEvents {
            testScheduler.scheduleAt(recorded.time) { self.deliver(recorded.value) }
        }
    }

    /// Sends `event` to the observers subscribed now, in subscription order. A
    /// subscription that ends at its terminal event ends right after receiving it.
    private func deliver(_ event: Event<Element>) {
        let current = observers.withLock { $0.entries }
        for (key, observer) in current {
            observer.on(event)
            if event.isStopEvent { endSubscription(key, onlyIfEndingAtTerminalEvent: true) }
        }
    }

    override func subscribe(_ observer: AnyObserver<Element>, endingAtTerminalEvent: Bool) -> any Disposable {
        let index = recordSubscription(at: requireScheduler().clock)
        let key = observers.withLock { observers in
            defer { observers.nextKey += 1 }
            observers.entries.append((observers.nextKey, observer))
            observers.endingAtTerminalEvent[observers.nextKey] = endingAtTerminalEvent ? index : nil
            return observers.nextKey
        }
        return Disposables.create { [weak self] in
            self?.endSubscription(key, index: index)
        }
    }

    /// Removes the subscription `key` and logs its end, once.
    private func endSubscription(_ key: Int, index: Int? = nil, onlyIfEndingAtTerminalEvent: Bool = false) {
        let ended = observers.withLock { observers -> Int? in
            let endingIndex = observers.endingAtTerminalEvent.removeValue(forKey: key)
            if onlyIfEndingAtTerminalEvent && endingIndex == nil { return nil }
            guard let position = observers.entries.firstIndex(where: { $0.key == key }) else { return nil }
            observers.entries.remove(at: position)
            return endingIndex ?? index
        }
        if let ended { recordUnsubscription(at: ended) }
    }
}
