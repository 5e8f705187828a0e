import Foundation

/// The conversions between `RxTimeInterval` (`DispatchTimeInterval`) and numbers that
/// the time operators, the virtual-time schedulers, replay windows and retry backoff
/// share.
extension DispatchTimeInterval {
    /// The interval in seconds; `.never` is infinity.
    var timedSeconds: TimeInterval {
        switch self {
        case .seconds(let seconds): return TimeInterval(seconds)
        case .milliseconds(let milliseconds): return TimeInterval(milliseconds) / 1_000
        case .microseconds(let microseconds): return TimeInterval(microseconds) / 1_000_000
        case .nanoseconds(let nanoseconds): return TimeInterval(nanoseconds) / 1_000_000_000
        case .never: return .infinity
        @unknown default: return .infinity
        }
    }

    /// The interval in whole nanoseconds, exactly (saturating at `Int.max`); nil for
    /// `.never`.
    var wholeNanoseconds: Int? {
        let (count, unit): (Int, Int)
        switch self {
        case .seconds(let seconds): (count, unit) = (seconds, 1_000_000_000)
        case .milliseconds(let milliseconds): (count, unit) = (milliseconds, 1_000_000)
        case .microseconds(let microseconds): (count, unit) = (microseconds, 1_000)
        case .nanoseconds(let nanoseconds): (count, unit) = (nanoseconds, 1)
        case .never: return nil
        @unknown default: return nil
        }
        let (product, overflow) = count.multipliedReportingOverflow(by: unit)
        return overflow ? (count < 0 ? Int.min : Int.max) : product
    }

    /// `seconds` as an interval (to the nanosecond, rounded up; negative is zero,
    /// infinity is `.never`).
    static func timed(seconds: TimeInterval) -> DispatchTimeInterval {
        guard seconds.isFinite else { return .never }
        guard seconds > 0 else { return .nanoseconds(0) }
        let nanoseconds = (seconds * 1_000_000_000).rounded(.up)
        guard nanoseconds < Double(Int.max) else { return .never }
        return .nanoseconds(Int(nanoseconds))
    }

    /// `nanoseconds` in the largest unit that holds it exactly, so that it reads
    /// naturally when printed (`.seconds(3)`, not `.nanoseconds(3_000_000_000)`).
    static func exact(nanoseconds: Int) -> DispatchTimeInterval {
        if nanoseconds.isMultiple(of: 1_000_000_000) { return .seconds(nanoseconds / 1_000_000_000) }
        if nanoseconds.isMultiple(of: 1_000_000) { return .milliseconds(nanoseconds / 1_000_000) }
        if nanoseconds.isMultiple(of: 1_000) { return .microseconds(nanoseconds / 1_000) }
        return .nanoseconds(nanoseconds)
    }
}
