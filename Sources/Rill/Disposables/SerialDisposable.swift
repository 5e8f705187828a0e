/// A disposable holding one replaceable underlying disposable.
///
/// Setting `disposable` disposes the previous one. After `dispose()`, the current
/// one is disposed and any later one is disposed as soon as it is set.
///
/// ```swift
/// let current = SerialDisposable()
/// current.disposable = first.subscribe()
/// current.disposable = second.subscribe()   // disposes the first subscription
/// ```
///
/// A `DisposeBase`, as in RxSwift (counted in `Resources.total` while alive, in
/// debug builds).
public final class SerialDisposable: DisposeBase, Cancelable {
    private struct State {
        var current: (any Disposable)?
        var isDisposed = false
    }

    private let state = Locked(State())

    /// Creates an empty serial disposable.
    override public init() {}

    /// Whether `dispose()` has been called.
    public var isDisposed: Bool { state.withLock { $0.isDisposed } }

    /// The underlying disposable. Setting it disposes the previous one, or the new
    /// one if this disposable is already disposed.
    public var disposable: any Disposable {
        get { state.withLock { $0.current } ?? Disposables.create() }
        set {
            let toDispose: (any Disposable)? = state.withLock { state in
                if state.isDisposed { return newValue }
                defer { state.current = newValue }
                return state.current
            }
            toDispose?.dispose()
        }
    }

    /// Disposes the underlying disposable and every later one.
    public func dispose() {
        let current: (any Disposable)? = state.withLock { state in
            guard !state.isDisposed else { return nil }
            state.isDisposed = true
            defer { state.current = nil }
            return state.current
        }
        current?.dispose()
    }
}

// Sendable: all state is behind `state`'s lock.
extension SerialDisposable: @unchecked Sendable {}
