import Rill

/// The subscriptions apps make: a screen or a table cell binds to a subject, a
/// relay chain or a shared stream, receives what it needs, then leaves. Each unit
/// is one subscription made, served and disposed on a source that lives on.
enum SubscriptionScenarios {
    static let all: [Scenario] = [
        publishSubscribeDispose, behaviorSubscribeDispose, relayChainSubscribeDispose, shareSubscribeDispose,
        observeOnSubscribeDispose,
    ]

    /// `PublishSubject`: subscribe a closure, one `onNext`, dispose.
    static let publishSubscribeDispose = Scenario(
        name: "publish-subscribe-dispose", unit: "subscription", baseline: "closure-subscription", size: 500_000,
        expected: { $0 }
    ) { n in
        let subject = PublishSubject<Int>()
        return summing { sum in
            for _ in 0..<n {
                let subscription = subject.subscribe(onNext: { sum.pointee &+= $0 })
                subject.onNext(1)
                subscription.dispose()
            }
        }
    }

    /// `BehaviorSubject(value: 1)`: subscribe (receives the value), dispose.
    static let behaviorSubscribeDispose = Scenario(
        name: "behavior-subscribe-dispose", unit: "subscription", baseline: "closure-subscription", size: 500_000,
        expected: { $0 }
    ) { n in
        let subject = BehaviorSubject(value: 1)
        return summing { sum in
            for _ in 0..<n {
                subject.subscribe(onNext: { sum.pointee &+= $0 }).dispose()
            }
        }
    }

    /// `BehaviorRelay(value: 1).asObservable().map { $0 + 1 }.distinctUntilChanged()`,
    /// built and subscribed per unit (receives 2), disposed.
    static let relayChainSubscribeDispose = Scenario(
        name: "relay-chain-subscribe-dispose", unit: "subscription", baseline: "closure-subscription", size: 500_000,
        expected: { 2 * $0 }
    ) { n in
        let relay = BehaviorRelay(value: 1)
        return summing { sum in
            for _ in 0..<n {
                relay.asObservable()
                    .map { $0 + 1 }
                    .distinctUntilChanged()
                    .subscribe(onNext: { sum.pointee &+= $0 })
                    .dispose()
            }
        }
    }

    /// `subject.observe(on: scheduler).subscribe(onNext:)`, disposed at once: what a
    /// screen does before it touches its views. Nothing is emitted, so nothing hops
    /// (the checksum: nothing was delivered); the unit is the subscription's own cost.
    static let observeOnSubscribeDispose = Scenario(
        name: "observe-on-subscribe-dispose", unit: "subscription", baseline: "closure-subscription", size: 200_000,
        expected: { _ in 0 }
    ) { n in
        let subject = PublishSubject<Int>()
        let scheduler = SerialDispatchQueueScheduler(qos: .userInitiated)
        return summing { sum in
            for _ in 0..<n {
                subject.observe(on: scheduler).subscribe(onNext: { sum.pointee &+= $0 }).dispose()
            }
        }
    }

    /// Joins a connected `subject.share(replay: 1)` (receives the replayed 1), leaves.
    /// A first subscriber keeps the connection up throughout.
    static let shareSubscribeDispose = Scenario(
        name: "share-subscribe-dispose", unit: "subscription", baseline: "closure-subscription", size: 500_000,
        expected: { $0 }
    ) { n in
        let subject = PublishSubject<Int>()
        let shared = subject.share(replay: 1)
        let keeper = shared.subscribe(onNext: { _ in })
        subject.onNext(1)
        defer { keeper.dispose() }
        return summing { sum in
            for _ in 0..<n {
                shared.subscribe(onNext: { sum.pointee &+= $0 }).dispose()
            }
        }
    }
}
