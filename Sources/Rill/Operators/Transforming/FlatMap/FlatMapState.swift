/// How a flatMap-family operator treats each new inner sequence.
@usableFromInline
enum FlatMapStrategy {
    /// `flatMap`: subscribe to every inner sequence at once.
    case merge
    /// `flatMapFirst`: ignore outer elements while an inner sequence is running.
    case first
    /// `flatMapLatest`: dispose the running inner sequence and switch to the new one.
    case latest
    /// `concatMap`: queue inner sequences and run them one after another.
    case concat
}

/// What the flatMap core does after releasing its lock. Several parts can be
/// set at once (a finished inner lets the next waiting one start; a new inner
/// replaces the running one).
struct FlatMapAction {
    /// Which inner sequence to subscribe to next.
    enum Start {
        /// The one that just arrived.
        case arrived
        /// The oldest waiting one (`concat`).
        case waiting
    }

    var start: Start?
    /// `latest`: the running inner was replaced; the core unlinks and disposes it.
    var replacesRunning = false
    /// The terminal event this call decided: hand it to the core's deliverer.
    var terminal: Termination?
}

/// The state of one flatMap-family subscription: how many inner sequences run,
/// how many wait, and whether the sequence ended. Delivery to the downstream is
/// not its concern (the core serialises it with a `SerialDeliverer`), nor are
/// the inner subscriptions themselves: each inner sink keeps its own, and the
/// core links the running inner sinks into a list beside this state, under the
/// same lock, so that an inner's start and end cost no hashing.
///
/// A value type behind `Locked`; its methods are named for what happened and
/// return what the caller must do after unlocking. The core calls the inner
/// events only for an inner that is still linked: one that was replaced or
/// disposed has already been taken off the count.
struct FlatMapState {
    let strategy: FlatMapStrategy
    /// Inner sequences started and not yet ended, replaced or disposed.
    private(set) var runningCount = 0
    /// `concat`: how many inner sequences wait for the running one to finish.
    private(set) var waitingCount = 0
    /// `concat`: a caller is in the subscribe loop and will start whatever is
    /// waiting when the inner it subscribes finishes, so nobody else may.
    private var isSubscribingConcat = false
    private var outer: (any Disposable)?
    private var isOuterDone = false
    /// A terminal event was decided: nothing else is started or ends the sequence.
    private(set) var isStopped = false
    private(set) var isDisposed = false

    init(strategy: FlatMapStrategy) {
        self.strategy = strategy
    }

    // MARK: Outer events

    /// The outer subscription's disposable arrived. Returns it if it must be
    /// disposed now: after disposal, or when the outer sequence already completed
    /// (a synchronous source).
    mutating func outerSubscribed(_ disposable: any Disposable) -> (any Disposable)? {
        if isDisposed || isOuterDone { return disposable }
        outer = disposable
        return nil
    }

    /// An outer element arrived: whether to call the selector for it.
    func shouldMap() -> Bool {
        !isStopped && !(strategy == .first && runningCount > 0)
    }

    /// The selector produced an inner sequence. With no `start` in the action,
    /// the caller drops it, unless `waitingCount` grew: then it must be queued.
    mutating func innerArrived() -> FlatMapAction {
        var action = FlatMapAction()
        guard !isStopped else { return action }
        switch strategy {
        case .merge, .first:
            break
        case .latest:
            if runningCount > 0 {
                runningCount -= 1
                action.replacesRunning = true
            }
        case .concat:
            guard runningCount == 0 && !isSubscribingConcat else {
                waitingCount += 1
                return action
            }
            isSubscribingConcat = true
        }
        runningCount += 1
        action.start = .arrived
        return action
    }

    mutating func outerCompleted() -> FlatMapAction {
        isOuterDone = true
        return FlatMapAction(terminal: completeIfFinished())
    }

    /// After `outerCompleted()`: the outer subscription, to dispose at once, as
    /// RxSwift does (its subscription ends when it completes, while the inners
    /// run on).
    mutating func takeCompletedOuter() -> (any Disposable)? {
        defer { outer = nil }
        return outer
    }

    /// The outer sequence failed or the selector threw.
    mutating func failed(_ error: any Swift.Error) -> FlatMapAction {
        FlatMapAction(terminal: terminate(.error(error)))
    }

    // MARK: Inner events

    /// `concat`: the subscribe loop's inner returned from `run`. If it already
    /// finished, hands the next waiting inner to the loop; otherwise the loop
    /// ends, and the inner's end starts the next one.
    mutating func concatInnerSubscribed() -> FlatMapAction {
        var action = FlatMapAction()
        if runningCount == 0 && waitingCount > 0 && !isStopped {
            action.start = startWaiting()
        } else {
            isSubscribingConcat = false
        }
        return action
    }

    /// A running inner completed.
    mutating func innerCompleted() -> FlatMapAction {
        var action = FlatMapAction()
        runningCount -= 1
        guard !isStopped else { return action }
        if strategy == .concat && waitingCount > 0 && !isSubscribingConcat {
            isSubscribingConcat = true
            action.start = startWaiting()
            return action
        }
        action.terminal = completeIfFinished()
        return action
    }

    /// A running inner failed.
    mutating func innerFailed(_ error: any Swift.Error) -> FlatMapAction {
        runningCount -= 1
        return FlatMapAction(terminal: terminate(.error(error)))
    }

    private mutating func startWaiting() -> FlatMapAction.Start {
        waitingCount -= 1
        runningCount += 1
        return .waiting
    }

    private mutating func completeIfFinished() -> Termination? {
        guard isOuterDone && runningCount == 0 && waitingCount == 0 else { return nil }
        return terminate(.completed)
    }

    /// Stops the sequence with `terminal`, unless it already stopped: returns the
    /// terminal event for the core to deliver.
    private mutating func terminate(_ terminal: Termination) -> Termination? {
        guard !isStopped else { return nil }
        isStopped = true
        return terminal
    }

    // MARK: Disposal

    /// Disposal: returns the outer subscription to dispose (the core disposes the
    /// running inners it unlinks). Later calls return nil.
    mutating func disposed() -> (any Disposable)? {
        guard !isDisposed else { return nil }
        isDisposed = true
        isStopped = true
        defer { outer = nil }
        runningCount = 0
        waitingCount = 0
        return outer
    }
}
