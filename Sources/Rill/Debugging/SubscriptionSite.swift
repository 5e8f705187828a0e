/// Where a subscription was made and by which kind of call, handed from the public
/// entry points (`subscribe`, `bind(to:)`, RillCocoa's `drive` and `emit`) to the
/// subscriber's sink. Only read while `Resources.isTrackingSubscriptions` is on;
/// otherwise it is four words passed along and dropped.
@usableFromInline
package struct SubscriptionSite: Sendable {
    /// The call's `#fileID`, or empty when the entry point has no site (`subscribe(_:)`
    /// with an observer, `values`).
    @usableFromInline let file: StaticString
    @usableFromInline let line: UInt
    @usableFromInline let subscriber: SubscriberKind

    @inlinable
    package init(_ subscriber: SubscriberKind, file: StaticString, line: UInt) {
        self.subscriber = subscriber
        self.file = file
        self.line = line
    }

    /// A subscription whose entry point records no site.
    @inlinable
    static var unknown: SubscriptionSite { SubscriptionSite(.subscribe, file: "", line: 0) }

    /// `"Feature/SearchViewModel.swift:42"`, or nil for `unknown`.
    var description: String? {
        file.utf8CodeUnitCount == 0 ? nil : "\(file):\(line)"
    }
}

/// The call that made a subscription: the last step of its chain.
@usableFromInline
package enum SubscriberKind: UInt8, Sendable {
    case subscribe
    case bind
    case drive
    case emit

    var chainName: String {
        switch self {
        case .subscribe: "subscribe"
        case .bind: "bind"
        case .drive: "drive"
        case .emit: "emit"
        }
    }
}
