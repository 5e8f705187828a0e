import Foundation

/// How long `retry(_:backoff:scheduler:shouldRetry:)` waits before each new
/// attempt: a constant, linearly growing or exponentially growing delay, with
/// optional jitter. An addition to RxSwift.
///
/// A backoff is a plain value: build it once and share it. `delay(forRetry:)`
/// shows the schedule it gives.
///
/// ```swift
/// let backoff = RetryBackoff.exponential(initial: .milliseconds(100), maxDelay: .seconds(5))
/// backoff.delay(forRetry: 1)   // 100 ms
/// backoff.delay(forRetry: 4)   // 800 ms
/// backoff.delay(forRetry: 9)   // 5 s (the cap)
/// ```
///
/// Delays are computed in whole nanoseconds, so a schedule on a `TestScheduler`
/// is exact to the tick. Jitter is off unless `jittered(_:random:)` asks for it.
public struct RetryBackoff: Sendable {
    private enum Growth: Sendable {
        case constant(Int)
        case linear(initial: Int, increment: Int)
        case exponential(initial: Int, multiplier: Double, maxDelay: Int)
    }

    /// Shortens each delay by a random part of at most `fraction` of it.
    private struct Jitter: Sendable {
        let fraction: Double
        let random: @Sendable () -> Double
    }

    private let growth: Growth
    private let jitter: Jitter?

    private init(_ growth: Growth, jitter: Jitter? = nil) {
        self.growth = growth
        self.jitter = jitter
    }

    /// The same delay before every retry.
    ///
    /// ```
    /// retry:  1    2    3    ...
    /// delay:  d    d    d
    /// ```
    ///
    /// - Parameter delay: The delay; not negative, not `.never`.
    /// - Returns: A constant backoff.
    public static func constant(_ delay: RxTimeInterval) -> RetryBackoff {
        RetryBackoff(.constant(backoffNanoseconds(delay, "constant(_:)")))
    }

    /// A delay that grows by `increment` with each retry: `initial`, then
    /// `initial + increment`, `initial + 2 × increment`, ...
    ///
    /// - Parameters:
    ///   - initial: The delay before the first retry; not negative, not `.never`.
    ///   - increment: What each later retry adds; not negative, not `.never`.
    /// - Returns: A linear backoff.
    public static func linear(initial: RxTimeInterval, increment: RxTimeInterval) -> RetryBackoff {
        RetryBackoff(.linear(
            initial: backoffNanoseconds(initial, "linear(initial:increment:)"),
            increment: backoffNanoseconds(increment, "linear(initial:increment:)")
        ))
    }

    /// A delay multiplied by `multiplier` with each retry, up to `maxDelay`:
    /// `initial`, `initial × multiplier`, `initial × multiplier²`, ... and
    /// `maxDelay` from the first retry where the product would exceed it.
    ///
    /// ```
    /// exponential(initial: 1 s, maxDelay: 10 s)
    /// retry:  1    2    3    4    5     6     ...
    /// delay:  1 s  2 s  4 s  8 s  10 s  10 s
    /// ```
    ///
    /// - Parameters:
    ///   - initial: The delay before the first retry; not negative, not `.never`.
    ///   - multiplier: The growth factor; at least 1 and finite.
    ///   - maxDelay: The cap; not negative, not `.never`.
    /// - Returns: An exponential backoff.
    public static func exponential(
        initial: RxTimeInterval, multiplier: Double = 2, maxDelay: RxTimeInterval
    ) -> RetryBackoff {
        precondition(multiplier >= 1 && multiplier.isFinite,
                     "RetryBackoff.exponential needs a finite multiplier of at least 1 (got \(multiplier))")
        return RetryBackoff(.exponential(
            initial: backoffNanoseconds(initial, "exponential(initial:multiplier:maxDelay:)"),
            multiplier: multiplier,
            maxDelay: backoffNanoseconds(maxDelay, "exponential(initial:multiplier:maxDelay:)")
        ))
    }

