import Dispatch
import Foundation

/// Runs work on the main queue: where UI and main-actor state may be touched.
///
/// `MainScheduler.instance.schedule` runs the action at once when called on the main
/// queue with none of this scheduler's own actions waiting there; otherwise it
/// dispatches the action to the main queue. So `observe(on: MainScheduler.instance)`
/// adds no delay to events that already arrive on the main queue, and still keeps
/// their order. `MainScheduler.asyncInstance` always dispatches.
///
/// ```swift
/// loader.thumbnail(named: "fox")                 // delivers on the loader's queue
///     .observe(on: MainScheduler.instance)       // moves delivery to the main queue
///     .subscribe(onNext: { label.text = $0 })
/// ```
///
/// The main queue must be serviced: by an app's run loop, or in a command-line
/// program by `RunLoop.main.run(...)` or `dispatchMain()`. On Linux, after
/// `dispatchMain()` the main queue's work runs on a pool thread rather than the
/// process's first thread; it is still the main queue (and the main actor's executor).
public final class MainScheduler: SerialDispatchQueueScheduler, @unchecked Sendable {
    // Sendable: `queuedActions` is atomic; the rest is immutable after init.

    /// The number of actions dispatched to the main queue that have not finished.
    private let queuedActions = AtomicWord()

    /// Creates a main-queue scheduler. Use the shared `instance` unless you need
    /// a separate count of queued actions.
    public init() {
        super.init(serialQueue: .main)
    }

    /// The shared main-queue scheduler: runs work at once when already on the main
    /// queue with nothing of its own queued, otherwise dispatches it.
    public static let instance = MainScheduler()

    /// A main-queue scheduler that always dispatches, even from the main queue: the
    /// action runs after the current main-queue work returns.
    public static let asyncInstance = SerialDispatchQueueScheduler(serialQueue: .main)

    /// Stops the program unless it is executing on the main queue.
    ///
    /// - Parameter errorMessage: The message to stop with; a default explains the fix.
    public static func ensureExecutingOnScheduler(errorMessage: String? = nil) {
        guard MainQueue.isCurrent else {
            fatalError(
                errorMessage
                    ?? "Executing on a background thread. Use MainScheduler.instance.schedule, or observe(on: MainScheduler.instance), to run this on the main queue."
            )
        }
    }

    /// Stops the program unless it is running on the main thread.
    ///
    /// Work running on the main queue also passes: on Linux, after `dispatchMain()`,
    /// the main queue's work runs on a pool thread and is still main-queue work.
    ///
    /// - Parameter errorMessage: The message to stop with; a default explains the fix.
    public static func ensureRunningOnMainThread(errorMessage: String? = nil) {
        guard Thread.isMainThread || MainQueue.isCurrent else {
            fatalError(errorMessage ?? "Running on a background thread. Move this work to the main thread (observe(on: MainScheduler.instance)).")
        }
    }

    /// Runs `action` now if called on the main queue with none of this scheduler's
    /// actions waiting; otherwise dispatches it to the main queue, after them.
    ///
    /// - Returns: A disposable that stops the action if it has not started, and
    ///   disposes what it returned.
    public override func schedule<StateType>(
        _ state: StateType, action: @escaping (StateType) -> any Disposable
    ) -> any Disposable {
        // Counting the action before looking at the queue makes an action scheduled
        // from inside an immediately run one wait its turn on the queue.
        let queuedActions = self.queuedActions
        if queuedActions.fetchAdd(1) == 0 && MainQueue.isCurrent {
            let result = action(state)
            queuedActions.fetchAdd(-1)
            return result
        }
        let work = ScheduledAction(state, action)
        DispatchQueue.main.async {
            work.run()
            queuedActions.fetchAdd(-1)
        }
        return work
    }
}

/// Tells whether the current code runs on the main queue.
enum MainQueue {
    private static let key: DispatchSpecificKey<UInt8> = {
        let key = DispatchSpecificKey<UInt8>()
        DispatchQueue.main.setSpecific(key: key, value: 1)
        return key
    }()

    /// True on the main thread outside any queue, and inside work the main queue
    /// runs (on whichever thread runs it).
    static var isCurrent: Bool {
        DispatchQueue.getSpecific(key: key) != nil
    }
}
