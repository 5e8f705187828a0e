import Foundation

/// The converter of `HistoricalScheduler`: virtual time is real time (`Date` and
/// `TimeInterval`), only decoupled from the machine's clock, so every conversion
/// returns its argument.
public struct HistoricalSchedulerTimeConverter: VirtualTimeConverterType {
    /// Absolute virtual time is a `Date`.
    public typealias VirtualTimeUnit = RxTime
    /// A span of virtual time is a number of seconds.
    public typealias VirtualTimeIntervalUnit = TimeInterval

    /// Creates the converter.
    public init() {}

    /// Returns `virtualTime` unchanged.
    public func convertFromVirtualTime(_ virtualTime: VirtualTimeUnit) -> RxTime {
        virtualTime
    }

    /// Returns `time` unchanged.
    public func convertToVirtualTime(_ time: RxTime) -> VirtualTimeUnit {
        time
    }

    /// Returns `virtualTimeInterval` unchanged.
    public func convertFromVirtualTimeInterval(_ virtualTimeInterval: VirtualTimeIntervalUnit) -> TimeInterval {
        virtualTimeInterval
    }

    /// Returns `timeInterval` unchanged.
    public func convertToVirtualTimeInterval(_ timeInterval: TimeInterval) -> VirtualTimeIntervalUnit {
        timeInterval
    }

    /// `time` plus `offset` seconds.
    public func offsetVirtualTime(_ time: VirtualTimeUnit, offset: VirtualTimeIntervalUnit) -> VirtualTimeUnit {
        time.addingTimeInterval(offset)
    }

    /// Orders two dates.
    public func compareVirtualTime(_ lhs: VirtualTimeUnit, _ rhs: VirtualTimeUnit) -> VirtualTimeComparison {
        VirtualTimeComparison(lhs, rhs)
    }
}
