/// Plain-Swift baselines, measured in the same run as the scenarios.
enum Baselines {
    static let all: [Scenario] = [loop, closureLoop, asyncStream]

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

    @inline(never)
    static func make(_ sum: UnsafeMutablePointer<Int>) -> OpaqueStages {
        OpaqueStages(map: { $0 + 1 }, filter: { $0 % 2 == 0 }, sink: { sum.pointee &+= $0 })
    }
}
