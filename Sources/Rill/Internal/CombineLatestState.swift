/// The state machine of `combineLatest` over N inputs.
///
/// `Values` holds the latest element of each input (a tuple of optionals for the
/// fixed arities, an array for the collection form); the sink writes into it
/// under the lock before calling `elementReceived(at:)`. This part keeps the
/// bookkeeping: which inputs have produced a value, which have completed, and the
/// delivery queue of value snapshots (the result selector runs on the snapshot
/// outside the lock, by whichever thread delivers).
struct CombineLatestState<Values> {
    /// What the sink does after an event.
    enum Action {
        case none
        /// Deliver this snapshot now (run the selector on it, emit the result).
        case deliver(Values)
        /// Deliver the terminal event now.
        case deliverTerminal
    }

    var values: Values
    private var hasValue: [Bool]
    private var isDone: [Bool]
    private var valueCount = 0
    private var doneCount = 0
    var delivery = SerialDelivery<Values>()

    init(values: Values, count: Int) {
        self.values = values
        hasValue = Array(repeating: false, count: count)
        isDone = Array(repeating: false, count: count)
    }

    /// Input `index` produced an element, already written into `values`.
    mutating func elementReceived(at index: Int) -> Action {
        if delivery.isStopped { return .none }
        if !hasValue[index] {
            hasValue[index] = true
            valueCount += 1
        }
        if valueCount == hasValue.count {
            return delivery.offer(values) ? .deliver(values) : .none
        }
        // Not every input has a value yet; if all the others have completed,
        // none ever will, so nothing can be combined again.
        for other in isDone.indices where other != index && !isDone[other] { return .none }
        return delivery.offerTerminal(nil) ? .deliverTerminal : .none
    }

    /// Input `index` completed. The result completes when every input has.
    mutating func completed(at index: Int) -> Action {
        if delivery.isStopped || isDone[index] { return .none }
        isDone[index] = true
        doneCount += 1
        guard doneCount == isDone.count else { return .none }
        return delivery.offerTerminal(nil) ? .deliverTerminal : .none
    }

    /// An input failed, or the result selector threw.
    mutating func failed(_ error: any Swift.Error) -> Action {
        delivery.offerTerminal(error) ? .deliverTerminal : .none
    }
}
