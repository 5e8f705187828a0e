/// A disposable that only records whether it was disposed.
public final class BooleanDisposable: Cancelable {
    private let state: AtomicWord

    /// Creates a disposable that is not yet disposed.
    public init() {
        state = AtomicWord(0)
    }

    /// Creates a disposable with the given state.
    public init(isDisposed: Bool) {
        state = AtomicWord(isDisposed ? 1 : 0)
    }

    /// Whether `dispose()` has been called.
    public var isDisposed: Bool { state.value != 0 }

    /// Marks the disposable disposed.
    public func dispose() {
        state.store(1)
    }
}
