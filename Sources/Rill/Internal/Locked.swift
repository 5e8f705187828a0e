#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

#if canImport(Darwin)
@usableFromInline typealias LockPrimitive = os_unfair_lock
#else
@usableFromInline typealias LockPrimitive = pthread_mutex_t
#endif

/// Mutable state guarded by a mutex, stored with the mutex in one allocation.
///
/// Modelled on swift-nio's `NIOLockedValueBox`: the only way to the state is
/// `withLock`, so no access can forget the lock. Rill's rule for every caller:
/// never call out (deliver an event, run a user closure, dispose something else)
/// inside `withLock`; return what to do and do it after the lock is released.
///
/// A pthread mutex (not `Synchronization.Mutex`): ThreadSanitizer on Linux
/// understands it, and it needs no OS newer than the deployment floor.
@usableFromInline
struct Locked<State> {
    @usableFromInline
    final class Storage: ManagedBuffer<State, LockPrimitive> {
        deinit {
            // Only the lock is ours to destroy: ManagedBuffer destroys the header
            // (the state) itself, and destroying it here too released it twice.
            withUnsafeMutablePointerToElements { lock in
                #if !canImport(Darwin)
                pthread_mutex_destroy(lock)
                #endif
                lock.deinitialize(count: 1)
            }
        }
    }

    @usableFromInline let storage: Storage

    @usableFromInline
    init(_ initial: State) {
        let buffer = Storage.create(minimumCapacity: 1) { _ in initial }
        storage = unsafeDowncast(buffer, to: Storage.self)
        storage.withUnsafeMutablePointerToElements { lock in
            #if canImport(Darwin)
            lock.initialize(to: os_unfair_lock())
            #else
            lock.initialize(to: pthread_mutex_t())
            pthread_mutex_init(lock, nil)
            #endif
        }
    }

    /// Runs `body` with exclusive access to the state. `body` must not call out of Rill.
    @inlinable
    func withLock<Result>(_ body: (inout State) throws -> Result) rethrows -> Result {
        try storage.withUnsafeMutablePointers { state, lock in
            #if canImport(Darwin)
            os_unfair_lock_lock(lock)
            defer { os_unfair_lock_unlock(lock) }
            #else
            pthread_mutex_lock(lock)
            defer { pthread_mutex_unlock(lock) }
            #endif
            return try body(&state.pointee)
        }
    }
}
