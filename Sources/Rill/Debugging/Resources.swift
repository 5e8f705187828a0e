/// Counts Rill's live resources, to find leaked subscriptions.
///
/// In debug builds every observable and every subscription sink is counted while
/// it is alive; in release builds nothing is counted and `total` stays 0. A test
/// that reads `total` before and after its work (with everything disposed and
/// released) proves it leaked nothing. The counters are atomic: read them from any
/// thread.
///
/// ```swift
/// let before = Resources.total
/// do { _ = Observable.of(1, 2).map { $0 }.subscribe() }
/// assert(Resources.total == before)
/// ```
///
/// RxSwift defines this type only when built with `TRACE_RESOURCES`; Rill always
/// defines it, with RxSwift's names and types (`Int32`).
public enum Resources {
    private static let counter = AtomicWord()
    private static let serialDispatchQueueObservables = AtomicWord()

    /// The number of live observables and subscription sinks (debug builds), plus
    /// whatever `incrementTotal()` added and `decrementTotal()` took away.
    public static var total: Int32 { Int32(truncatingIfNeeded: counter.value) }

    /// Adds one to `total`, for a resource of your own that a leak check should see.
    ///
    /// - Returns: The new `total`.
    @discardableResult
    public static func incrementTotal() -> Int32 {
        Int32(truncatingIfNeeded: counter.fetchAdd(1) + 1)
    }

    /// Takes one from `total`, when a resource counted with `incrementTotal()` goes away.
    ///
    /// - Returns: The new `total`.
    @discardableResult
    public static func decrementTotal() -> Int32 {
        Int32(truncatingIfNeeded: counter.fetchAdd(-1) - 1)
    }

    /// The number of live subscriptions of `observe(on:)` to a
    /// `SerialDispatchQueueScheduler` (debug builds).
    ///
    /// RxSwift counts its dedicated serial-queue implementation of `observe(on:)`
    /// here; Rill's `observe(on:)` uses one implementation for every scheduler and
    /// counts the subscriptions made with a serial dispatch-queue scheduler.
    public static var numberOfSerialDispatchQueueObservables: Int32 {
        Int32(truncatingIfNeeded: serialDispatchQueueObservables.value)
    }

    @usableFromInline
    static func increment() { counter.fetchAdd(1) }

    @usableFromInline
    static func decrement() { counter.fetchAdd(-1) }

    static func incrementSerialDispatchQueueObservables() { serialDispatchQueueObservables.fetchAdd(1) }

    static func decrementSerialDispatchQueueObservables() { serialDispatchQueueObservables.fetchAdd(-1) }
}

/// RxSwift's record of the deepest stack of pending sources in a tail-recursive
/// `concat`; in Rill, a settable number that nothing updates.
///
/// RxSwift (with `TRACE_RESOURCES`) keeps a stack of the source generators of nested
/// `concat`s and records its deepest size here. Rill's `concat` keeps no such stack
/// (a `concat` nested in another is subscribed as a sink of its own, on the
/// trampoline, so the call stack stays flat either way), so the value stays where it
/// was last set. It exists so code that resets or reads it compiles; it is safe to
/// read and write from any thread.
public var maxTailRecursiveSinkStackSize: Int {
    get { tailRecursiveStackSize.value }
    set { tailRecursiveStackSize.store(newValue) }
}

private let tailRecursiveStackSize = AtomicWord()