    /// This backoff with jitter: each delay is shortened by a random part of at
    /// most `fraction` of it, so clients that failed together do not retry together.
    ///
    /// A delay `d` becomes `d × (1 − fraction × r)`, with `r` drawn from `random`
    /// for each retry: a fraction of 0.5 gives delays between half of `d` and `d`;
    /// 1 gives delays anywhere from 0 to `d` ("full jitter"). Jitter only
    /// shortens, so an exponential backoff's cap still holds.
    ///
    /// ```swift
    /// .exponential(initial: .seconds(1), maxDelay: .seconds(30)).jittered(0.5)
    /// // in tests, a fixed draw makes the schedule exact:
    /// .constant(.seconds(10)).jittered(0.5, random: { 0.5 })   // 7.5 s each time
    /// ```
    ///
    /// - Parameters:
    ///   - fraction: How much of each delay the jitter may take away, from 0 to 1.
    ///   - random: Returns a number from 0 up to 1 (clamped into that range);
    ///     called once per retry, on the thread that received the error. The
    ///     default is `Double.random(in: 0..<1)`.
    /// - Returns: The jittered backoff (replacing any jitter this one had).
    public func jittered(
        _ fraction: Double, random: @escaping @Sendable () -> Double = { Double.random(in: 0..<1) }
    ) -> RetryBackoff {
        precondition((0...1).contains(fraction), "RetryBackoff.jittered needs a fraction from 0 to 1 (got \(fraction))")
        return RetryBackoff(growth, jitter: Jitter(fraction: fraction, random: random))
    }

    /// The delay before retry `retry` (1 for the retry after the first failure):
    /// the schedule the operator follows.
    ///
    /// With jitter, each call draws a new random number, so two calls may differ.
    ///
    /// - Parameter retry: Which retry, from 1.
    /// - Returns: The delay, in whole nanoseconds (expressed in the largest unit
    ///   that holds it exactly).
    public func delay(forRetry retry: Int) -> RxTimeInterval {
        precondition(retry >= 1, "RetryBackoff.delay(forRetry:) counts retries from 1 (got \(retry))")
        var nanoseconds = baseNanoseconds(forRetry: retry)
        if let jitter, jitter.fraction > 0 {
            let draw = min(max(jitter.random(), 0), 1)
            let shortened = Double(nanoseconds) * (1 - jitter.fraction * draw)
            // Below `Double(nanoseconds)`, so within `Int` even near `Int.max`.
            if shortened < Double(nanoseconds) { nanoseconds = Int(shortened.rounded()) }
        }
        return .exact(nanoseconds: nanoseconds)
    }

    /// The delay before retry `retry`, without jitter.
    private func baseNanoseconds(forRetry retry: Int) -> Int {
        switch growth {
        case .constant(let delay):
            return delay
        case .linear(let initial, let increment):
            let (added, overflow) = increment.multipliedReportingOverflow(by: retry - 1)
            let (total, overflowAgain) = initial.addingReportingOverflow(added)
            return overflow || overflowAgain ? Int.max : total
        case .exponential(let initial, let multiplier, let maxDelay):
            let grown = Double(initial) * pow(multiplier, Double(retry - 1))
            guard grown < Double(maxDelay) else { return maxDelay }
            return Int(grown.rounded())
        }
    }
}

/// `interval` in whole nanoseconds, for a `RetryBackoff` factory named `factory`:
/// finite and not negative, or a precondition failure naming the factory.
private func backoffNanoseconds(_ interval: RxTimeInterval, _ factory: StaticString) -> Int {
    guard let nanoseconds = interval.wholeNanoseconds else {
        preconditionFailure("RetryBackoff.\(factory) needs a finite delay (got .never)")
    }
    precondition(nanoseconds >= 0, "RetryBackoff.\(factory) needs delays of 0 or more (got \(interval))")
    return nanoseconds
}
