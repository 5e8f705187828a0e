import Dispatch
import Foundation

/// The dispatch work shared by the schedulers built on a `DispatchQueue`: run an
/// action on the queue now, after a delay, or periodically.
///
/// Delays use a `DispatchSourceTimer` (with the scheduler's leeway), so disposing
/// a pending action cancels its timer and releases the action at once instead of
/// keeping it until the due time.
struct DispatchQueueConfiguration: Sendable {
    let queue: DispatchQueue
    let leeway: DispatchTimeInterval

    func schedule<State>(_ state: State, action: @escaping (State) -> any Disposable) -> any Disposable {
        let work = ScheduledAction(state, action)
        queue.async { work.run() }
        return work
    }

    func scheduleRelative<State>(
        _ state: State, dueTime: RxTimeInterval, action: @escaping (State) -> any Disposable
    ) -> any Disposable {
        let work = ScheduledAction(state, action)
        let timer = DispatchSource.makeTimerSource(queue: queue)
        timer.schedule(deadline: .now() + dueTime, leeway: leeway)
        timer.setEventHandler { work.run() }
        work.cancelOnCompletion(timer)
        timer.resume()
        return work
    }

    func schedulePeriodic<State>(
        _ state: State, startAfter: RxTimeInterval, period: RxTimeInterval, action: @escaping (State) -> State
    ) -> any Disposable {
        let timer = DispatchSource.makeTimerSource(queue: queue)
        let work = PeriodicAction(state, action, timer: timer)
        timer.schedule(deadline: .now() + startAfter, repeating: period, leeway: leeway)
        timer.setEventHandler { work.tick() }
        timer.resume()
        return work
    }
}

/// A scheduler that can tell whether the calling code already runs on it, so
/// work meant for it can be done at once (`subscribe(on:)`'s disposal).
protocol SchedulerIdentifying {
    /// Whether the caller runs on this scheduler now.
    var isRunningOnScheduler: Bool { get }
}

/// One action scheduled on a queue, an operation queue or a timer: it runs at most
/// once, and disposing it first releases the action and cancels what carries it.
///
/// This is the box that lets a non-`Sendable` action and state cross to another
/// thread: whoever scheduled it hands them over and never touches them again; the
/// scheduler calls `run()` on its queue.
final class ScheduledAction<State>: Cancelable, @unchecked Sendable {
    // Sendable: the state and the action live in `phase`, behind its lock; `run()`
    // takes them out once and calls the action outside the lock. `carrier` is set
    // once, before the work is handed to the queue or timer that calls `run()`.
    private enum Phase {
        case pending(State, (State) -> any Disposable)
        case running
        case finished(any Disposable)
        case disposed
    }

    /// What delivers the work, cancelled once the action has run or is disposed.
    enum Carrier {
        case none
        case timer(any DispatchSourceTimer)
        case operation(Operation)

        func cancel() {
            switch self {
            case .none: break
            case .timer(let timer): timer.cancel()
            case .operation(let operation): operation.cancel()
            }
        }
    }

    private let phase: Locked<Phase>
    private var carrier = Carrier.none

    init(_ state: State, _ action: @escaping (State) -> any Disposable) {
        phase = Locked(.pending(state, action))
    }

    /// Records what delivers this work; call before handing the work over.
    func cancelOnCompletion(_ timer: any DispatchSourceTimer) {
        carrier = .timer(timer)
    }

    /// Records the operation that delivers this work; call before adding it to its queue.
    func cancelOnCompletion(_ operation: Operation) {
        carrier = .operation(operation)
    }

    var isDisposed: Bool {
        phase.withLock { phase in
            if case .disposed = phase { return true }
            return false
        }
    }

    /// Runs the action, unless it already ran or was disposed.
    func run() {
        let taken: (State, (State) -> any Disposable)? = phase.withLock { phase in
            guard case .pending(let state, let action) = phase else { return nil }
            phase = .running
            return (state, action)
        }
        guard let (state, action) = taken else { return }
        carrier.cancel()
        let result = action(state)
        let disposedMeanwhile: Bool = phase.withLock { phase in
            guard case .running = phase else { return true }
            phase = .finished(result)
            return false
        }
        if disposedMeanwhile { result.dispose() }
    }

    func dispose() {
        var previous = Phase.disposed
        phase.withLock { swap(&$0, &previous) }
        switch previous {
        case .pending:
            // The state and action are released here, after the lock.
            carrier.cancel()
        case .finished(let result):
            result.dispose()
        case .running, .disposed:
            break
        }
    }
}

/// A periodic action driven by a dispatch timer: each tick runs the action with the
/// state the previous tick returned, until disposed.
final class PeriodicAction<State>: Cancelable, @unchecked Sendable {
    // Sendable: the state and the action live in `phase`, behind its lock; ticks come
    // from the timer's event handler, which dispatch never runs concurrently with itself.
    private enum Phase {
        case idle(State, (State) -> State)
        case running
        case disposed
    }

    private let phase: Locked<Phase>
    private let timer: any DispatchSourceTimer

    init(_ state: State, _ action: @escaping (State) -> State, timer: any DispatchSourceTimer) {
        phase = Locked(.idle(state, action))
        self.timer = timer
    }

    var isDisposed: Bool {
        phase.withLock { phase in
            if case .disposed = phase { return true }
            return false
        }
    }

    func tick() {
        let taken: (State, (State) -> State)? = phase.withLock { phase in
            guard case .idle(let state, let action) = phase else { return nil }
            phase = .running
            return (state, action)
        }
        guard let (state, action) = taken else { return }
        let next = action(state)
        phase.withLock { phase in
            if case .running = phase { phase = .idle(next, action) }
        }
    }

    func dispose() {
        var previous = Phase.disposed
        phase.withLock { swap(&$0, &previous) }
        if case .disposed = previous { return }
        timer.cancel()
    }
}
