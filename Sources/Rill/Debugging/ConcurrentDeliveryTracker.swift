#if canImport(Foundation)
import Foundation
#endif
#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Detects events delivered to one observer from two threads at once, which
/// breaks the Rx grammar, and reports it once per tracked object (debug builds).
///
/// Rill's own state survives such misuse; the subscriber's code usually does not,
/// so the report names the problem and the fixes.
///
/// A delivery that starts inside another delivery on the same thread (a subscriber
/// sending to the subject it is subscribed to) is nested, not overlapping, and is
/// not counted: each thread keeps the trackers it is delivering for.
///
/// Two ways to report:
/// - at the first overlap (the default), from the thread that detected it;
/// - `reportsWhenOverlapEnds`: when the first run of overlapping deliveries is over
///   (no thread is delivering any more), with how many deliveries overlapped, so a
///   subject hammered from eight threads reports one line with a count rather than a
///   warning per event. Callers use `leave(_:)` to pass the owner for the message.
final class ConcurrentDeliveryTracker: Sendable {
    /// The number of threads delivering right now (nested deliveries count once).
    private let inFlight = AtomicWord()
    private let overlaps = AtomicWord()
    /// 1 once the report was made (`reportsWhenOverlapEnds` only).
    private let reported = AtomicWord()
    private let reportsWhenOverlapEnds: Bool

    init(reportsWhenOverlapEnds: Bool = false) {
        self.reportsWhenOverlapEnds = reportsWhenOverlapEnds
    }

    /// The number of overlapping deliveries seen so far.
    var overlapCount: Int { overlaps.value }

    /// Marks the start of a delivery by `owner`; reports the first overlap unless
    /// reporting when the overlap ends.
    func enter(_ owner: AnyObject) {
        guard DeliveringThread.enter(self) else { return }
        guard inFlight.fetchAdd(1) > 0 else { return }
        if overlaps.fetchAdd(1) == 0 && !reportsWhenOverlapEnds {
            Anomalies.report(Self.message(for: owner, overlaps: nil))
        }
    }

    /// Marks the end of a delivery.
    func leave() {
        guard DeliveringThread.leave(self) else { return }
        inFlight.fetchAdd(-1)
    }

    /// Marks the end of a delivery by `owner`; with `reportsWhenOverlapEnds`, makes
    /// the one report when this ends the first run of overlapping deliveries.
    func leave(_ owner: AnyObject) {
        guard DeliveringThread.leave(self) else { return }
        guard inFlight.fetchAdd(-1) == 1, reportsWhenOverlapEnds else { return }
        let count = overlaps.value
        guard count > 0, reported.exchange(1) == 0 else { return }
        Anomalies.report(Self.message(for: owner, overlaps: count))
    }

    private static func message(for owner: AnyObject, overlaps: Int?) -> String {
        let what = overlaps.map { "\($0) deliveries overlapped another one" } ?? "events overlapped"
        return """
            Rill: \(type(of: owner)) received events from several threads at once (\(what)). \
            This breaks the observable grammar (events must not overlap) and corrupts \
            subscribers' state. Fix it in one of two ways: send from one thread or serial \
            queue; or put observe(on:) with a serial scheduler (for example \
            SerialDispatchQueueScheduler or MainScheduler.instance) before the subscribers. \
            Reported once per object.
            """
    }
}

/// The trackers the current thread is delivering for, innermost last (debug builds
/// only use it). Only its own thread touches it, through a thread-local key.
private final class DeliveringThread {
    private var trackers: [ObjectIdentifier] = []

    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        #if canImport(Darwin)
        let destructor: @convention(c) (UnsafeMutableRawPointer) -> Void = { raw in
            Unmanaged<DeliveringThread>.fromOpaque(raw).release()
        }
        #else
        let destructor: @convention(c) (UnsafeMutableRawPointer?) -> Void = { raw in
            if let raw { Unmanaged<DeliveringThread>.fromOpaque(raw).release() }
        }
        #endif
        let status = pthread_key_create(&key, destructor)
        precondition(status == 0, "Rill could not create the delivery-tracking thread-local key")
        return key
    }()

    private static var current: DeliveringThread {
        if let raw = pthread_getspecific(key) {
            return Unmanaged<DeliveringThread>.fromOpaque(raw).takeUnretainedValue()
        }
        let state = DeliveringThread()
        pthread_setspecific(key, Unmanaged.passRetained(state).toOpaque())
        return state
    }

    /// Records a delivery for `tracker` on this thread. Returns true if it is the
    /// outermost one (this thread was not already delivering for `tracker`).
    static func enter(_ tracker: ConcurrentDeliveryTracker) -> Bool {
        let id = ObjectIdentifier(tracker)
        let state = current
        let isOutermost = !state.trackers.contains(id)
        state.trackers.append(id)
        return isOutermost
    }

    /// Ends the innermost delivery for `tracker` on this thread. Returns true if it
    /// was the outermost one.
    static func leave(_ tracker: ConcurrentDeliveryTracker) -> Bool {
        let id = ObjectIdentifier(tracker)
        let state = current
        if let index = state.trackers.lastIndex(of: id) { state.trackers.remove(at: index) }
        return !state.trackers.contains(id)
    }
}

/// Where Rill reports misuse it detects in debug builds.
public enum Anomalies {
    private static let reportCount = AtomicWord()
    private static let lastReport = Locked<String?>(nil)

    /// How many anomalies have been reported since the process started.
    public static var reported: Int { reportCount.value }

    /// The most recent report's message, for tests.
    static var lastMessage: String? { lastReport.withLock { $0 } }

    static func report(_ message: String) {
        lastReport.withLock { $0 = message }
        reportCount.fetchAdd(1)
        writeToStandardError("⚠️ \(message)\n")
    }
}
