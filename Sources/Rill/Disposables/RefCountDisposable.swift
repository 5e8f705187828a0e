/// A disposable that disposes its underlying disposable only when it has been
/// disposed itself and every disposable handed out by `retain()` has been disposed.
///
/// A `DisposeBase`, as in RxSwift (counted in `Resources.total` while alive, in
/// debug builds).
public final class RefCountDisposable: DisposeBase, Cancelable {
    private struct State {
        var disposable: (any Disposable)?
        var count = 0
        var isPrimaryDisposed = false
    }

    private let state: Locked<State>

    /// Wraps `disposable`.
    public init(disposable: any Disposable) {
        state = Locked(State(disposable: disposable))
    }

    /// Whether the underlying disposable has been disposed.
    public var isDisposed: Bool { state.withLock { $0.disposable == nil } }

    /// Returns a disposable that keeps the underlying one alive until it is disposed.
    /// After the underlying one was disposed, returns a no-op disposable.
    public func retain() -> any Disposable {
        let retained: Bool = state.withLock { state in
            guard state.disposable != nil else { return false }
            state.count += 1
            return true
        }
        guard retained else { return Disposables.create() }
        return Disposables.create { [self] in release() }
    }

    /// Disposes the primary reference; the underlying disposable is disposed once
    /// every retained reference is disposed too.
    public func dispose() {
        let toDispose: (any Disposable)? = state.withLock { state in
            guard !state.isPrimaryDisposed, let disposable = state.disposable else { return nil }
            state.isPrimaryDisposed = true
            guard state.count == 0 else { return nil }
            state.disposable = nil
            return disposable
        }
        toDispose?.dispose()
    }

    private func release() {
        let toDispose: (any Disposable)? = state.withLock { state in
            guard let disposable = state.disposable else { return nil }
            state.count -= 1
            guard state.isPrimaryDisposed, state.count == 0 else { return nil }
            state.disposable = nil
            return disposable
        }
        toDispose?.dispose()
    }
}

// Sendable: all state is behind `state`'s lock.
extension RefCountDisposable: @unchecked Sendable {}
