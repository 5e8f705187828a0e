/// The state machine of `combineLatest` over N inputs, and the gate that
/// serialises its delivery.
///
/// Deliberately not generic: it is locked on every element, and in Rill's
/// unspecialised code a generic state would cost a metadata lookup each time.
/// The latest values live in typed slots (`CombineLatestSlot`) that only the
/// holder of the delivery role touches; an input that arrives while another
/// delivers queues its element in its own slot and its index here, and the
/// deliverer applies the queued elements in order.
struct CombineLatestState {
    /// What an element's arrival means for the caller.
    enum Arrival: Equatable {
        /// The caller now holds the delivery role: store the value, then act on `step`.
        case deliver(Step)
        /// Another caller is delivering: the element must be queued in its slot.
        case queue
        /// The result has ended: drop the element.
        case drop
    }

    /// What the delivery role holder does after storing a value.
    enum Step: Equatable {
        /// Every input has a value: emit a combination.
        case emit
        /// Not every input has a value yet.
        case wait
        /// Some input will never have a value (it completed empty and every other
        /// input has completed): complete.
        case complete
    }

    /// What a terminal event means for the caller.
    enum Ending: Equatable {
        /// The caller now holds the delivery role: deliver the terminal event.
        case deliver
        /// Queued behind the running delivery.
        case queued
        case none
    }

    /// The deliverer's next work item.
    enum Next {
        /// Nothing queued: the role is released.
        case release
        /// Apply the element queued by input `index` to its slot, then act on `step`.
        case apply(index: Int, step: Step)
        /// Deliver the terminal event (`nil` is completion).
        case end((any Swift.Error)?)
    }

    private var hasValue: [Bool]
    private var valueCount = 0
    private var isDone: [Bool]
    private var doneCount = 0
    private var isDelivering = false
    private(set) var isStopped = false
    private var isDisposed = false
    /// Queued work in arrival order: an input index, or -1 for the terminal event.
    private var order: [Int] = []
    private var head = 0
    private var pendingError: (any Swift.Error)?

    init(count: Int) {
        hasValue = Array(repeating: false, count: count)
        isDone = Array(repeating: false, count: count)
    }

    /// Input `index` produced an element.
    mutating func elementArrived(at index: Int) -> Arrival {
        if isStopped { return .drop }
        if isDelivering {
            order.append(index)
            return .queue
        }
        isDelivering = true
        return .deliver(record(index))
    }

    /// Input `index` completed. The result completes when every input has.
    mutating func completed(at index: Int) -> Ending {
        if isStopped || isDone[index] { return .none }
        isDone[index] = true
        doneCount += 1
        return doneCount == isDone.count ? end(nil) : .none
    }

    /// An input failed.
    mutating func failed(_ error: any Swift.Error) -> Ending {
        isStopped ? .none : end(error)
    }

    /// For the deliverer, after each item: true, and the role is released, when
    /// nothing is queued (the common case, checked without building a `Next`).
    mutating func releaseIfIdle() -> Bool {
        guard head >= order.count else { return false }
        isDelivering = false
        if head > 0 {
            order.removeAll(keepingCapacity: order.capacity <= 64)
            head = 0
        }
        return true
    }

    /// For the deliverer, after each item.
    mutating func next() -> Next {
        guard head < order.count else {
            isDelivering = false
            if head > 0 {
                order.removeAll(keepingCapacity: order.capacity <= 64)
                head = 0
            }
            return .release
        }
        let index = order[head]
        head += 1
        if index < 0 {
            defer { pendingError = nil }
            return .end(pendingError)
        }
        return .apply(index: index, step: record(index))
    }

    /// For the deliverer, when the selector threw: drops all queued work and
    /// stops. Returns true if the error must be delivered (not disposed).
    mutating func failWhileDelivering() -> Bool {
        isStopped = true
        dropQueue()
        return !isDisposed
    }

    mutating func dispose() {
        isStopped = true
        isDisposed = true
        dropQueue()
    }

    /// Records that input `index` has a value and says what follows.
    private mutating func record(_ index: Int) -> Step {
        if !hasValue[index] {
            hasValue[index] = true
            valueCount += 1
        }
        if valueCount == hasValue.count { return .emit }
        // An input without a value whose peers have all completed: if that input
        // has completed too, no combination can ever be made.
        for other in isDone.indices where other != index && !isDone[other] { return .wait }
        isStopped = true
        dropQueue()
        return .complete
    }

    private mutating func end(_ error: (any Swift.Error)?) -> Ending {
        isStopped = true
        if isDelivering {
            pendingError = error
            order.append(-1)
            return .queued
        }
        isDelivering = true
        return .deliver
    }

    private mutating func dropQueue() {
        order.removeAll()
        head = 0
        pendingError = nil
    }
}
