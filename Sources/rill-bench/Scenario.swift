import Foundation

/// One measured workload: `run(n)` does `n` units of work and returns a checksum
/// that `expected(n)` must match, so a broken implementation cannot look fast.
struct Scenario: Sendable {
    /// The name used by `--filter` and `--run`.
    let name: String
    /// What one unit is ("element", "onNext", "subscription", ...).
    let unit: String
    /// The baseline this scenario's ratio is computed against (nil for baselines).
    let baseline: String?
    /// The number of units per timed run (before `--quick` scaling).
    let size: Int
    /// The checksum a correct run of size `n` returns.
    let expected: @Sendable (Int) -> Int
    /// Runs `n` units and returns the checksum.
    let run: @Sendable (Int) -> Int
}

/// Sum of the even numbers among 1...n: what every map-filter scenario adds up.
func evenSum(upTo n: Int) -> Int {
    let evens = n / 2
    return evens * (evens + 1)
}

/// Runs `body` with a zeroed counter it can add to through opaque closures, and
/// returns the counter: the checksum of the plain-Swift baselines.
func summing(_ body: (UnsafeMutablePointer<Int>) -> Void) -> Int {
    let sum = UnsafeMutablePointer<Int>.allocate(capacity: 1)
    defer { sum.deallocate() }
    sum.initialize(to: 0)
    body(sum)
    return sum.pointee
}

/// Runs an async body to completion from synchronous code.
func blockOn<Result: Sendable>(_ body: @escaping @Sendable () async -> Result) -> Result {
    let done = DispatchSemaphore(value: 0)
    let box = ResultBox<Result>()
    Task.detached {
        box.value = await body()
        done.signal()
    }
    done.wait()
    return box.value!
}

/// Carries a result out of a detached task; the semaphore orders the accesses.
final class ResultBox<Value>: @unchecked Sendable {
    // Sendable: written once by the task before it signals, read after the wait.
    var value: Value?
}
