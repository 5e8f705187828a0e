import Dispatch
import Foundation
import Rill

// Helpers for tests that run work on real threads: everything they share is
// behind an NSLock (a pthread mutex, which ThreadSanitizer understands), and
// every wait is bounded.

/// How long a test waits for work on another thread before it gives up and fails.
let threadedTestTimeout: DispatchTimeInterval = .seconds(10)

/// Values collected from any thread, in arrival order.
final class Collector<Value>: @unchecked Sendable {
    // Sendable: `items` is behind `lock`.
    private let lock = NSLock()
    private var items: [Value] = []

    func append(_ value: Value) {
        lock.lock()
        items.append(value)
        lock.unlock()
    }

    var values: [Value] {
        lock.lock()
        defer { lock.unlock() }
        return items
    }

    var count: Int { values.count }

    func removeAll() {
        lock.lock()
        let removed = items
        items = []
        lock.unlock()
        _ = removed   // released after the lock
    }
}

/// Counts code running at once: `overlaps` is how many entries found another
/// one already inside.
final class InFlightProbe: @unchecked Sendable {
    // Sendable: the counters are behind `lock`.
    private let lock = NSLock()
    private var inside = 0
    private var overlapCount = 0
    private var entryCount = 0

    func enter() {
        lock.lock()
        if inside > 0 { overlapCount += 1 }
        inside += 1
        entryCount += 1
        lock.unlock()
    }

    func leave() {
        lock.lock()
        inside -= 1
        lock.unlock()
    }

    /// Runs `body` between `enter()` and `leave()`.
    func measure<Result>(_ body: () -> Result) -> Result {
        enter()
        defer { leave() }
        return body()
    }

    var overlaps: Int {
        lock.lock()
        defer { lock.unlock() }
        return overlapCount
    }

    var entries: Int {
        lock.lock()
        defer { lock.unlock() }
        return entryCount
    }
}

/// Names dispatch queues so a callback can tell which queue runs it. The main
/// queue is named "main".
enum QueueTag {
    private static let key: DispatchSpecificKey<String> = {
        let key = DispatchSpecificKey<String>()
        DispatchQueue.main.setSpecific(key: key, value: "main")
        return key
    }()

    static func tag(_ queue: DispatchQueue, _ name: String) {
        queue.setSpecific(key: key, value: name)
    }

    /// The tag of the queue running the caller (or one it targets), if any.
    static var current: String? { DispatchQueue.getSpecific(key: key) }

    /// Whether the caller runs on the main queue.
    static var isMainQueue: Bool { current == "main" }
}

/// Waits for `semaphore` up to the threaded-test timeout; true if it was signalled.
func waitFor(_ semaphore: DispatchSemaphore, timeout: DispatchTimeInterval = threadedTestTimeout) -> Bool {
    semaphore.wait(timeout: .now() + timeout) == .success
}

/// Runs `body` on the main queue and waits (from a test thread) until it has
/// returned; true if it ran in time.
func runOnMainQueue(_ body: @escaping @Sendable () -> Void) -> Bool {
    let done = DispatchSemaphore(value: 0)
    DispatchQueue.main.async {
        body()
        done.signal()
    }
    return waitFor(done)
}

/// Waits until every action already scheduled on `scheduler` (a serial one) has
/// run, by scheduling one more and waiting for it.
func waitForQueuedWork(on scheduler: any ImmediateSchedulerType) -> Bool {
    let done = DispatchSemaphore(value: 0)
    _ = scheduler.schedule(()) { _ in
        done.signal()
        return Disposables.create()
    }
    return waitFor(done)
}

/// Holds a serial scheduler's queue busy until `open()`, so work scheduled
/// meanwhile piles up behind it.
final class QueueGate: Sendable {
    private let gate = DispatchSemaphore(value: 0)
    private let entered = DispatchSemaphore(value: 0)

    /// Blocks `scheduler`'s queue; returns once the blocking action is running.
    init(blocking scheduler: any ImmediateSchedulerType) {
        let gate = self.gate
        let entered = self.entered
        _ = scheduler.schedule(()) { _ in
            entered.signal()
            _ = gate.wait(timeout: .now() + threadedTestTimeout)
            return Disposables.create()
        }
        _ = entered.wait(timeout: .now() + threadedTestTimeout)
    }

