#if canImport(Foundation)
import Foundation
#endif

/// A subscription that is still running, as `Resources.liveSubscriptions` lists it
/// while `Resources.isTrackingSubscriptions` is on.
///
/// ```swift
/// for subscription in Resources.liveSubscriptions {
///     print(subscription.site, subscription.chain.joined(separator: " → "))
/// }
/// // Feature/SearchViewModel.swift:42 BehaviorSubject<String> → debounce → flatMapLatest → observe(on:) → subscribe
/// ```
public struct LiveSubscription: Sendable, Hashable, Identifiable, CustomStringConvertible {
    /// Where the subscription was made: the `#fileID` and line of the `subscribe`,
    /// `bind(to:)`, `drive` or `emit` call (`"Feature/SearchViewModel.swift:42"`).
    ///
    /// A subscription made through `subscribe(_:)` with an observer records no site of
    /// its own; it takes the site of the `disposed(by:)` that put it in a bag, or reads
    /// `"unknown site"`.
    public let site: String

    /// The steps from the source to the subscriber: the source (a subject's type, such
    /// as `"BehaviorSubject<String>"`, or a factory such as `"interval"`), each operator,
    /// and last the kind of call that subscribed (`"subscribe"`, `"bind"`, `"drive"`,
    /// `"emit"`).
    ///
    /// Where several sequences meet (`merge`, `combineLatest`, `withLatestFrom`), the
    /// chain follows the first. An operator whose source Rill cannot see is the first
    /// step, after `"…"`.
    public let chain: [String]

    /// Seconds since the subscription was made (a monotonic clock, read when the list
    /// was taken).
    public let age: TimeInterval

    /// Where `disposed(by:)` put the subscription in a `DisposeBag`, or nil if it did not.
    public let keptAt: String?

    /// A number that identifies this subscription among those recorded in this process,
    /// in the order they were made.
    public let id: Int

    init(site: String, chain: [String], age: TimeInterval, keptAt: String?, id: Int) {
        self.site = site
        self.chain = chain
        self.age = age
        self.keptAt = keptAt
        self.id = id
    }

    /// One line: the site, the chain and the age.
    public var description: String {
        "\(site): \(chain.joined(separator: " → ")) (\(LiveSubscription.formatAge(age)) old)"
    }

    static func formatAge(_ seconds: TimeInterval) -> String {
        if seconds < 1 { return "\(Int((seconds * 1000).rounded())) ms" }
        if seconds < 120 { return String(format: "%.1f s", seconds) }
        return "\(Int(seconds / 60)) min"
    }

    /// The report of `Resources.liveSubscriptionsReport()`, for `subscriptions`.
    package static func report(_ subscriptions: [LiveSubscription], trackingIsOn: Bool) -> String {
        guard !subscriptions.isEmpty else {
            return trackingIsOn
                ? "No live subscriptions."
                : "No live subscriptions recorded: subscription tracking is off (set Resources.isTrackingSubscriptions = true, or launch with RILL_TRACK_SUBSCRIPTIONS=1)."
        }
        // Group by site; groups in the order of their oldest subscription.
        var order: [String] = []
        var bySite: [String: [LiveSubscription]] = [:]
        for subscription in subscriptions.sorted(by: { $0.id < $1.id }) {
            if bySite[subscription.site] == nil { order.append(subscription.site) }
            bySite[subscription.site, default: []].append(subscription)
        }
        let siteCount = order.count == 1 ? "1 site" : "\(order.count) sites"
        let total = subscriptions.count == 1 ? "1 live subscription" : "\(subscriptions.count) live subscriptions"
        var lines = ["\(total) at \(siteCount), oldest first:"]
        for site in order {
            let group = bySite[site]!
            let oldest = group.map(\.age).max() ?? 0
            lines.append("  \(group.count) × \(site) (oldest \(formatAge(oldest)))")
            var chains: [[String]] = []
            var chainCounts: [[String]: Int] = [:]
            for subscription in group {
                if chainCounts[subscription.chain] == nil { chains.append(subscription.chain) }
                chainCounts[subscription.chain, default: 0] += 1
            }
            for chain in chains {
                let count = chainCounts[chain]!
                let prefix = chains.count > 1 ? "\(count) × " : ""
                lines.append("      \(prefix)\(chain.joined(separator: " → "))")
            }
            var bags: [String] = []
            for case let bag? in group.map(\.keptAt) where !bags.contains(bag) { bags.append(bag) }
            if !bags.isEmpty { lines.append("      kept by disposed(by:) at \(bags.joined(separator: ", "))") }
        }
        return lines.joined(separator: "\n")
    }
}
