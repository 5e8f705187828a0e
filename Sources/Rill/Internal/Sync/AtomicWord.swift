import RillShims

/// One machine word with atomic operations, in its own small allocation.
///
/// Used where a per-element check must see a flag another thread may set (a
/// source's disposal), and for once-only transitions of disposables. Loads are
/// acquire, read-modify-writes acquire-release.
@usableFromInline
struct AtomicWord: @unchecked Sendable {
    // Sendable: the word is only touched through the C11 atomic operations below.
    @usableFromInline
    final class Storage: ManagedBuffer<Void, Int> {}

    @usableFromInline let storage: Storage

    init(_ initial: Int = 0) {
        storage = unsafeDowncast(Storage.create(minimumCapacity: 1) { _ in () }, to: Storage.self)
        storage.withUnsafeMutablePointerToElements { $0.initialize(to: initial) }
    }

    @inlinable var value: Int {
        storage.withUnsafeMutablePointerToElements { rill_atomic_load($0) }
    }

    @inlinable func store(_ value: Int) {
        storage.withUnsafeMutablePointerToElements { rill_atomic_store($0, value) }
    }

    /// Sets `bits` and returns the previous value.
    @inlinable @discardableResult
    func fetchOr(_ bits: Int) -> Int {
        storage.withUnsafeMutablePointerToElements { rill_atomic_fetch_or($0, bits) }
    }

    /// Adds `delta` and returns the previous value.
    @inlinable @discardableResult
    func fetchAdd(_ delta: Int) -> Int {
        storage.withUnsafeMutablePointerToElements { rill_atomic_fetch_add($0, delta) }
    }

    @inlinable
    func exchange(_ value: Int) -> Int {
        storage.withUnsafeMutablePointerToElements { rill_atomic_exchange($0, value) }
    }

    @inlinable
    func compareExchange(expected: Int, desired: Int) -> Bool {
        storage.withUnsafeMutablePointerToElements { rill_atomic_compare_exchange($0, expected, desired) }
    }
}
