/// The state machine of `merge` (and of `concat()` on an observable of
/// observables, which is `merge(maxConcurrent: 1)`).
///
/// It counts the running inner subscriptions, remembers whether the outer source
/// has ended and queues inner observables beyond `maxConcurrent`. The sink keeps
/// it behind `Locked` and performs the returned actions after unlocking. It is not
/// touched per element: elements go straight to the sink's `SerialDeliverer`.
struct MergeState<Element> {
    /// What the sink does after an event.
    enum Action {
        case none
        /// Subscribe to this inner observable.
        case subscribe(Observable<Element>)
        /// End the result with the reported terminal event (completion or error).
        case end
    }

    let maxConcurrent: Int
    /// Inner subscriptions started and not yet completed.
    private(set) var activeCount = 0
    /// Whether the outer source (or the fixed list of sources) has no more inners.
    private(set) var isOuterDone = false
    /// Inner observables waiting for a free slot, oldest first.
    private var waiting: [Observable<Element>] = []
    private var waitingHead = 0
    /// Whether the result has ended or was disposed: nothing more starts.
    private var isStopped = false

    init(maxConcurrent: Int) {
        precondition(maxConcurrent > 0, "merge(maxConcurrent:) needs maxConcurrent > 0")
        self.maxConcurrent = maxConcurrent
    }

    /// The outer source produced `inner`: subscribe now, or queue it.
    mutating func innerArrived(_ inner: Observable<Element>) -> Action {
        if isStopped { return .none }
        if activeCount < maxConcurrent {
            activeCount += 1
            return .subscribe(inner)
        }
        waiting.append(inner)
        return .none
    }

    /// An inner subscription completed: start the next waiting inner, or complete
    /// if nothing is running and nothing more can arrive.
    mutating func innerCompleted() -> Action {
        if isStopped { return .none }
        if waitingHead < waiting.count {
            let next = waiting[waitingHead]
            waitingHead += 1
            if waitingHead == waiting.count {
                waiting.removeAll()
                waitingHead = 0
            }
            return .subscribe(next)
        }
        activeCount -= 1
        return completeIfIdle()
    }

    /// The outer source completed.
    mutating func outerCompleted() -> Action {
        isOuterDone = true
        return completeIfIdle()
    }

    /// An inner or the outer source failed.
    mutating func failed(_ error: any Swift.Error) -> Action {
        dropWaiting()
        if isStopped { return .none }
        isStopped = true
        return .end
    }

    /// The subscriber disposed.
    mutating func disposed() {
        dropWaiting()
        isStopped = true
    }

    private mutating func completeIfIdle() -> Action {
        guard !isStopped, isOuterDone, activeCount == 0, waitingHead == waiting.count else { return .none }
        isStopped = true
        return .end
    }

    private mutating func dropWaiting() {
        waiting.removeAll()
        waitingHead = 0
    }
}
