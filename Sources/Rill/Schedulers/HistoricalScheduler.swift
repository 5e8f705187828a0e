import Foundation

/// A virtual-time scheduler whose clock is a `Date`: replays work "as of" past
/// or simulated dates, as fast as the work runs.
///
/// Time moves only through `start()`, `advanceTo(_:)` and `sleep(_:)` (see
/// `VirtualTimeScheduler`); `now` is the scheduler's clock, never the machine's.
///
/// ```swift
/// let scheduler = HistoricalScheduler(initialClock: Date(timeIntervalSince1970: 0))
/// _ = scheduler.scheduleRelative("tick", dueTime: .seconds(60)) { value in
///     print(value, scheduler.now.timeIntervalSince1970)   // tick 60.0
///     return Disposables.create()
/// }
/// scheduler.start()
/// ```
public class HistoricalScheduler: VirtualTimeScheduler<HistoricalSchedulerTimeConverter>, @unchecked Sendable {
    // Sendable: adds no state to VirtualTimeScheduler, whose state is behind its lock.

    /// Creates a scheduler whose clock starts at `initialClock` (by default the
    /// Unix epoch).
    public init(initialClock: RxTime = Date(timeIntervalSince1970: 0)) {
        super.init(initialClock: initialClock, converter: HistoricalSchedulerTimeConverter())
    }
}
