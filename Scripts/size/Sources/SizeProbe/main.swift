// The binary-size probe: the rill-bench scenarios that RxSwift 6.10 can also express, in
// one program whose source compiles against either library with only the imports changed
// (Scripts/size.sh rewrites them to RxSwift, RxRelay and RxBlocking in a copy in /tmp).
// It runs too, so nothing it uses can be left out as dead code:
//
//   SizeProbe [N]    runs every scenario with N units (default 1,000) and checks each sum
import Dispatch
import Rill
import RillBlocking

/// Sum of 0..<n.
func triangle(_ n: Int) -> Int { n * (n - 1) / 2 }

/// Sum of the even numbers among 1...n: what every map-filter scenario adds up.
func evenSum(_ n: Int) -> Int { (n / 2) * (n / 2 + 1) }

/// A counter that opaque closures add to.
func summing(_ body: (UnsafeMutablePointer<Int>) -> Void) -> Int {
    let sum = UnsafeMutablePointer<Int>.allocate(capacity: 1)
    defer { sum.deallocate() }
    sum.initialize(to: 0)
    body(sum)
    return sum.pointee
}

/// `source.map { $0 + 1 }.filter { $0 % 2 == 0 }` summed in `subscribe(onNext:)`.
func mapFilterSum(_ source: Observable<Int>) -> Int {
    summing { sum in
        source.map { $0 + 1 }.filter { $0 % 2 == 0 }
            .subscribe(onNext: { sum.pointee &+= $0 })
            .dispose()
    }
}

/// Subscribes `subscribers` summing subscribers to `source`, runs `send`, disposes them.
func summing(subscribers: Int, to source: Observable<Int>, send: () -> Void) -> Int {
    summing { sum in
        let subscriptions = (0..<subscribers).map { _ in source.subscribe(onNext: { sum.pointee &+= $0 }) }
        send()
        subscriptions.forEach { $0.dispose() }
    }
}

/// Runs an async body to completion from synchronous code.
func blockOn(_ body: @escaping @Sendable () async -> Int) -> Int {
    let done = DispatchSemaphore(value: 0)
    let result = UnsafeMutablePointer<Int>.allocate(capacity: 1)
    defer { result.deallocate() }
    nonisolated(unsafe) let out = result
    Task.detached {
        out.initialize(to: await body())
        done.signal()
    }
    done.wait()
    return result.pointee
}