    func open() {
        gate.signal()
    }
}

/// A disposable set after the code that may dispose it has started.
final class DisposableSlot: @unchecked Sendable {
    // Sendable: `disposable` and `isDisposed` are behind `lock`.
    private let lock = NSLock()
    private var disposable: (any Disposable)?
    private var isDisposed = false

    func set(_ newValue: any Disposable) {
        lock.lock()
        let disposeNow = isDisposed
        if !disposeNow { disposable = newValue }
        lock.unlock()
        if disposeNow { newValue.dispose() }
    }

    func dispose() {
        lock.lock()
        let current = disposable
        disposable = nil
        isDisposed = true
        lock.unlock()
        current?.dispose()
    }
}

/// Forwards to another scheduler and counts the calls. It implements only
/// `schedule` and `scheduleRelative`, so its `schedulePeriodic` is the protocol's
/// default, built on `scheduleRecursive`.
final class CountingScheduler: SchedulerType {
    let base: any SchedulerType
    private let scheduled = Collector<Void>()
    private let scheduledRelative = Collector<Void>()

    init(_ base: any SchedulerType) {
        self.base = base
    }

    /// The number of `schedule` calls so far.
    var scheduleCount: Int { scheduled.count }
    /// The number of `scheduleRelative` calls so far.
    var scheduleRelativeCount: Int { scheduledRelative.count }

    var now: Date { base.now }

    func schedule<StateType>(_ state: StateType, action: @escaping (StateType) -> any Disposable) -> any Disposable {
        scheduled.append(())
        return base.schedule(state, action: action)
    }

    func scheduleRelative<StateType>(
        _ state: StateType, dueTime: RxTimeInterval, action: @escaping (StateType) -> any Disposable
    ) -> any Disposable {
        scheduledRelative.append(())
        return base.scheduleRelative(state, dueTime: dueTime, action: action)
    }
}

/// A scheduler whose periodic and delayed actions run only when the test says so,
/// on the test's thread: for checking what an operator does on each tick without
/// waiting for real time.
final class ManualTickScheduler: SchedulerType, @unchecked Sendable {
    // Sendable: the pending actions are behind `lock`; they run on the caller of
    // `fire()`/`tick()`, which tests call from one thread.
    private let lock = NSLock()
    private var periodic: [(id: Int, tick: () -> Void)] = []
    private var delayed: [(id: Int, run: () -> Void)] = []
    private var nextID = 0

    var now: Date { Date() }

    func schedule<StateType>(_ state: StateType, action: @escaping (StateType) -> any Disposable) -> any Disposable {
        action(state)
    }

    func scheduleRelative<StateType>(
        _ state: StateType, dueTime: RxTimeInterval, action: @escaping (StateType) -> any Disposable
    ) -> any Disposable {
        let id = register { self.delayed.append(($0, { _ = action(state) })) }
        return Disposables.create { self.remove(id) }
    }

    func schedulePeriodic<StateType>(
        _ state: StateType, startAfter: RxTimeInterval, period: RxTimeInterval,
        action: @escaping (StateType) -> StateType
    ) -> any Disposable {
        var current = state
        let id = register { self.periodic.append(($0, { current = action(current) })) }
        return Disposables.create { self.remove(id) }
    }

    /// Runs one tick of every periodic action.
    func tick() {
        lock.lock()
        let ticks = periodic.map(\.tick)
        lock.unlock()
        ticks.forEach { $0() }
    }

    /// Runs every delayed action once.
    func fire() {
        lock.lock()
        let runs = delayed.map(\.run)
        delayed = []
        lock.unlock()
        runs.forEach { $0() }
    }

    /// The number of periodic and delayed actions still scheduled.
    var pendingCount: Int {
        lock.lock()
        defer { lock.unlock() }
        return periodic.count + delayed.count
    }

    private func register(_ add: (Int) -> Void) -> Int {
        lock.lock()
        defer { lock.unlock() }
        nextID += 1
        add(nextID)
        return nextID
    }

    private func remove(_ id: Int) {
        lock.lock()
        let removed = (periodic.filter { $0.id == id }, delayed.filter { $0.id == id })
        periodic.removeAll { $0.id == id }
        delayed.removeAll { $0.id == id }
        lock.unlock()
        _ = removed   // released after the lock
    }
}
