import Rill
import RillBlocking

/// Scenarios over the synchronous event path.
enum CoreScenarios {
    static let all: [Scenario] = [
        rangeMapFilter, fromArrayMapFilter, createMapFilter, scanDistinctTake, subscribeDispose, singleMap, flatMapJust,
        toBlocking, valuesAsync,
    ]

    static let valuesAsync = Scenario(
        name: "values-async", unit: "element", baseline: "asyncstream", size: 1_000_000, expected: evenSum
    ) { n in
        // The same work as the asyncstream baseline: n elements, summed with `for await`.
        let source = Observable.range(start: 1, count: n)
        return blockOn {
            var sum = 0
            do {
                for try await value in source.values where value % 2 == 0 { sum &+= value }
            } catch {
                return -1
            }
            return sum
        }
    }

    static let singleMap = Scenario(
        name: "single-map", unit: "subscription", baseline: "closure-subscription", size: 500_000, expected: { 2 * $0 }
    ) { n in
        let sum = UnsafeMutablePointer<Int>.allocate(capacity: 1)
        defer { sum.deallocate() }
        sum.initialize(to: 0)
        for _ in 0..<n {
            Single.just(1).map { $0 + 1 }.subscribe(onSuccess: { sum.pointee &+= $0 }).dispose()
        }
        return sum.pointee
    }

    static let scanDistinctTake = Scenario(
        name: "scan-distinct-take", unit: "element", baseline: "closure-loop", size: 2_000_000,
        expected: { n in
            // The first m = n/2 running sums k(k+1)/2 (all distinct) add up to (m-1)m(m+1)/6.
            let m = n / 2
            return (m - 1) * m * (m + 1) / 6
        }
    ) { n in
        let sum = UnsafeMutablePointer<Int>.allocate(capacity: 1)
        defer { sum.deallocate() }
        sum.initialize(to: 0)
        Observable.range(start: 0, count: n)
            .scan(0, accumulator: +)
            .distinctUntilChanged()
            .take(n / 2)
            .subscribe(onNext: { sum.pointee &+= $0 })
            .dispose()
        return sum.pointee
    }

    static let toBlocking = Scenario(
        name: "toBlocking", unit: "element", baseline: "closure-loop", size: 2_000_000, expected: { $0 * ($0 - 1) / 2 }
    ) { n in
        ((try? Observable.range(start: 0, count: n).toBlocking().toArray()) ?? []).reduce(0, &+)
    }

    /// Sum of 0..<n.
    static func triangle(_ n: Int) -> Int { n * (n - 1) / 2 }

    static let rangeMapFilter = Scenario(
        name: "range-map-filter", unit: "element", baseline: "closure-loop", size: 2_000_000, expected: evenSum
    ) { n in
        mapFilterSum(Observable.range(start: 0, count: n))
    }

    static let fromArrayMapFilter = Scenario(
        name: "from-array-map-filter", unit: "element", baseline: "closure-loop", size: 2_000_000, expected: evenSum
    ) { n in
        mapFilterSum(Observable.from(Array(0..<n)))
    }

    static let createMapFilter = Scenario(
        name: "create-map-filter", unit: "element", baseline: "closure-loop", size: 2_000_000, expected: evenSum
    ) { n in
        mapFilterSum(Observable<Int>.create { observer in
            for i in 0..<n { observer.onNext(i) }
            observer.onCompleted()
            return Disposables.create()
        })
    }

    static let subscribeDispose = Scenario(
        name: "subscribe-dispose", unit: "subscription", baseline: "closure-subscription", size: 500_000, expected: { $0 }
    ) { n in
        let sum = UnsafeMutablePointer<Int>.allocate(capacity: 1)
        defer { sum.deallocate() }
        sum.initialize(to: 0)
        for _ in 0..<n {
            Observable.just(1).subscribe(onNext: { sum.pointee &+= $0 }).dispose()
        }
        return sum.pointee
    }

    static let flatMapJust = Scenario(
        name: "flatMap-just", unit: "element", baseline: "closure-loop", size: 500_000, expected: { $0 * ($0 - 1) / 2 }
    ) { n in
        let sum = UnsafeMutablePointer<Int>.allocate(capacity: 1)
        defer { sum.deallocate() }
        sum.initialize(to: 0)
        Observable.range(start: 0, count: n)
            .flatMap { Observable.just($0) }
            .subscribe(onNext: { sum.pointee &+= $0 })
            .dispose()
        return sum.pointee
    }

    /// `source.map { $0 + 1 }.filter { $0 % 2 == 0 }` summed in `subscribe(onNext:)`.
    static func mapFilterSum(_ source: Observable<Int>) -> Int {
        let sum = UnsafeMutablePointer<Int>.allocate(capacity: 1)
        defer { sum.deallocate() }
        sum.initialize(to: 0)
        source.map { $0 + 1 }.filter { $0 % 2 == 0 }
            .subscribe(onNext: { sum.pointee &+= $0 })
            .dispose()
        return sum.pointee
    }
}
