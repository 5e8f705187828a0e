/// A group of disposables disposed together.
///
/// Disposables added after the group was disposed are disposed at once.
/// Removing one by its key disposes it.
public final class CompositeDisposable: Cancelable {
    /// Identifies a disposable inside the group, for `remove(for:)`.
    public struct DisposeKey: Hashable, Sendable {
        fileprivate let value: UInt64
    }

    private struct State {
        var entries: [(key: UInt64, disposable: any Disposable)] = []
        var nextKey: UInt64 = 0
        var isDisposed = false
    }

    private let state: Locked<State>

    /// Creates an empty group.
    public init() {
        state = Locked(State())
    }

    /// Creates a group holding two disposables.
    public init(_ disposable1: any Disposable, _ disposable2: any Disposable) {
        state = Locked(State(entries: [(0, disposable1), (1, disposable2)], nextKey: 2))
    }

    /// Creates a group holding three disposables.
    public init(_ disposable1: any Disposable, _ disposable2: any Disposable, _ disposable3: any Disposable) {
        state = Locked(State(entries: [(0, disposable1), (1, disposable2), (2, disposable3)], nextKey: 3))
    }

    /// Creates a group holding four or more disposables.
    public init(
        _ disposable1: any Disposable, _ disposable2: any Disposable, _ disposable3: any Disposable,
        _ disposable4: any Disposable, _ disposables: any Disposable...
    ) {
        let all = [disposable1, disposable2, disposable3, disposable4] + disposables
        state = Locked(State(entries: all.enumerated().map { (UInt64($0.offset), $0.element) }, nextKey: UInt64(all.count)))
    }

    /// Creates a group holding `disposables`.
    public init(disposables: [any Disposable]) {
        state = Locked(State(
            entries: disposables.enumerated().map { (UInt64($0.offset), $0.element) },
            nextKey: UInt64(disposables.count)
        ))
    }

    /// Whether `dispose()` has been called.
    public var isDisposed: Bool { state.withLock { $0.isDisposed } }

    /// The number of disposables in the group.
    public var count: Int { state.withLock { $0.entries.count } }

    /// Adds `disposable` to the group.
    ///
    /// - Returns: The key to remove it with, or `nil` if the group was already
    ///   disposed, in which case `disposable` has been disposed.
    @discardableResult
    public func insert(_ disposable: any Disposable) -> DisposeKey? {
        let key: UInt64? = state.withLock { state in
            guard !state.isDisposed else { return nil }
            let key = state.nextKey
            state.nextKey += 1
            state.entries.append((key, disposable))
            return key
        }
        guard let key else {
            disposable.dispose()
            return nil
        }
        return DisposeKey(value: key)
    }

    /// Removes the disposable for `disposeKey` from the group and disposes it.
    public func remove(for disposeKey: DisposeKey) {
        let removed: (any Disposable)? = state.withLock { state in
            guard let index = state.entries.firstIndex(where: { $0.key == disposeKey.value }) else { return nil }
            return state.entries.remove(at: index).disposable
        }
        removed?.dispose()
    }

    /// Disposes every disposable in the group, in the order they were added.
    public func dispose() {
        let entries: [(key: UInt64, disposable: any Disposable)] = state.withLock { state in
            guard !state.isDisposed else { return [] }
            state.isDisposed = true
            defer { state.entries = [] }
            return state.entries
        }
        for entry in entries { entry.disposable.dispose() }
    }
}

// Sendable: all state is behind `state`'s lock.
extension CompositeDisposable: @unchecked Sendable {}
