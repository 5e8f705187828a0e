import Foundation

/// Converts between a virtual-time scheduler's own clock units and real time.
///
/// A `VirtualTimeScheduler` keeps its clock in `VirtualTimeUnit` (for
/// `TestScheduler`, an `Int` tick count; for `HistoricalScheduler`, a `Date`) and
/// converts only where the `SchedulerType` protocol speaks real time: `now` and
/// `scheduleRelative(_:dueTime:action:)`.
///
/// A converter must be a pure function of its (immutable) properties: the
/// scheduler calls it from whichever thread schedules work, hence `Sendable`,
/// and calls `compareVirtualTime(_:_:)` while it holds its queue's lock, so the
/// converter must not call back into the scheduler.
///
/// ```swift
/// struct MinuteConverter: VirtualTimeConverterType {
///     func convertFromVirtualTime(_ virtualTime: Int) -> RxTime { Date(timeIntervalSince1970: Double(virtualTime) * 60) }
///     func convertToVirtualTime(_ time: RxTime) -> Int { Int(time.timeIntervalSince1970 / 60) }
///     // ...
/// }
/// ```
public protocol VirtualTimeConverterType: Sendable {
    /// The type of an absolute point in virtual time.
    associatedtype VirtualTimeUnit
    /// The type of a span of virtual time.
    associatedtype VirtualTimeIntervalUnit

    /// The real time that `virtualTime` stands for.
    func convertFromVirtualTime(_ virtualTime: VirtualTimeUnit) -> RxTime

    /// The virtual time that stands for `time`.
    func convertToVirtualTime(_ time: RxTime) -> VirtualTimeUnit

    /// The real span, in seconds, that `virtualTimeInterval` stands for.
    func convertFromVirtualTimeInterval(_ virtualTimeInterval: VirtualTimeIntervalUnit) -> TimeInterval

    /// The virtual span that stands for `timeInterval` seconds.
    func convertToVirtualTimeInterval(_ timeInterval: TimeInterval) -> VirtualTimeIntervalUnit

    /// `time` moved forward (or, for a negative offset, back) by `offset`.
    func offsetVirtualTime(_ time: VirtualTimeUnit, offset: VirtualTimeIntervalUnit) -> VirtualTimeUnit

    /// How `lhs` orders against `rhs`.
    func compareVirtualTime(_ lhs: VirtualTimeUnit, _ rhs: VirtualTimeUnit) -> VirtualTimeComparison
}

/// The result of comparing two virtual times.
public enum VirtualTimeComparison: Sendable {
    /// The left-hand time is earlier.
    case lessThan
    /// The times are equal.
    case equal
    /// The left-hand time is later.
    case greaterThan
}

extension VirtualTimeComparison {
    /// Orders two `Comparable` values: the usual implementation of
    /// `compareVirtualTime(_:_:)`.
    init<Value: Comparable>(_ lhs: Value, _ rhs: Value) {
        if lhs < rhs {
            self = .lessThan
        } else if lhs > rhs {
            self = .greaterThan
        } else {
            self = .equal
        }
    }
}
