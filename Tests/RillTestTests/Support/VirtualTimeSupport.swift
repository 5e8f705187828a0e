import Foundation
import Rill

/// A converter with whole-second ticks and no processing delay, to test
/// `VirtualTimeScheduler` itself rather than `TestScheduler`'s adjustments.
struct SecondsConverter: VirtualTimeConverterType {
    func convertFromVirtualTime(_ virtualTime: Int) -> RxTime { Date(timeIntervalSince1970: TimeInterval(virtualTime)) }
    func convertToVirtualTime(_ time: RxTime) -> Int { Int(time.timeIntervalSince1970.rounded()) }
    func convertFromVirtualTimeInterval(_ virtualTimeInterval: Int) -> TimeInterval { TimeInterval(virtualTimeInterval) }
    func convertToVirtualTimeInterval(_ timeInterval: TimeInterval) -> Int { Int(timeInterval.rounded()) }
    func offsetVirtualTime(_ time: Int, offset: Int) -> Int { time + offset }
    func compareVirtualTime(_ lhs: Int, _ rhs: Int) -> VirtualTimeComparison {
        lhs < rhs ? .lessThan : lhs > rhs ? .greaterThan : .equal
    }
}

typealias SecondsScheduler = VirtualTimeScheduler<SecondsConverter>

/// Collects what scheduled actions saw, in the order they ran. Only the
/// scheduler's driving thread appends, except in the concurrency test, which
/// appends from scheduled actions only (run on the driving thread).
final class RunLog<Entry>: @unchecked Sendable {
    // Sendable: `entries` is behind `lock`.
    private let lock = NSLock()
    private var storage: [Entry] = []

    var entries: [Entry] {
        lock.lock()
        defer { lock.unlock() }
        return storage
    }

    func append(_ entry: Entry) {
        lock.lock()
        storage.append(entry)
        lock.unlock()
    }
}

extension VirtualTimeScheduler {
    /// Schedules `body` at `time`, returning the cancel handle.
    @discardableResult
    func at(_ time: VirtualTime, _ body: @escaping () -> Void) -> any Disposable {
        scheduleAbsoluteVirtual((), time: time) { _ in
            body()
            return Disposables.create()
        }
    }
}

extension VirtualTimeScheduler {
    /// Schedules, through the `SchedulerType` methods (`schedule` when `dueTime`
    /// is nil), an action that appends the clock it runs at to `log`.
    func logClock(after dueTime: RxTimeInterval? = nil, into log: RunLog<VirtualTime>) {
        let action: (()) -> any Disposable = { _ in
            log.append(self.clock)
            return Disposables.create()
        }
        if let dueTime {
            _ = scheduleRelative((), dueTime: dueTime, action: action)
        } else {
            _ = schedule((), action: action)
        }
    }
}
