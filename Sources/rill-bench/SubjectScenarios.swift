import Dispatch
import Rill

/// Scenarios over subjects and operators with several inputs.
enum SubjectScenarios {
    static let all: [Scenario] = [publish1, publish10, merge4, zip2, combineLatest2, shareReplay10, observeOnSerial]

    /// Sum of 0..<n: what the subject scenarios add up per subscriber.
    static func triangle(_ n: Int) -> Int { n * (n - 1) / 2 }

    static let publish1 = Scenario(
        name: "publish-1sub", unit: "element", baseline: "closure-loop", size: 2_000_000, expected: triangle
    ) { n in
        let subject = PublishSubject<Int>()
        return summing(subscribers: 1, to: subject.asObservable()) {
            for i in 0..<n { subject.onNext(i) }
        }
    }

    static let publish10 = Scenario(
        name: "publish-10sub", unit: "onNext (10 deliveries)", baseline: "closure-fanout-10", size: 500_000,
        expected: { 10 * triangle($0) }
    ) { n in
        let subject = PublishSubject<Int>()
        return summing(subscribers: 10, to: subject.asObservable()) {
            for i in 0..<n { subject.onNext(i) }
        }
    }

    static let shareReplay10 = Scenario(
        name: "share-replay-10sub", unit: "onNext (10 deliveries)", baseline: "closure-fanout-10", size: 500_000,
        expected: { 10 * triangle($0) }
    ) { n in
        let subject = PublishSubject<Int>()
        return summing(subscribers: 10, to: subject.share(replay: 1)) {
            for i in 0..<n { subject.onNext(i) }
        }
    }

    static let zip2 = Scenario(
        name: "zip-2-subjects", unit: "pair", baseline: "closure-pair", size: 1_000_000,
        expected: { 2 * triangle($0) }
    ) { n in
        let left = PublishSubject<Int>(), right = PublishSubject<Int>()
        return summing(subscribers: 1, to: Observable.zip(left, right) { $0 + $1 }) {
            for i in 0..<n {
                left.onNext(i)
                right.onNext(i)
            }
        }
    }

    static let merge4 = Scenario(
        name: "merge-4-subjects", unit: "element", baseline: "closure-loop", size: 1_000_000, expected: triangle
    ) { n in
        let subjects = (0..<4).map { _ in PublishSubject<Int>() }
        return summing(subscribers: 1, to: Observable.merge(subjects.map { $0.asObservable() })) {
            for i in 0..<n { subjects[i & 3].onNext(i) }
        }
    }

    static let combineLatest2 = Scenario(
        name: "combineLatest-2-subjects", unit: "pair", baseline: "closure-pair", size: 1_000_000,
        expected: { n in n <= 0 ? 0 : triangle(2 * n - 1) }
    ) { n in
        // Sending a[i] then b[i] emits a[i] + b[i-1] (from i = 1) and a[i] + b[i]:
        // every number from 0 to 2n - 2 once.
        let left = PublishSubject<Int>(), right = PublishSubject<Int>()
        return summing(subscribers: 1, to: Observable.combineLatest(left, right) { $0 + $1 }) {
            for i in 0..<n {
                left.onNext(i)
                right.onNext(i)
            }
        }
    }

    /// Bursts of `burstSize` elements sent into `observe(on: SerialDispatchQueueScheduler)`.
    /// Each burst is sent while the queue is held by a gate action, so it is delivered
    /// by exactly one drain: the count is the same on every run (under valgrind, which
    /// serialises threads, free-running threads made it depend on when the drain ran).
    static let observeOnSerial = Scenario(
        name: "observe-on-serial", unit: "element", baseline: "closure-loop", size: 1_000_000, expected: triangle
    ) { n in
        let subject = PublishSubject<Int>()
        let scheduler = SerialDispatchQueueScheduler(qos: .userInitiated)
        let delivered = DispatchSemaphore(value: 0)
        let sum = UnsafeMutablePointer<Int>.allocate(capacity: 1)
        defer { sum.deallocate() }
        sum.initialize(to: 0)
        let subscription = subject.observe(on: scheduler)
            .subscribe(onNext: { value in
                sum.pointee &+= value
                if value % burstSize == burstSize - 1 || value == n - 1 { delivered.signal() }
            })
        var next = 0
        while next < n {
            let gate = DispatchSemaphore(value: 0)
            _ = scheduler.schedule(()) { _ in
                gate.wait()
                return Disposables.create()
            }
            let end = Swift.min(next + burstSize, n)
            while next < end {
                subject.onNext(next)
                next += 1
            }
            gate.signal()
            delivered.wait()
        }
        subscription.dispose()
        return sum.pointee
    }

    /// How many elements the scheduler scenarios send per burst.
    static let burstSize = 1_000

    /// Subscribes `subscribers` summing subscribers to `source`, runs `send`, and
    /// returns the total they received.
    static func summing(subscribers: Int, to source: Observable<Int>, send: () -> Void) -> Int {
        let sum = UnsafeMutablePointer<Int>.allocate(capacity: 1)
        defer { sum.deallocate() }
        sum.initialize(to: 0)
        let subscriptions = (0..<subscribers).map { _ in source.subscribe(onNext: { sum.pointee &+= $0 }) }
        send()
        subscriptions.forEach { $0.dispose() }
        return sum.pointee
    }
}
