/// What `zip` does with the events of its inputs, which may arrive on different
/// threads: a value type kept behind `Locked`. Its methods decide; the sink
/// moves elements and delivers after unlocking. It counts the elements each input
/// has buffered; the elements themselves live in typed buffers beside it, guarded
/// by the same lock.
///
/// Delivery is serialised without holding the lock: the thread that completes a
/// row (one buffered element from every input) becomes the deliverer and keeps
/// delivering rows while full ones are buffered; threads that add elements or
/// end the sequence meanwhile only buffer them or leave the terminal event
/// `pending` for the deliverer. Rows that were complete before a terminal event
/// arrived are delivered before it, in the order RxSwift's lock would give.
///
/// Completion follows RxSwift 6.10 exactly, so tests written against it keep their
/// virtual times: the result completes when every input has completed, or when an
/// element arrives that cannot complete a row while every other input has
/// completed. An input that completes with nothing buffered does not end the result
/// by itself (`zip(never, empty)` never terminates, as in RxSwift). An error from any
/// input, or from the result selector, fails the result.
struct ZipState {
    /// How the sequence ends.
    enum Terminal {
        case completed
        case failed(any Swift.Error)
    }

    /// What to do with an element that arrived.
    enum ElementAction: Equatable {
        /// Drop it: the sequence ended.
        case discard
        /// Append it to its input's buffer.
        case buffer
        /// Append it, then move one element of every buffer into the row and
        /// deliver it: the caller is now the deliverer.
        case deliverRow
        /// Drop it and deliver completion now: every other input has completed,
        /// so no row can form.
        case complete
    }

    /// What the deliverer does after delivering a row.
    enum NextStep {
        /// Move the next full row out of the buffers and deliver it.
        case deliverRow
        /// Nothing: delivery is over.
        case idle
        /// Deliver this terminal event; delivery is over.
        case end(Terminal)
    }

    private var buffered: [Int]
    private var isCompleted: [Bool]
    /// Inputs whose buffer is empty; a row is full when this is 0.
    private var emptyInputs: Int
    /// A thread is delivering rows (it holds the delivery turn).
    private var isDelivering = false
    /// A terminal event decided while a thread was delivering.
    private var pending: Terminal?
    /// The sequence ended or was disposed: nothing more is buffered.
    private(set) var isStopped = false
    private var isDisposed = false

    init(inputCount: Int) {
        buffered = Array(repeating: 0, count: inputCount)
        isCompleted = Array(repeating: false, count: inputCount)
        emptyInputs = inputCount
    }

    /// Input `index` sent an element.
    mutating func elementArrived(at index: Int) -> ElementAction {
        guard !isStopped, !isCompleted[index] else { return .discard }
        buffered[index] += 1
        if buffered[index] == 1 { emptyInputs -= 1 }
        if emptyInputs != 0 && isCompleted.indices.allSatisfy({ $0 == index || isCompleted[$0] }) {
            return end(.completed) == nil ? .discard : .complete
        }
        guard emptyInputs == 0, !isDelivering else { return .buffer }
        isDelivering = true
        takeRow()
        return .deliverRow
    }

    /// The deliverer delivered a row.
    mutating func rowDelivered() -> NextStep {
        precondition(isDelivering, "Internal inconsistency: a zip row was delivered without the delivery turn")
        if emptyInputs == 0 && !isDisposed {
            takeRow()
            return .deliverRow
        }
        isDelivering = false
        guard let terminal = pending else { return .idle }
        pending = nil
        return .end(terminal)
    }

    /// Input `index` completed. Returns the terminal event to deliver now, if any.
    mutating func inputCompleted(at index: Int) -> Terminal? {
        guard !isStopped, !isCompleted[index] else { return nil }
        isCompleted[index] = true
        guard !isCompleted.contains(false) else { return nil }
        return end(.completed)
    }

    /// An input failed. Returns the terminal event to deliver now, if any.
    mutating func inputFailed(_ error: any Swift.Error) -> Terminal? {
        guard !isStopped else { return nil }
        return end(.failed(error))
    }

    /// The result selector threw while the deliverer combined a row: the
    /// deliverer delivers the error now.
    mutating func combineFailed() {
        precondition(isDelivering, "Internal inconsistency: a zip row was combined without the delivery turn")
        isDelivering = false
        isStopped = true
        pending = nil
    }

    /// The subscription was disposed: nothing more is buffered or delivered.
    mutating func disposed() {
        isStopped = true
        isDisposed = true
        pending = nil
    }

    private mutating func end(_ terminal: Terminal) -> Terminal? {
        guard !isStopped else { return nil }
        isStopped = true
        guard isDelivering else { return terminal }
        pending = terminal
        return nil
    }

    /// Accounts for moving one element of every buffer into a row. Called with
    /// the delivery turn.
    private mutating func takeRow() {
        for index in buffered.indices {
            buffered[index] -= 1
            if buffered[index] == 0 { emptyInputs += 1 }
        }
    }
}
