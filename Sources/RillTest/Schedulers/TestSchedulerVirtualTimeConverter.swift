import Foundation
import Rill

/// The converter of `TestScheduler`: virtual time is an `Int` tick count, and
/// real time = ticks × `resolution` seconds since 1970.
///
/// With the default resolution of 1, `.seconds(10)` is 10 ticks; a real-time
/// span converts to the nearest whole tick.
public struct TestSchedulerVirtualTimeConverter: VirtualTimeConverterType {
    /// Absolute virtual time: ticks.
    public typealias VirtualTimeUnit = Int
    /// A span of virtual time: ticks.
    public typealias VirtualTimeIntervalUnit = Int

    private let resolution: Double

    /// Creates a converter in which one tick stands for `resolution` seconds.
    ///
    /// - Precondition: `resolution` is positive.
    public init(resolution: Double) {
        precondition(resolution > 0, "TestSchedulerVirtualTimeConverter: resolution must be positive, got \(resolution)")
        self.resolution = resolution
    }

    /// The date `virtualTime` ticks after 1970.
    public func convertFromVirtualTime(_ virtualTime: VirtualTimeUnit) -> RxTime {
        Date(timeIntervalSince1970: convertFromVirtualTimeInterval(virtualTime))
    }

    /// The tick nearest to `time`.
    public func convertToVirtualTime(_ time: RxTime) -> VirtualTimeUnit {
        convertToVirtualTimeInterval(time.timeIntervalSince1970)
    }

    /// `virtualTimeInterval` ticks in seconds.
    public func convertFromVirtualTimeInterval(_ virtualTimeInterval: VirtualTimeIntervalUnit) -> TimeInterval {
        TimeInterval(virtualTimeInterval) * resolution
    }

    /// The whole number of ticks nearest to `timeInterval` seconds.
    public func convertToVirtualTimeInterval(_ timeInterval: TimeInterval) -> VirtualTimeIntervalUnit {
        VirtualTimeIntervalUnit((timeInterval / resolution).rounded())
    }

    /// `time + offset`.
    public func offsetVirtualTime(_ time: VirtualTimeUnit, offset: VirtualTimeIntervalUnit) -> VirtualTimeUnit {
        time + offset
    }

    /// Orders two tick counts.
    public func compareVirtualTime(_ lhs: VirtualTimeUnit, _ rhs: VirtualTimeUnit) -> VirtualTimeComparison {
        lhs < rhs ? .lessThan : lhs > rhs ? .greaterThan : .equal
    }
}
