/// Counts Rill's live resources, to find leaked subscriptions.
///
/// In debug builds every observable and every subscription sink is counted while
/// it is alive; in release builds nothing is counted and `total` stays 0. A test
/// that reads `total` before and after its work (with everything disposed and
/// released) proves it leaked nothing.
///
/// ```swift
/// let before = Resources.total
/// do { _ = Observable.of(1, 2).map { $0 }.subscribe() }
/// assert(Resources.total == before)
/// ```
public enum Resources {
    private static let counter = AtomicWord()

    /// The number of live observables and subscription sinks (debug builds).
    public static var total: Int { counter.value }

    @usableFromInline
    static func increment() { counter.fetchAdd(1) }

    @usableFromInline
    static func decrement() { counter.fetchAdd(-1) }
}
