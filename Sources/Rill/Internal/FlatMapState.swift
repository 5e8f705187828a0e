/// How a flatMap-family operator treats each new inner sequence.
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
/// set at once (dispose a finished inner and complete; dispose one inner and
/// start the next).
struct FlatMapAction {
    /// Which inner sequence to subscribe to next.
    enum Start {
        /// The one that just arrived.
        case arrived(id: Int)
        /// The oldest waiting one (`concat`).
        case waiting(id: Int)
    }

    /// How the sequence ends.
    enum Terminal {
        case completed
        case error(any Swift.Error)
    }

    /// A subscription to dispose.
    var dispose: (any Disposable)?
    var start: Start?
    /// The terminal event this call decided: hand it to the core's deliverer.
    var terminal: Terminal?
}

/// The state of one flatMap-family subscription: its outer and inner
/// subscriptions and completion. Delivery to the downstream is not its concern:
/// the core serialises it with a `SerialDeliverer` (a delivery turn, no lock per
/// element).
///
/// A value type behind `Locked`; its methods are named for what happened and
/// return what the caller must do after unlocking. It is not generic (generic
/// value types cost a metadata lookup per use in Rill's unspecialised code): the
/// element-typed queue of `waiting` sources lives in the core beside it, under
/// the same lock, and the state tracks its count.
struct FlatMapState {
    /// An inner subscription: `subscribing` until its `run` returned.
    enum Slot {
        case subscribing
        case subscribed(any Disposable)
    }

    let strategy: FlatMapStrategy
    /// Running inner subscriptions by id. An id missing here is finished or stale.
    private var inners: [Int: Slot] = [:]
    private var nextID = 0
    /// `latest`: the only inner whose events still count.
    private var latestID = -1
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

    /// The outer subscription's disposable arrived. Returns it if it must be disposed now.
    mutating func outerSubscribed(_ disposable: any Disposable) -> (any Disposable)? {
        if isDisposed { return disposable }
        outer = disposable
        return nil
    }

    /// An outer element arrived: whether to call the selector for it.
    func shouldMap() -> Bool {
        !isStopped && !(strategy == .first && !inners.isEmpty)
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
            if let previous = inners.removeValue(forKey: latestID), case .subscribed(let disposable) = previous {
                action.dispose = disposable
            }
        case .concat:
            guard inners.isEmpty && !isSubscribingConcat else {
                waitingCount += 1
                return action
            }
            isSubscribingConcat = true
        }
        action.start = .arrived(id: reserveID())
        return action
    }

    private mutating func reserveID() -> Int {
        let id = nextID
        nextID += 1
        inners[id] = .subscribing
        if strategy == .latest { latestID = id }
        return id
    }

    private mutating func startWaiting() -> FlatMapAction.Start {
        waitingCount -= 1
        return .waiting(id: reserveID())
    }

    mutating func outerCompleted() -> FlatMapAction {
        isOuterDone = true
        return FlatMapAction(terminal: completeIfFinished())
    }

    /// The outer sequence failed or the selector threw.
    mutating func failed(_ error: any Swift.Error) -> FlatMapAction {
        FlatMapAction(terminal: terminate(.error(error)))
    }

    // MARK: Inner events

    /// Inner `id`'s `run` returned `disposable`. Keeps it, or returns it for
    /// disposal if the inner already finished; for `concat`, may hand the next
    /// waiting inner to the caller's subscribe loop.
    mutating func innerSubscribed(id: Int, _ disposable: any Disposable) -> FlatMapAction {
        var action = FlatMapAction()
        if !isDisposed, case .subscribing = inners[id] {
            inners[id] = .subscribed(disposable)
        } else {
            action.dispose = disposable
        }
        if strategy == .concat {
            if inners.isEmpty && waitingCount > 0 && !isStopped {
                action.start = startWaiting()
            } else {
                isSubscribingConcat = false
            }
        }
        return action
    }

    /// Inner `id` sent an element.
    /// Whether an element of inner `id` still counts: not after the end, and for
    /// `latest` only from the newest inner.
    func acceptsElement(from id: Int) -> Bool {
        !isStopped && (strategy != .latest || id == latestID)
    }

    mutating func innerCompleted(id: Int) -> FlatMapAction {
        var action = FlatMapAction()
        guard let slot = inners.removeValue(forKey: id) else { return action }
        if case .subscribed(let disposable) = slot { action.dispose = disposable }
        guard !isStopped else { return action }
        if strategy == .concat && waitingCount > 0 && !isSubscribingConcat {
            isSubscribingConcat = true
            action.start = startWaiting()
            return action
        }
        action.terminal = completeIfFinished()
        return action
    }

    mutating func innerFailed(id: Int, _ error: any Swift.Error) -> FlatMapAction {
        var action = FlatMapAction()
        guard let slot = inners.removeValue(forKey: id) else { return action }
        if case .subscribed(let disposable) = slot { action.dispose = disposable }
        action.terminal = terminate(.error(error))
        return action
    }

    private mutating func completeIfFinished() -> FlatMapAction.Terminal? {
        guard isOuterDone && inners.isEmpty && waitingCount == 0 else { return nil }
        return terminate(.completed)
    }

    /// Stops the sequence with `terminal`, unless it already stopped: returns the
    /// terminal event for the core to deliver.
    private mutating func terminate(_ terminal: FlatMapAction.Terminal) -> FlatMapAction.Terminal? {
        guard !isStopped else { return nil }
        isStopped = true
        return terminal
    }

    // MARK: Disposal

    mutating func disposed() -> [any Disposable] {
        guard !isDisposed else { return [] }
        isDisposed = true
        isStopped = true
        var disposables: [any Disposable] = []
        if let outer { disposables.append(outer) }
        for case .subscribed(let disposable) in inners.values { disposables.append(disposable) }
        outer = nil
        inners = [:]
        waitingCount = 0
        return disposables
    }
}
