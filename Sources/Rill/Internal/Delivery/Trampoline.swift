import RillShims

#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Work that a thread's trampoline runs later, in the order it was queued.
@usableFromInline
class TrampolineTask {
    /// Runs the task. `trampoline` is the current thread's; a task that has more
    /// work may re-enqueue itself there.
    func run(on trampoline: Trampoline) {}
}

/// The current thread's queue of scheduled work: `CurrentThreadScheduler`'s state.
///
/// While a trampoline is active, work scheduled on the current thread is queued
/// and run after the running work returns, instead of nesting, so the stack stays
/// at constant depth however many elements a synchronous source emits. Only its
/// own thread touches it, through the thread-local `current`.
@usableFromInline
final class Trampoline {
    /// Whether work is being run by this trampoline: schedule onto it is queued.
    @exclusivity(unchecked) @usableFromInline var isActive = false
    @exclusivity(unchecked) @usableFromInline var queue = RingBuffer<TrampolineTask>()

    /// Registered only for its destructor, which releases a thread's trampoline
    /// when the thread ends; the trampoline itself is read from the C thread-local
    /// `rill_current_trampoline`, a single load.
    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        #if canImport(Darwin)
        let destructor: @convention(c) (UnsafeMutableRawPointer) -> Void = { raw in
            rill_trampoline_set(nil)
            Unmanaged<Trampoline>.fromOpaque(raw).release()
        }
        #else
        let destructor: @convention(c) (UnsafeMutableRawPointer?) -> Void = { raw in
            rill_trampoline_set(nil)
            if let raw { Unmanaged<Trampoline>.fromOpaque(raw).release() }
        }
        #endif
        let status = pthread_key_create(&key, destructor)
        precondition(status == 0, "Rill could not create the CurrentThreadScheduler thread-local key")
        return key
    }()

    /// The calling thread's trampoline, created on first use.
    static var current: Trampoline {
        currentReference.takeUnretainedValue()
    }

    /// The calling thread's trampoline, unretained: the thread-local slot keeps it
    /// alive until the thread ends, so a caller on this thread may use it without
    /// retaining it.
    @inlinable
    static var currentReference: Unmanaged<Trampoline> {
        if let raw = rill_trampoline_get() {
            return Unmanaged<Trampoline>.fromOpaque(raw)
        }
        return makeCurrent()
    }

    /// Creates the calling thread's trampoline, the first time the thread needs
    /// one (again, if a destructor running at thread exit needs it after the
    /// trampoline was released).
    @usableFromInline
    static func makeCurrent() -> Unmanaged<Trampoline> {
        let trampoline = Unmanaged.passRetained(Trampoline())
        pthread_setspecific(key, trampoline.toOpaque())
        rill_trampoline_set(trampoline.toOpaque())
        return trampoline
    }

    /// Whether work is waiting behind the running task. A source emitting in a
    /// loop yields (re-enqueues itself) when this is true, so other sources
    /// scheduled on this thread interleave exactly as if each element were a
    /// separate scheduled step.
    @inlinable var hasPending: Bool { !queue.isEmpty }

    func enqueue(_ task: TrampolineTask) {
        queue.append(task)
    }

    /// Runs `body` with the current thread's trampoline active: work that `body`
    /// schedules on the current thread runs after `body` returns, before this
    /// returns. If the trampoline is already active, `body` just runs and the
    /// work runs when the outer activation drains.
    @inlinable
    static func run<Result>(_ body: (Trampoline) -> Result) -> Result {
        // No retain: the thread-local slot keeps this thread's trampoline alive.
        currentReference._withUnsafeGuaranteedRef { trampoline in
            if trampoline.isActive { return body(trampoline) }
            trampoline.isActive = true
            let result = body(trampoline)
            if trampoline.hasPending { trampoline.drain() }
            trampoline.isActive = false
            return result
        }
    }

    @usableFromInline
    func drain() {
        while let task = queue.removeFirst() {
            task.run(on: self)
        }
    }
}
