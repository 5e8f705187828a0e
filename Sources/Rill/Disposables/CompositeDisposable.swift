/// A group of disposables disposed together.
///
/// Disposables added after the group was disposed are disposed at once.
/// Removing one by its key disposes it.
///
/// Cost: `insert` is O(1) amortised; `remove(for:)` finds its key by binary search
/// (the newest key directly) and is otherwise O(1) amortised, copying nothing;
/// `dispose()` is O(n). So a group of 100,000 costs about as much per disposable
/// as one of 1,000.
///
/// A `DisposeBase`, as in RxSwift (counted in `Resources.total` while alive, in
/// debug builds).
public final class CompositeDisposable: DisposeBase, Cancelable {
    /// Identifies a disposable inside the group, for `remove(for:)`.
    public struct DisposeKey: Hashable, Sendable {
        fileprivate let value: UInt64
    }

    /// A disposable in the group, or a vacancy. Not generic, and no `Optional`:
    /// so copying and destroying one is inline code rather than calls through
    /// value witnesses found at run time (see `KeyedSlotArray`).
    private struct Slot: KeyedSlot {
        /// What a vacant slot holds: nothing to release.
        private struct Vacancy: Disposable {
            func dispose() {}
        }

        /// The key shifted left by one, its lowest bit set once the slot is vacant:
        /// checking for a vacancy reads no existential.
        private var keyAndVacancy: UInt64
        private var disposable: any Disposable

        init(key: UInt64, value: consuming any Disposable) {
            keyAndVacancy = key << 1
            disposable = value
        }

        var key: UInt64 { keyAndVacancy >> 1 }

        var isVacant: Bool { keyAndVacancy & 1 != 0 }

        mutating func take() -> any Disposable {
            keyAndVacancy |= 1
            return exchange(&disposable, with: Vacancy())
        }
    }

    private struct State {
        var disposables = KeyedSlotArray<Slot>()
        var isDisposed = false

        init(_ initial: [any Disposable] = []) {
            for disposable in initial { _ = disposables.append(disposable) }
        }
    }

    private let state: Locked<State>

    /// Creates an empty group.
    override public init() {
        state = Locked(State())
    }

    /// Creates a group holding two disposables.
    public init(_ disposable1: any Disposable, _ disposable2: any Disposable) {
        state = Locked(State([disposable1, disposable2]))
    }

    /// Creates a group holding three disposables.
    public init(_ disposable1: any Disposable, _ disposable2: any Disposable, _ disposable3: any Disposable) {
        state = Locked(State([disposable1, disposable2, disposable3]))
    }

    /// Creates a group holding four or more disposables.
    public init(
        _ disposable1: any Disposable, _ disposable2: any Disposable, _ disposable3: any Disposable,
        _ disposable4: any Disposable, _ disposables: any Disposable...
    ) {
        state = Locked(State([disposable1, disposable2, disposable3, disposable4] + disposables))
    }

    /// Creates a group holding `disposables`.
    public init(disposables: [any Disposable]) {
        state = Locked(State(disposables))
    }

    /// Whether `dispose()` has been called.
    public var isDisposed: Bool { state.withLock { $0.isDisposed } }

    /// The number of disposables in the group.
    public var count: Int { state.withLock { $0.disposables.count } }

    /// Adds `disposable` to the group.
    ///
    /// - Returns: The key to remove it with, or `nil` if the group was already
    ///   disposed, in which case `disposable` has been disposed.
    @discardableResult @inline(__always)
    public func insert(_ disposable: consuming any Disposable) -> DisposeKey? {
        // Moved into the group under the lock, leaving a `NopDisposable` behind, or
        // left here when the group is disposed. (Not an optional: destroying an
        // `Optional<any Disposable>` goes through its generic value witness.)
        var pending = disposable
        let key: UInt64? = state.withLock { state in
            guard !state.isDisposed else { return nil }
            return state.disposables.append(exchange(&pending, with: NopDisposable()))
        }
        guard let key else {
            pending.dispose()
            return nil
        }
        return DisposeKey(value: key)
    }

    /// Removes the disposable for `disposeKey` from the group and disposes it.
    public func remove(for disposeKey: DisposeKey) {
        state.withLock { $0.disposables.remove(disposeKey.value) }?.dispose()
    }

    /// Disposes every disposable in the group, in RxSwift's order: the first one
    /// added (or the newest, if it was added after the first was removed), then
    /// the others in the order they were added.
    public func dispose() {
        var removed = state.withLock { state -> KeyedSlotArray<Slot> in
            guard !state.isDisposed else { return KeyedSlotArray() }
            state.isDisposed = true
            return state.disposables.removeAll()
        }
        removed.removeEach { $0.dispose() }
    }
}

// Sendable: all state is behind `state`'s lock.
extension CompositeDisposable: @unchecked Sendable {}
