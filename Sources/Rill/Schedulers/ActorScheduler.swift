import Dispatch
import Foundation

/// Runs work isolated to an actor: the scheduler that delivers events on a Swift
/// actor's executor.
///
/// Each action runs on the actor's executor, so an `assumeIsolated` or
/// `preconditionIsolated` inside it passes, and a closure written inside the actor
/// (and checked by Rill's isolation check) may read and write the actor's state
/// without `await`. Actions run one at a time, in the order they were scheduled.
/// Work scheduled while earlier work waits joins it: a burst of actions costs one
/// hop onto the actor (one task), not one task per action. When the queue runs dry
/// the task yields the actor once and looks again before it ends, so a steady stream
/// of bursts keeps using the same task.
///
/// ```swift
/// actor Store {
///     private(set) var prices: [String: Double] = [:]
///     private let disposeBag = DisposeBag()
///
///     func follow(_ ticks: Observable<(String, Double)>) {
///         ticks
///             .observe(on: self)                                  // an ActorScheduler for this actor
///             .subscribe(onNext: { self.prices[$0.0] = $0.1 })   // actor state, no await
///             .disposed(by: disposeBag)
///     }
/// }
/// ```
///
/// `schedule` always hops, even when called on the actor: the action runs after the
/// actor's current work, as with `MainScheduler.asyncInstance`. Timed work
/// (`scheduleRelative`, `schedulePeriodic`) waits on a Dispatch timer, then joins the
/// queue; `now` is the system clock. Disposing an action that has not started
/// removes it: nothing runs after `dispose()` returns on the actor, and at most the
/// action already running when another thread disposes.
///
/// The hop is a `Task` isolated to the actor through an `isolated` parameter
/// (enqueued on the main actor directly for ``main``); it inherits nothing from the
/// code that scheduled the work but its priority.
public final class ActorScheduler: SchedulerType, @unchecked Sendable {
    // Sendable: the queue and the draining flag are behind `state`'s lock; `actor`
    // is an immutable Sendable reference. Actions run with the lock released, on the
    // actor, by the one drain that `isDraining` admits at a time.

    /// The actor whose executor runs the work.
    public let actor: any Actor

    private let isMainActor: Bool
    private let state = Locked(QueueState())

    private struct QueueState: ~Copyable {
        /// Actions waiting for the drain, in scheduling order.
        var queue = RingBuffer<any ActorQueueItem>()
        /// A drain is on its way to the actor, or running there.
        var isDraining = false
    }

    /// Creates a scheduler that runs work isolated to `actor`.
    ///
    /// - Parameter actor: The actor, for example `self` inside an actor, or
    ///   `MainActor.shared` (then prefer ``main``).
    public init(_ actor: any Actor) {
        self.actor = actor
        isMainActor = actor is MainActor
    }

    /// The scheduler of the main actor: work runs on the main actor, one hop per burst.
    public static let main = ActorScheduler(MainActor.shared)

    /// The system clock: schedulers that run on an actor keep real time.
    public var now: RxTime { Date() }

    /// Schedules `action` to run on the actor, after the work already scheduled here.
    ///
    /// - Returns: A disposable that cancels the action if it has not started, and
    ///   disposes what it returned.
    public func schedule<StateType>(
        _ state: StateType, action: @escaping (StateType) -> any Disposable
    ) -> any Disposable {
        let scheduled = ScheduledAction(state, action)
        enqueue(scheduled)
        return scheduled
    }

    /// Schedules `action` to run on the actor `dueTime` from now (a Dispatch timer
    /// waits, then the action joins the queue). A `dueTime` of `.never` never runs.
    ///
    /// - Returns: A disposable that cancels the action if it has not started, and
    ///   disposes what it returned.
    public func scheduleRelative<StateType>(
        _ state: StateType, dueTime: RxTimeInterval, action: @escaping (StateType) -> any Disposable
    ) -> any Disposable {
        guard let delay = dueTime.wholeNanoseconds else { return Disposables.create() }
        let scheduled = ScheduledAction(state, action)
        let timer = DispatchSource.makeTimerSource(queue: .global())
        scheduled.cancelOnCompletion(timer)
        timer.schedule(deadline: .now() + .nanoseconds(max(0, delay)))
        // The handler keeps the action (and this scheduler) until the timer fires and
        // the action runs, or disposal cancels the timer: a caller may drop the disposable.
        timer.setEventHandler {
            guard !scheduled.isDisposed else { return }
            self.enqueue(scheduled)
        }
        timer.resume()
        return scheduled
    }

    private func enqueue(_ item: any ActorQueueItem) {
        let startsDrain = state.withLock { state -> Bool in
            state.queue.append(item)
            defer { state.isDraining = true }
            return !state.isDraining
        }
        guard startsDrain else { return }
        if isMainActor {
            Task { @MainActor in await Self.drain(self, on: MainActor.shared) }
        } else {
            Task { [actor] in await Self.drain(self, on: actor) }
        }
    }

    /// Runs the queued actions on `actor`, in order: takes the queue as a whole under
    /// the lock and runs it outside. When the queue is empty it yields the actor once
    /// (other work on the actor runs meanwhile) and looks again before it ends, so a
    /// steady stream of bursts keeps one task rather than starting one per burst.
    private static func drain(_ scheduler: ActorScheduler, on actor: isolated any Actor) async {
        var batch = RingBuffer<any ActorQueueItem>()
        var lingered = false
        while true {
            let ends = scheduler.state.withLock { state -> Bool in
                swap(&batch, &state.queue)
                guard batch.isEmpty && lingered else { return false }
                state.isDraining = false
                return true
            }
            if ends { return }
            if batch.isEmpty {
                lingered = true
                await Task.yield()
                continue
            }
            lingered = false
            // Each action checks its own disposal before it runs.
            while let item = batch.removeFirst() { item.run() }
        }
    }
}

extension ActorScheduler: SchedulerIdentifying {
    /// True on the main queue for the main actor's scheduler; another actor cannot
    /// be recognised without trapping, so disposal meant for it is scheduled there.
    var isRunningOnScheduler: Bool {
        isMainActor && (Thread.isMainThread || MainQueue.isCurrent)
    }
}

/// An action waiting in an ``ActorScheduler``'s queue.
protocol ActorQueueItem: AnyObject {
    /// Runs the action unless it was disposed.
    func run()
}

extension ScheduledAction: ActorQueueItem {}
