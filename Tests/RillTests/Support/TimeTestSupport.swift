import Foundation
import Rill

/// A minimal scheduler over one serial `DispatchQueue`, for the time operators'
/// real-thread tests (the library's own dispatch schedulers are tested elsewhere).
/// `now` is the wall clock; a cancelled action releases its closure at once, so a
/// cancelled long timer does not keep a subscription alive.
final class QueueScheduler: SchedulerType, @unchecked Sendable {
    // Sendable: `queue` is thread-safe and nothing else is stored.
    let queue: DispatchQueue

    init(label: String = "rill.tests.time") {
        queue = DispatchQueue(label: label)
    }

    var now: Date { Date() }

    func schedule<StateType>(_ state: StateType, action: @escaping (StateType) -> any Disposable) -> any Disposable {
        scheduleRelative(state, dueTime: .nanoseconds(0), action: action)
    }

    func scheduleRelative<StateType>(
        _ state: StateType, dueTime: RxTimeInterval, action: @escaping (StateType) -> any Disposable
    ) -> any Disposable {
        let work = QueuedWork(state: state, action: action)
        queue.asyncAfter(deadline: .now() + dueTime) { work.run() }
        return work
    }
}

/// One action on a `QueueScheduler`: runs once unless disposed first, and
/// disposes what the action returned when disposed after it ran.
private final class QueuedWork<StateType>: Disposable, @unchecked Sendable {
    // Sendable: every stored property is behind `lock`.
    private let lock = NSLock()
    private var pending: (state: StateType, action: (StateType) -> any Disposable)?
    private var result: (any Disposable)?
    private var isDisposed = false

    init(state: StateType, action: @escaping (StateType) -> any Disposable) {
        pending = (state, action)
    }

    func run() {
        guard let (state, action) = lock.withLock({ () -> (StateType, (StateType) -> any Disposable)? in
            defer { pending = nil }
            return isDisposed ? nil : pending
        }) else { return }
        let disposable = action(state)
        let disposeNow = lock.withLock { () -> Bool in
            if isDisposed { return true }
            result = disposable
            return false
        }
        if disposeNow { disposable.dispose() }
    }

    func dispose() {
        let disposable = lock.withLock { () -> (any Disposable)? in
            isDisposed = true
            pending = nil
            defer { result = nil }
            return result
        }
        disposable?.dispose()
    }
}

extension EventLog {
    /// Subscribes to `source` and waits (up to 10 seconds) for its terminal event.
    /// Returns false if none came.
    func subscribeAndWaitForEnd(_ source: Observable<Element>, during body: () -> Void = {}) -> Bool {
        let ended = DispatchSemaphore(value: 0)
        onEvent = { event in
            if event.isStopEvent { ended.signal() }
        }
        let subscription = subscribe(source)
        body()
        let result = ended.wait(timeout: .now() + 10) == .success
        subscription.dispose()
        return result
    }
}

/// Checks that `events` are increasing whole numbers ending with completion.
func isIncreasingThenCompleted(_ events: [String]) -> Bool {
    guard events.last == "|" else { return false }
    let numbers = events.dropLast().compactMap(Int.init)
    return numbers.count == events.count - 1 && zip(numbers, numbers.dropFirst()).allSatisfy { $0 < $1 }
}

/// The events a state machine's method hands to its `emit` closure, in order.
func emitted<Element>(_ call: ((Event<Element>) -> Void) -> Void) -> [Event<Element>] {
    var events: [Event<Element>] = []
    call { events.append($0) }
    return events
}
