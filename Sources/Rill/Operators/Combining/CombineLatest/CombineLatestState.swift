/// The state machine of `combineLatest` over N inputs.
///
/// Owned by the holder of the operator's `DeliveryTurn`: events reach it one at
/// a time, in the order their deliveries were serialised, so it needs no lock.
/// Deliberately not generic: in Rill's unspecialised code a generic state would
/// cost a metadata lookup on every element. The latest values live in typed
/// slots (`CombineLatestSlot`).
@usableFromInline
struct CombineLatestState {
    /// What the turn holder does after an input's element arrived.
    @usableFromInline
    enum Step: Equatable {
        /// Every input has a value: emit a combination.
        case emit
        /// Not every input has a value yet.
        case wait
        /// Some input will never have a value (it completed empty and every other
        /// input has completed): complete.
        case complete
    }

    var hasValue: [Bool]
    /// How many inputs have no value yet; once none, each element emits.
    @usableFromInline var missingValues: Int
    private var isDone: [Bool]
    private var doneCount = 0
    /// The result has ended: every later event is ignored.
    @usableFromInline private(set) var isStopped = false

    init(count: Int) {
        hasValue = Array(repeating: false, count: count)
        missingValues = count
        isDone = Array(repeating: false, count: count)
    }

    /// Input `index` sent an element. Nil: the result has ended, drop it.
    /// Otherwise store it in the input's slot and act on the step.
    @inlinable
    mutating func elementArrived(at index: Int) -> Step? {
        if isStopped { return nil }
        if missingValues == 0 { return .emit }
        return firstElementArrived(at: index)
    }

    /// `elementArrived(at:)` while some input has no value yet.
    @usableFromInline
    mutating func firstElementArrived(at index: Int) -> Step {
        if !hasValue[index] {
            hasValue[index] = true
            missingValues -= 1
        }
        if missingValues == 0 { return .emit }
        // An input without a value whose peers have all completed: if that input
        // has completed too, no combination can ever be made.
        for other in isDone.indices where other != index && !isDone[other] { return .wait }
        isStopped = true
        return .complete
    }

    /// Input `index` completed. True: every input has, deliver completion.
    mutating func completed(at index: Int) -> Bool {
        if isStopped || isDone[index] { return false }
        isDone[index] = true
        doneCount += 1
        if doneCount < isDone.count { return false }
        isStopped = true
        return true
    }

    /// An input failed. True: deliver the error.
    mutating func failed() -> Bool {
        if isStopped { return false }
        isStopped = true
        return true
    }

    /// The result selector threw: the error ends the result.
    mutating func stop() {
        isStopped = true
    }
}
