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

    /// The number of live observables, subscription sinks and `DisposeBase`s (debug
    /// builds: disposables such as `DisposeBag`, `CompositeDisposable`), plus
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

    /// Whether Rill records every new subscription's call site and chain, for
    /// `liveSubscriptions`. Off by default; launching with the environment variable
    /// `RILL_TRACK_SUBSCRIPTIONS=1` turns it on before any code runs. Safe to set from
    /// any thread, in any build.
    ///
    /// While on, each subscription made by `subscribe`, `bind(to:)`, RillCocoa's `drive`
    /// and `emit` that is still running after it subscribed is recorded with where it
    /// was made (`#fileID` and line), the steps of its chain and when; `disposed(by:)`
    /// adds where it put the subscription in a bag. The record goes when the
    /// subscription is disposed or ends. Turning it off keeps the records already made,
    /// which still go away with their subscriptions; turning it on does not reach back
    /// to subscriptions made before.
    ///
    /// Cost: off, one relaxed atomic load for each subscription still running after
    /// `subscribe` returns and one for each `disposed(by:)`, nothing per element. On,
    /// each recorded subscription reflects over its chain (a few microseconds; see the
    /// "Debugging" article for measured figures) and takes a lock once to register and
    /// once to unregister; elements still cost nothing extra.
    ///
    /// ```swift
    /// Resources.isTrackingSubscriptions = true
    /// let screen = SearchScreen()          // subscribes in its init
    /// screen.close()
    /// print(Resources.liveSubscriptionsReport())
    /// ```
    public static var isTrackingSubscriptions: Bool {
        get { SubscriptionTracking.isOn }
        set { SubscriptionTracking.isOn = newValue }
    }

    /// The subscriptions recorded while `isTrackingSubscriptions` was on that are still
    /// running, oldest first; empty while tracking was never on.
    ///
    /// A subscription appears here until it is disposed or ends (a terminal event), or
    /// until its source releases it without disposing it.
    public static var liveSubscriptions: [LiveSubscription] {
        SubscriptionTracking.snapshot()
    }

    /// A readable report of `liveSubscriptions`: grouped by call site, sites in the
    /// order of their oldest subscription, each with its count, its chains and the bags
    /// `disposed(by:)` put them in.
    ///
    /// Print it when a screen was closed and `total` did not go back down:
    ///
    /// ```
    /// 2 live subscriptions at 1 site, oldest first:
    ///   2 × Feature/SearchViewModel.swift:42 (oldest 3.2 s)
    ///       BehaviorSubject<String> → debounce → flatMapLatest → observe(on:) → subscribe
    /// ```
    ///
    /// - Returns: The report, or a line saying there is nothing to report (and whether
    ///   tracking is off).
    public static func liveSubscriptionsReport() -> String {
        LiveSubscription.report(liveSubscriptions, trackingIsOn: isTrackingSubscriptions)
    }

    static func increment() { counter.fetchAdd(1) }

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
