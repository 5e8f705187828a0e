/// Plain-Swift baselines, measured in the same run as the scenarios.
enum Baselines {
    static let all: [Scenario] = [loop, closureLoop, closureSubscription, closureFanOut10, closurePair, asyncStream]

    /// One line per baseline, printed under the table: what its unit costs in plain Swift.
    static let explanations: [String: String] = [
        "loop": "one element through an inlined map and filter (the optimiser may vectorise it)",
        "closure-loop": "one element through three opaque closures (map, filter, sink): the floor for a push pipeline of user closures",
        "closure-subscription": "one heap object holding an opaque sink closure, created, called once and released: the floor for subscribing and disposing",
        "closure-fanout-10": "one element handed 10 times to an opaque closure: the floor for a subject with 10 subscribers",
        "closure-pair": "two elements stored by two opaque closures and combined by a third into one delivered pair: the floor for pairing two sources",
        "asyncstream": "one element yielded into an unbounded AsyncStream and read with for await",
    ]

    /// The work of the map-filter scenarios as a plain loop; the optimiser may vectorise it.
    static let loop = Scenario(
        name: "loop", unit: "element", baseline: nil, size: 10_000_000, expected: evenSum
    ) { n in
        var sum = 0
        for i in 0..<n {
            let value = i + 1
            if value % 2 == 0 { sum &+= value }
        }
        return sum
    }

    /// The same work through three opaque closures per element: the floor for a push
    /// pipeline built from user closures.
    static let closureLoop = Scenario(
        name: "closure-loop", unit: "element", baseline: nil, size: 10_000_000, expected: evenSum
    ) { n in
        let sum = UnsafeMutablePointer<Int>.allocate(capacity: 1)
        defer { sum.deallocate() }
        sum.initialize(to: 0)
        let stages = OpaqueStages.make(sum)
        for i in 0..<n {
            let value = stages.map(i)
            if stages.filter(value) { stages.sink(value) }
        }
        return sum.pointee
    }

    /// Per unit, a fresh object holding an opaque sink is created, called once and
    /// released: what subscribing, receiving one element and disposing cannot go below.
    static let closureSubscription = Scenario(
        name: "closure-subscription", unit: "subscription", baseline: nil, size: 2_000_000, expected: { 2 * $0 }
    ) { n in
        summing { sum in
            for _ in 0..<n {
                let holder = OpaqueStages.holder(sum)
                holder.sink(holder.map(1))
            }
        }
    }

    /// Per unit, one element handed ten times to an opaque closure.
    static let closureFanOut10 = Scenario(
        name: "closure-fanout-10", unit: "onNext (10 deliveries)", baseline: nil, size: 1_000_000,
        expected: { n in 10 * (n * (n - 1) / 2) }
    ) { n in
        summing { sum in
            // One opaque closure called ten times: an array of ten closures measured
            // slower than Rill's subject (each call retained and released its context).
            let sink = OpaqueStages.make(sum).sink
            for i in 0..<n {
                for _ in 0..<10 { sink(i) }
            }
        }
    }

    /// Per unit, two elements stored by two opaque closures, then combined into one pair
    /// and delivered.
    static let closurePair = Scenario(
        name: "closure-pair", unit: "pair", baseline: nil, size: 2_000_000, expected: { n in n * (n - 1) }
    ) { n in
        summing { sum in
            let pair = OpaquePair.make(sum)
            for i in 0..<n {
                pair.left(i)
                pair.right(i)
            }
        }
    }

    /// N elements yielded into an unbounded AsyncStream and read with `for await`.
    static let asyncStream = Scenario(
        name: "asyncstream", unit: "element", baseline: nil, size: 1_000_000, expected: evenSum
    ) { n in
        blockOn {
            let stream = AsyncStream<Int> { continuation in
                for i in 0..<n { continuation.yield(i + 1) }
                continuation.finish()
            }
            var sum = 0
            for await value in stream where value % 2 == 0 { sum &+= value }
            return sum
        }
    }
}

/// Three closures the optimiser cannot see through.
struct OpaqueStages {
    let map: (Int) -> Int
    let filter: (Int) -> Bool
    let sink: (Int) -> Void

    /// A fresh object holding the stages, as a subscription holds its observer.
    @inline(never)
    static func holder(_ sum: UnsafeMutablePointer<Int>) -> StageHolder {
        StageHolder(map: { $0 + 1 }, sink: { sum.pointee &+= $0 })
    }

    @inline(never)
    static func make(_ sum: UnsafeMutablePointer<Int>) -> OpaqueStages {
        OpaqueStages(map: { $0 + 1 }, filter: { $0 % 2 == 0 }, sink: { sum.pointee &+= $0 })
    }
}

/// A heap object with two closures: one subscription's observer, for `closure-subscription`.
final class StageHolder {
    let map: (Int) -> Int
    let sink: (Int) -> Void

    init(map: @escaping (Int) -> Int, sink: @escaping (Int) -> Void) {
        self.map = map
        self.sink = sink
    }
}

/// Two inputs that store their latest element and a closure that sums each pair once
/// both inputs have one: `closure-pair`'s hand-written zip of two sources.
struct OpaquePair {
    let left: (Int) -> Void
    let right: (Int) -> Void

    /// The element the left input holds until the right one arrives.
    private final class Pending {
        var value: Int?
    }

    @inline(never)
    static func make(_ sum: UnsafeMutablePointer<Int>) -> OpaquePair {
        let pending = Pending()
        return OpaquePair(
            left: { pending.value = $0 },
            right: { value in
                guard let first = pending.value else { return }
                pending.value = nil
                sum.pointee &+= first + value
            }
        )
    }
}
