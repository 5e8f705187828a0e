import Rill

/// Scenarios whose cost per subscriber must not grow with the number of
/// subscribers: `n` subscribers join one source, one element reaches them all, and
/// all leave. Run them at two sizes (`Scripts/count.sh` with `SMALL`/`LARGE`, or
/// `--n`) and compare the per-subscriber figures: flat means O(1) per subscriber.
enum ScaleScenarios {
    static let all: [Scenario] = [
        publishInOrder, publishNewestFirst, behaviorInOrder, behaviorNewestFirst, shareInOrder, shareNewestFirst,
        composite, mergeSources,
    ]

    /// In what order the subscribers leave.
    enum DisposalOrder {
        case subscriptionOrder, newestFirst
    }

    /// Runs `body` with a counter starting at 0 and returns its final value.
    static func counting(_ body: (UnsafeMutablePointer<Int>) -> Void) -> Int {
        let counter = UnsafeMutablePointer<Int>.allocate(capacity: 1)
        defer { counter.deallocate() }
        counter.initialize(to: 0)
        body(counter)
        return counter.pointee
    }

    /// `n` subscribers join the observable `make` returns, its send function sends
    /// 1 once, then they are disposed in `order`. Each must have received 1 in
    /// total (a `BehaviorSubject`'s replayed value is 0).
    static func manySubscribers(
        _ name: String, _ order: DisposalOrder,
        _ make: @escaping @Sendable () -> (Observable<Int>, (Int) -> Void)
    ) -> Scenario {
        Scenario(name: name, unit: "subscription", baseline: "closure-subscription", size: 100_000, expected: { $0 }) { n in
            let (source, send) = make()
            return counting { sum in
                var subscriptions: [any Disposable] = []
                subscriptions.reserveCapacity(n)
                for _ in 0..<n { subscriptions.append(source.subscribe(onNext: { sum.pointee &+= $0 })) }
                send(1)
                switch order {
                case .subscriptionOrder: for subscription in subscriptions { subscription.dispose() }
                case .newestFirst: for subscription in subscriptions.reversed() { subscription.dispose() }
                }
            }
        }
    }

    static func publish() -> (Observable<Int>, (Int) -> Void) {
        let subject = PublishSubject<Int>()
        return (subject.asObservable(), subject.onNext)
    }

    static func behavior() -> (Observable<Int>, (Int) -> Void) {
        let subject = BehaviorSubject(value: 0)
        return (subject.asObservable(), subject.onNext)
    }

    /// `share()` over a subject: one connection, `n` subscribers of its subject.
    static func share() -> (Observable<Int>, (Int) -> Void) {
        let subject = PublishSubject<Int>()
        return (subject.share(), subject.onNext)
    }

    static let publishInOrder = manySubscribers("subject-100k-subscribers", .subscriptionOrder, publish)
    static let publishNewestFirst = manySubscribers("subject-100k-subscribers-newest-first", .newestFirst, publish)
    static let behaviorInOrder = manySubscribers("behavior-100k-subscribers", .subscriptionOrder, behavior)
    static let behaviorNewestFirst = manySubscribers("behavior-100k-subscribers-newest-first", .newestFirst, behavior)
    static let shareInOrder = manySubscribers("share-100k-subscribers", .subscriptionOrder, share)
    static let shareNewestFirst = manySubscribers("share-100k-subscribers-newest-first", .newestFirst, share)

    /// Inserts `n` disposables into one `CompositeDisposable`, removes every other
    /// one by key (oldest first), then disposes the group.
    static let composite = Scenario(
        name: "composite-100k", unit: "subscription", baseline: "closure-subscription", size: 100_000, expected: { $0 }
    ) { n in
        counting { count in
            let group = CompositeDisposable()
            var keys: [CompositeDisposable.DisposeKey] = []
            keys.reserveCapacity(n)
            for _ in 0..<n {
                if let key = group.insert(Disposables.create { count.pointee += 1 }) { keys.append(key) }
            }
            for index in stride(from: 0, to: keys.count, by: 2) { group.remove(for: keys[index]) }
            group.dispose()
        }
    }

    /// Merges `n` subjects, sends one element through each (so every inner is
    /// alive when it emits), then completes them in subscription order.
    static let mergeSources = Scenario(
        name: "merge-10k-sources", unit: "subscription", baseline: "closure-subscription", size: 10_000, expected: { $0 }
    ) { n in
        counting { sum in
            let subjects = (0..<n).map { _ in PublishSubject<Int>() }
            let merged = Observable.merge(subjects.map { $0.asObservable() })
            let subscription = merged.subscribe(onNext: { sum.pointee &+= $0 })
            for subject in subjects { subject.onNext(1) }
            for subject in subjects { subject.onCompleted() }
            subscription.dispose()
        }
    }
}
