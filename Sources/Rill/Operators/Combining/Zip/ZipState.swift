/// What `zip` does with the events of its inputs: a value type owned by the
/// holder of the operator's delivery turn, which hands it the inputs' events one
/// at a time in the order their deliveries were serialised (a `SerialDrain`), so
/// it needs no lock. It counts the elements each input has buffered; the elements
/// themselves live in typed buffers beside it.
///
/// Completion follows RxSwift 6.10 exactly, so tests written against it keep their
/// virtual times. RxSwift has one rule per form of `zip`:
/// - separate arguments (`zip(a, b)`, arities 2...8, `Rule.everyInputCompleted`):
///   the result completes when every input has completed, and not before; elements
///   that can never pair are buffered until then.
/// - a collection (`zip([a, b])`, `Rule.orNoRowCanForm`): the same, or earlier,
///   when an element arrives that cannot complete a row while every other input
///   has completed.
/// Under both, an input that completes with nothing buffered does not end the
/// result by itself (`zip(never, empty)` never terminates, as in RxSwift). An error
/// from any input, or from the result selector, fails the result.
///
/// Not copyable: it owns the memory of its per-input counts, kept out of arrays
/// so that the per-element path has no copy-on-write checks.
@usableFromInline
struct ZipState: ~Copyable {
    /// When the result completes; see the type's documentation.
    @usableFromInline
    enum Rule: Sendable {
        /// When every input has completed (`zip` with separate arguments).
        case everyInputCompleted
        /// When every input has completed, or an element arrives that cannot form
        /// a row while every other input has completed (`zip` over a collection).
        case orNoRowCanForm
    }

    /// What to do with an element that arrived.
    @usableFromInline
    enum ElementAction: Equatable {
        /// Drop it: the sequence ended.
        case discard
        /// Buffer it: some input has nothing buffered.
        case buffer
        /// Buffer it, then deliver a row: the oldest element of every input. Every
        /// other input had one buffered; this one had none.
        case deliverRow
        /// Drop it and complete: no row can ever form again (`Rule.orNoRowCanForm`).
        case complete
    }

    /// Elements buffered per input.
    @usableFromInline let buffered: UnsafeMutablePointer<Int>
    @usableFromInline let isCompleted: UnsafeMutablePointer<Bool>
    @usableFromInline let inputCount: Int
    /// True under `Rule.orNoRowCanForm`.
    @usableFromInline let completesWhenNoRowCanForm: Bool
    @usableFromInline var completedCount = 0
    /// Inputs whose buffer is empty; the arrival that brings this to 0 forms a row.
    @usableFromInline var emptyInputs: Int
    /// The sequence ended: every later event is ignored.
    @usableFromInline private(set) var isStopped = false

    init(inputCount: Int, rule: Rule) {
        self.inputCount = inputCount
        completesWhenNoRowCanForm = rule == .orNoRowCanForm
        buffered = .allocate(capacity: inputCount)
        buffered.initialize(repeating: 0, count: inputCount)
        isCompleted = .allocate(capacity: inputCount)
        isCompleted.initialize(repeating: false, count: inputCount)
        emptyInputs = inputCount
    }

    @inlinable
    deinit {
        buffered.deallocate()
        isCompleted.deallocate()
    }

    /// Input `index` sent an element.
    @inlinable
    mutating func elementArrived(at index: Int) -> ElementAction {
        guard !isStopped, completedCount == 0 || !isCompleted[index] else { return .discard }
        let wasEmpty = buffered[index] == 0
        if wasEmpty && emptyInputs == 1 {
            takeRow(arriving: index)
            return .deliverRow
        }
        if completesWhenNoRowCanForm && completedCount == inputCount - 1 {
            // Some other input is empty and has completed: no row can form again.
            isStopped = true
            return .complete
        }
        buffered[index] += 1
        if wasEmpty { emptyInputs -= 1 }
        return .buffer
    }

    /// Input `index` completed. True: every input has, complete now.
    mutating func inputCompleted(at index: Int) -> Bool {
        guard !isStopped, !isCompleted[index] else { return false }
        isCompleted[index] = true
        completedCount += 1
        guard completedCount == inputCount else { return false }
        isStopped = true
        return true
    }

    /// An input failed. True: deliver the error.
    mutating func inputFailed() -> Bool {
        guard !isStopped else { return false }
        isStopped = true
        return true
    }

    /// The result selector threw, or the subscription was disposed: nothing
    /// more is buffered or delivered.
    mutating func stop() {
        isStopped = true
    }

    /// Accounts for a row made of the element arriving at `arriving` (whose
    /// buffer was empty and stays so) and the oldest element of every other input.
    @inlinable
    mutating func takeRow(arriving: Int) {
        var empty = 1
        for index in 0..<inputCount where index != arriving {
            buffered[index] -= 1
            if buffered[index] == 0 { empty += 1 }
        }
        emptyInputs = empty
    }
}
