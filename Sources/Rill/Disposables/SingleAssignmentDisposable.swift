/// A disposable whose underlying disposable is set exactly once, possibly after
/// it was disposed: then the underlying one is disposed as soon as it is set.
///
/// Setting it twice is a programming error and stops the program with a message.
///
/// A `DisposeBase`, as in RxSwift (counted in `Resources.total` while alive, in
/// debug builds).
public final class SingleAssignmentDisposable: DisposeBase, Cancelable {
    private struct State {
        var disposable: (any Disposable)?
        var isAssigned = false
        var isDisposed = false
    }

    private let state = Locked(State())

    /// Creates an empty disposable.
    override public init() {}

    /// Whether `dispose()` has been called.
    public var isDisposed: Bool { state.withLock { $0.isDisposed } }

    /// Sets the underlying disposable. If this disposable was already disposed,
    /// `disposable` is disposed at once.
    public func setDisposable(_ disposable: any Disposable) {
        let disposeNow: Bool = state.withLock { state in
            precondition(!state.isAssigned, "SingleAssignmentDisposable.setDisposable called twice")
            state.isAssigned = true
            if state.isDisposed { return true }
            state.disposable = disposable
            return false
        }
        if disposeNow { disposable.dispose() }
    }

    /// Disposes the underlying disposable, now or when it is set.
    public func dispose() {
        let disposable: (any Disposable)? = state.withLock { state in
            guard !state.isDisposed else { return nil }
            state.isDisposed = true
            defer { state.disposable = nil }
            return state.disposable
        }
        disposable?.dispose()
    }
}

// Sendable: all state is behind `state`'s lock.
extension SingleAssignmentDisposable: @unchecked Sendable {}