/// The scenarios, made in a nonisolated function: closures written at the top level of
/// main.swift are isolated to the main actor, and observe-on-serial calls one elsewhere.
nonisolated func makeScenarios() -> [(name: String, expected: (Int) -> Int, run: (Int) -> Int)] { [
    ("range-map-filter", evenSum, { n in mapFilterSum(Observable.range(start: 0, count: n)) }),
    ("from-array-map-filter", evenSum, { n in mapFilterSum(Observable.from(Array(0..<n))) }),
    ("create-map-filter", evenSum, { n in
        mapFilterSum(Observable<Int>.create { observer in
            for i in 0..<n { observer.onNext(i) }
            observer.onCompleted()
            return Disposables.create()
        })
    }),
    ("scan-distinct-take", { n in let m = n / 2; return (m - 1) * m * (m + 1) / 6 }, { n in
        summing { sum in
            Observable.range(start: 0, count: n)
                .scan(0, accumulator: +)
                .distinctUntilChanged()
                .take(n / 2)
                .subscribe(onNext: { sum.pointee &+= $0 })
                .dispose()
        }
    }),
    ("subscribe-dispose", { $0 }, { n in
        summing { sum in
            for _ in 0..<n { Observable.just(1).subscribe(onNext: { sum.pointee &+= $0 }).dispose() }
        }
    }),
    ("single-map", { 2 * $0 }, { n in
        summing { sum in
            for _ in 0..<n { Single.just(1).map { $0 + 1 }.subscribe(onSuccess: { sum.pointee &+= $0 }).dispose() }
        }
    }),
    ("flatMap-just", triangle, { n in
        summing { sum in
            Observable.range(start: 0, count: n)
                .flatMap { Observable.just($0) }
                .subscribe(onNext: { sum.pointee &+= $0 })
                .dispose()
        }
    }),
    ("toBlocking", triangle, { n in
        ((try? Observable.range(start: 0, count: n).toBlocking().toArray()) ?? []).reduce(0, &+)
    }),
    ("values-async", evenSum, { n in
        blockOn {
            var sum = 0
            do {
                for try await value in Observable.range(start: 1, count: n).values where value % 2 == 0 { sum &+= value }
            } catch {
                return -1
            }
            return sum
        }
    }),
    ("publish-1sub", triangle, { n in
        let subject = PublishSubject<Int>()
        return summing(subscribers: 1, to: subject.asObservable()) { for i in 0..<n { subject.onNext(i) } }
    }),
    ("publish-10sub", { 10 * triangle($0) }, { n in
        let subject = PublishSubject<Int>()
        return summing(subscribers: 10, to: subject.asObservable()) { for i in 0..<n { subject.onNext(i) } }
    }),
    ("merge-4-subjects", triangle, { n in
        let subjects = (0..<4).map { _ in PublishSubject<Int>() }
        return summing(subscribers: 1, to: Observable.merge(subjects.map { $0.asObservable() })) {
            for i in 0..<n { subjects[i & 3].onNext(i) }
        }
    }),
    ("zip-2-subjects", { 2 * triangle($0) }, { n in
        let left = PublishSubject<Int>(), right = PublishSubject<Int>()
        return summing(subscribers: 1, to: Observable.zip(left, right) { $0 + $1 }) {
            for i in 0..<n {
                left.onNext(i)
                right.onNext(i)
            }
        }
    }),
    ("combineLatest-2-subjects", { n in n <= 0 ? 0 : triangle(2 * n - 1) }, { n in
        let left = PublishSubject<Int>(), right = PublishSubject<Int>()
        return summing(subscribers: 1, to: Observable.combineLatest(left, right) { $0 + $1 }) {
            for i in 0..<n {
                left.onNext(i)
                right.onNext(i)
            }
        }
    }),
    ("share-replay-10sub", { 10 * triangle($0) }, { n in
        let subject = PublishSubject<Int>()
        return summing(subscribers: 10, to: subject.share(replay: 1)) { for i in 0..<n { subject.onNext(i) } }
    }),
    ("publish-refcount-10sub", { 10 * triangle($0) }, { n in
        let subject = PublishSubject<Int>()
        return summing(subscribers: 10, to: subject.publish().refCount()) { for i in 0..<n { subject.onNext(i) } }
    }),
    ("observe-on-serial", triangle, { n in
        let subject = PublishSubject<Int>()
        let scheduler = SerialDispatchQueueScheduler(qos: .userInitiated)
        let done = DispatchSemaphore(value: 0)
        return summing { sum in
            let subscription = subject.observe(on: scheduler)
                .subscribe(onNext: { sum.pointee &+= $0 }, onCompleted: { done.signal() })
            for i in 0..<n { subject.onNext(i) }
            subject.onCompleted()
            done.wait()
            subscription.dispose()
        }
    }),
    ("publish-subscribe-dispose", { $0 }, { n in
        let subject = PublishSubject<Int>()
        return summing { sum in
            for _ in 0..<n {
                let subscription = subject.subscribe(onNext: { sum.pointee &+= $0 })
                subject.onNext(1)
                subscription.dispose()
            }
        }
    }),
    ("behavior-subscribe-dispose", { $0 }, { n in
        let subject = BehaviorSubject(value: 1)
        return summing { sum in
            for _ in 0..<n { subject.subscribe(onNext: { sum.pointee &+= $0 }).dispose() }
        }
    }),
    ("relay-chain-subscribe-dispose", { 2 * $0 }, { n in
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
    }),
    ("share-subscribe-dispose", { $0 }, { n in
        let subject = PublishSubject<Int>()
        let shared = subject.share(replay: 1)
        let keeper = shared.subscribe(onNext: { _ in })
        subject.onNext(1)
        defer { keeper.dispose() }
        return summing { sum in
            for _ in 0..<n { shared.subscribe(onNext: { sum.pointee &+= $0 }).dispose() }
        }
    }),
] }

let scenarios = makeScenarios()
let n = CommandLine.arguments.dropFirst().first.flatMap { Int($0) } ?? 1_000
var failed = false
for scenario in scenarios {
    let sum = scenario.run(n)
    if sum != scenario.expected(n) {
        print("\(scenario.name): \(sum), expected \(scenario.expected(n))")
        failed = true
    }
}
print(failed ? "FAILED" : "ok: \(scenarios.count) scenarios, n = \(n)")
