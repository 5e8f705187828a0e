import Rill

/// The connectable operators, beside `share-replay-10sub` (SubjectScenarios), and
/// replay by time.
enum SharingScenarios {
    static let all = [publishRefCount10, shareReplayWindow10]

    /// One element through `publish().refCount()` to ten subscribers: the source
    /// sink, the connection, the subject, then each subscriber's refCount sink.
    static let publishRefCount10 = Scenario(
        name: "publish-refcount-10sub", unit: "onNext (10 deliveries)", baseline: "closure-fanout-10", size: 500_000,
        expected: { 10 * SubjectScenarios.triangle($0) }
    ) { n in
        let subject = PublishSubject<Int>()
        return SubjectScenarios.summing(subscribers: 10, to: subject.publish().refCount()) {
            for i in 0..<n { subject.onNext(i) }
        }
    }

    /// `share-replay-10sub` with a window: each element also reads the clock
    /// (`Date()`, through a dispatch queue scheduler) and the buffer checks its age.
    static let shareReplayWindow10 = Scenario(
        name: "share-replay-window-10sub", unit: "onNext (10 deliveries)", baseline: "closure-fanout-10", size: 500_000,
        expected: { 10 * SubjectScenarios.triangle($0) }
    ) { n in
        let subject = PublishSubject<Int>()
        let clock = SerialDispatchQueueScheduler(qos: .default)
        let shared = subject.share(replay: 1, window: .seconds(60), scheduler: clock)
        return SubjectScenarios.summing(subscribers: 10, to: shared) {
            for i in 0..<n { subject.onNext(i) }
        }
    }
}
