#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

#if canImport(Darwin)
typealias LockPrimitive = os_unfair_lock
#else
typealias LockPrimitive = pthread_mutex_t
#endif

/// What a `Locked` keeps beside its state: the mutex and, in debug builds, the
/// thread holding it, for `LockGuarded`'s check.
struct LockHeader {
    var primitive: LockPrimitive
    #if DEBUG
    var owner: pthread_t?
    #endif

    init() {
        #if canImport(Darwin)
        primitive = os_unfair_lock()
        #else
        primitive = pthread_mutex_t()
        #endif
    }
}

/// Mutable state guarded by a mutex, stored with the mutex in one allocation.
///
/// Modelled on swift-nio's `NIOLockedValueBox`: the only way to the state is
/// `withLock`, so no access can forget the lock. Rill's rule for every caller:
/// never call out (deliver an event, run a user closure, dispose something else)
/// inside `withLock`; return what to do and do it after the lock is released.
///
/// The state may be noncopyable (a `RingBuffer`, or a state machine holding one).
/// `Locked` is `Sendable` when its state is: the lock is what makes sharing the
/// state safe. Where a lock must also guard a field stored outside it (a generic
/// field of a class whose locked state is deliberately not generic), that field is
/// a `LockGuarded`, the one named escape hatch (see Architecture.md).
///
/// A pthread mutex (not `Synchronization.Mutex`): ThreadSanitizer on Linux
/// understands it, and it needs no OS newer than the deployment floor.
struct Locked<State: ~Copyable> {
    /// The mutex in the header, the state as the one tail element.
    final class Storage: ManagedBuffer<LockHeader, State> {
        // ManagedBuffer destroys the header (the mutex's bytes); the state and the
        // mutex's resources are ours.
        deinit {
            withUnsafeMutablePointers { header, state in
                state.deinitialize(count: 1)
                #if !canImport(Darwin)
                pthread_mutex_destroy(&header.pointee.primitive)
                #endif
            }
        }
    }

    let storage: Storage

    init(_ initial: consuming State) {
        let buffer = Storage.create(minimumCapacity: 1) { _ in LockHeader() }
        storage = unsafeDowncast(buffer, to: Storage.self)
        let state = storage.withUnsafeMutablePointerToElements { $0 }
        state.initialize(to: initial)
        #if !canImport(Darwin)
        storage.withUnsafeMutablePointerToHeader { header in _ = pthread_mutex_init(&header.pointee.primitive, nil) }
        #endif
    }

    /// Runs `body` with exclusive access to the state. `body` must not call out of Rill.
    @inlinable
    func withLock<Result>(_ body: (inout State) throws -> Result) rethrows -> Result {
        try storage.withUnsafeMutablePointers { header, state in
            #if canImport(Darwin)
            os_unfair_lock_lock(&header.pointee.primitive)
            #else
            pthread_mutex_lock(&header.pointee.primitive)
            #endif
            #if DEBUG
            header.pointee.owner = pthread_self()
            #endif
            defer {
                #if DEBUG
                header.pointee.owner = nil
                #endif
                #if canImport(Darwin)
                os_unfair_lock_unlock(&header.pointee.primitive)
                #else
                pthread_mutex_unlock(&header.pointee.primitive)
                #endif
            }
            return try body(&state.pointee)
        }
    }

    /// Whether the calling thread holds this lock. Debug builds only (release
    /// builds keep no owner): for `LockGuarded`'s assertion.
    #if DEBUG
    var isHeldByCurrentThread: Bool {
        storage.withUnsafeMutablePointerToHeader { header in
            header.pointee.owner.map { pthread_equal($0, pthread_self()) != 0 } ?? false
        }
    }
    #endif
}

// Sendable: every access to the state goes through `withLock`, under the mutex.
extension Locked: @unchecked Sendable where State: Sendable & ~Copyable {}

/// A value a `Locked` elsewhere guards: the one escape hatch from "state a lock
/// guards lives inside it".
///
/// For two cases only, each listed in Architecture.md: a generic field of a class
/// whose locked state is deliberately not generic (in Rill's unspecialised code a
/// `withLock` on a state generic over `Element` looks its metadata up on every
/// call), and a child's field that its parent's lock guards. Every access names
/// the lock (`guardedBy:`), and debug builds check that the calling thread holds it.
///
/// Store it in a `var` marked `@exclusivity(unchecked)`: the lock, not the
/// compiler's dynamic exclusivity check, serialises the accesses.
struct LockGuarded<Value: ~Copyable>: ~Copyable {
    var value: Value

    init(_ value: consuming Value) {
        self.value = value
    }

    /// Runs `body` on the value. The caller must hold `lock` (checked in debug builds).
    @inlinable @inline(__always)
    mutating func withValue<State: ~Copyable, Result>(
        guardedBy lock: borrowing Locked<State>, _ body: (inout Value) throws -> Result
    ) rethrows -> Result {
        #if DEBUG
        assert(lock.isHeldByCurrentThread, "Internal inconsistency: a LockGuarded value was used without its lock")
        #endif
        return try body(&value)
    }
}
