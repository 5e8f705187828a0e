#if canImport(Foundation)
import Foundation
#endif

/// Detects events delivered to one observer from two threads at once, which
/// breaks the Rx grammar, and reports it once per tracked object (debug builds).
///
/// Rill's own state survives such misuse; the subscriber's code usually does not,
/// so the report names the problem and the fixes.
final class ConcurrentDeliveryTracker: Sendable {
    private let inFlight = AtomicWord()
    private let overlaps = AtomicWord()

    /// The number of overlapping deliveries seen so far.
    var overlapCount: Int { overlaps.value }

    /// Marks the start of a delivery by `owner`; reports the first overlap.
    func enter(_ owner: AnyObject) {
        guard inFlight.fetchAdd(1) > 0 else { return }
        if overlaps.fetchAdd(1) == 0 {
            Anomalies.report(
                """
                Rill: events reached \(type(of: owner)) from several threads at once. \
                This breaks the observable grammar (events must not overlap) and corrupts \
                subscribers' state. Send from one thread or serial queue, or put \
                observe(on:) with a serial scheduler (for example \
                SerialDispatchQueueScheduler or MainScheduler.instance) before the subscribers. \
                Reported once per object.
                """
            )
        }
    }

    /// Marks the end of a delivery.
    func leave() {
        inFlight.fetchAdd(-1)
    }
}

/// Where Rill reports misuse it detects in debug builds.
public enum Anomalies {
    private static let reportCount = AtomicWord()

    /// How many anomalies have been reported since the process started.
    public static var reported: Int { reportCount.value }

    static func report(_ message: String) {
        reportCount.fetchAdd(1)
        #if canImport(Foundation)
        FileHandle.standardError.write(Data("⚠️ \(message)\n".utf8))
        #endif
    }
}
