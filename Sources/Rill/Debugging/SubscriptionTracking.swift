import RillShims
#if canImport(Dispatch)
import Dispatch
#endif

/// The registry behind `Resources.liveSubscriptions`: one entry per subscription made
/// while tracking was on and not yet disposed.
///
/// How it stays free while off: the flag is a C global (`rill_tracking_subscriptions`,
/// RillShims) that `SubscriberSink.subscribe(to:site:)` reads once, with a relaxed load,
/// for a subscription still running after it attached; nothing else on the subscription
/// or element path reads it. A subscription that was registered carries the `tracked`
/// bit in its sink's state word, which `disposeSubscription()` already loads, so an
/// untracked subscription never touches the registry, even after tracking was turned on.
///
/// Registering: the entry is inserted first, then the bit is set with an atomic or. A
/// disposal that comes before the bit does not see it; this side then sees `disposed`
/// in the or's result and removes the entry itself. The registry holds the sink weakly,
/// so a subscription that its source dropped without disposing (the source itself was
/// released) disappears from the list.
@usableFromInline
enum SubscriptionTracking {
    /// Registered subscriptions keyed by the address of their sink's state word, behind
    /// one lock; never calls out. A handle keeps its sink's memory, so no other sink can
    /// take that address while `disposed(by:)` looks it up.
    private static let registry = RegistryStorage()

    // Sendable: the registry is reached only through its lock.
    private final class RegistryStorage: @unchecked Sendable {
        private let state = Locked(Registry())

        func withLock<Result>(_ body: (inout Registry) -> Result) -> Result {
            state.withLock(body)
        }
    }

    struct Registry {
        var entries: [UnsafeMutablePointer<Int>: Entry] = [:]
        var nextSerial = 0
    }

    struct Entry {
        weak var sink: AnyObject?
        let serial: Int
        var site: String?
        let chain: [String]
        /// Monotonic nanoseconds at subscription.
        let started: UInt64
        /// Where `disposed(by:)` put it in a bag, if it did.
        var keptAt: String?
    }

    static var isOn: Bool {
        get { rill_tracking_load() != 0 }
        set { rill_tracking_store(newValue ? 1 : 0) }
    }

    /// Registers `sink`, a subscription to `source` still running after it attached.
    @usableFromInline
    static func track<Element>(_ sink: SubscriberSink<Element>, source: Observable<Element>, site: SubscriptionSite) {
        let chain = ObservableChain.names(from: source) + [site.subscriber.chainName]
        let key = sink.state
        let started = monotonicNanoseconds()
        let siteDescription = site.description
        registry.withLock { registry in
            registry.nextSerial += 1
            registry.entries[key] = Entry(
                sink: sink, serial: registry.nextSerial, site: siteDescription, chain: chain, started: started
            )
        }
        if rill_atomic_fetch_or(sink.state, SubscriptionWords.tracked) & SubscriptionWords.disposed != 0 {
            // Disposed before the bit was set: its disposal did not look for an entry.
            untrack(sink)
        }
    }

    /// Removes `sink`'s entry (its subscription was disposed or ended).
    static func untrack<Element>(_ sink: SubscriberSink<Element>) {
        let key = sink.state
        let removed = registry.withLock { registry -> Entry? in
            guard let entry = registry.entries[key], entry.sink === sink else { return nil }
            return registry.entries.removeValue(forKey: key)
        }
        // The entry's weak reference is released here, after the lock.
        withExtendedLifetime(removed) {}
    }

    /// Notes that `disposable`, if it is a tracked subscription's handle, was put in a
    /// bag at `file`:`line`; a subscription whose entry point recorded no site takes
    /// that as its site.
    static func kept(_ disposable: any Disposable, file: StaticString, line: UInt) {
        guard let handle = disposable as? SubscriptionHandle,
              rill_atomic_load(handle.stateWord) & SubscriptionWords.tracked != 0 else { return }
        let key = handle.stateWord
        let site = "\(file):\(line)"
        registry.withLock { registry in
            guard registry.entries[key] != nil else { return }
            registry.entries[key]?.keptAt = site
            if registry.entries[key]?.site == nil { registry.entries[key]?.site = site }
        }
    }

    /// The registered subscriptions whose sink is still alive, oldest first; entries of
    /// released sinks are dropped.
    static func snapshot() -> [LiveSubscription] {
        let now = monotonicNanoseconds()
        let entries = registry.withLock { registry -> [Entry] in
            registry.entries = registry.entries.filter { $0.value.sink != nil }
            return Array(registry.entries.values)
        }
        return entries.sorted { $0.serial < $1.serial }.map { entry in
            LiveSubscription(
                site: entry.site ?? "unknown site", chain: entry.chain,
                age: Double(now &- entry.started) / 1_000_000_000, keptAt: entry.keptAt, id: entry.serial
            )
        }
    }

    static func monotonicNanoseconds() -> UInt64 {
        #if canImport(Dispatch)
        DispatchTime.now().uptimeNanoseconds
        #else
        0
        #endif
    }
}
