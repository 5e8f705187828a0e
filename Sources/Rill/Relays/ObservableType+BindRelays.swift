/// A relay, for `bind(to:)` (and RillCocoa's `drive(_:)` and `emit(to:)`): accepts
/// elements, never a terminal event.
package protocol RelayType: Sendable {
    associatedtype Element
    func accept(_ event: Element)
}

extension PublishRelay: RelayType {}
extension BehaviorRelay: RelayType {}
extension ReplayRelay: RelayType {}

extension ObservableType {
    /// Sends each element of this sequence to `relays`, in the order listed.
    ///
    /// Completion ends the binding and leaves the relays running (a relay never
    /// ends). An error is a programming error, as in RxSwift: debug builds stop with
    /// a message; release builds report it and end the binding.
    ///
    /// ```swift
    /// let subscription = searchResults.bind(to: resultsRelay)
    /// ```
    ///
    /// - Parameters:
    ///   - relays: The relays, in delivery order.
    ///   - file: Where the call is, recorded while `Resources.isTrackingSubscriptions` is on.
    ///   - line: The call's line, recorded with `file`.
    /// - Returns: A disposable that ends the binding.
    public func bind(
        to relays: PublishRelay<Element>..., file: StaticString = #fileID, line: UInt = #line
    ) -> any Disposable {
        bind(toRelays: relays, site: SubscriptionSite(.bind, file: file, line: line)) { $0 }
    }

    /// Sends each element of this sequence, as an optional, to `relays`.
    /// - Parameter relays: The relays, in delivery order.
    /// - Parameter file: Where the call is, recorded while `Resources.isTrackingSubscriptions` is on.
    /// - Parameter line: The call's line, recorded with `file`.
    public func bind(
        to relays: PublishRelay<Element?>..., file: StaticString = #fileID, line: UInt = #line
    ) -> any Disposable {
        bind(toRelays: relays, site: SubscriptionSite(.bind, file: file, line: line)) { $0 }
    }

    /// Sends each element of this sequence to `relays`, making it their current
    /// value. Completion and errors are handled as for `PublishRelay`.
    /// - Parameter relays: The relays, in delivery order.
    /// - Parameter file: Where the call is, recorded while `Resources.isTrackingSubscriptions` is on.
    /// - Parameter line: The call's line, recorded with `file`.
    public func bind(
        to relays: BehaviorRelay<Element>..., file: StaticString = #fileID, line: UInt = #line
    ) -> any Disposable {
        bind(toRelays: relays, site: SubscriptionSite(.bind, file: file, line: line)) { $0 }
    }

    /// Sends each element of this sequence, as an optional, to `relays`.
    /// - Parameter relays: The relays, in delivery order.
    /// - Parameter file: Where the call is, recorded while `Resources.isTrackingSubscriptions` is on.
    /// - Parameter line: The call's line, recorded with `file`.
    public func bind(
        to relays: BehaviorRelay<Element?>..., file: StaticString = #fileID, line: UInt = #line
    ) -> any Disposable {
        bind(toRelays: relays, site: SubscriptionSite(.bind, file: file, line: line)) { $0 }
    }

    /// Sends each element of this sequence to `relays`, which buffer it. Completion
    /// and errors are handled as for `PublishRelay`.
    /// - Parameter relays: The relays, in delivery order.
    /// - Parameter file: Where the call is, recorded while `Resources.isTrackingSubscriptions` is on.
    /// - Parameter line: The call's line, recorded with `file`.
    public func bind(
        to relays: ReplayRelay<Element>..., file: StaticString = #fileID, line: UInt = #line
    ) -> any Disposable {
        bind(toRelays: relays, site: SubscriptionSite(.bind, file: file, line: line)) { $0 }
    }

    /// Sends each element of this sequence, as an optional, to `relays`.
    /// - Parameter relays: The relays, in delivery order.
    /// - Parameter file: Where the call is, recorded while `Resources.isTrackingSubscriptions` is on.
    /// - Parameter line: The call's line, recorded with `file`.
    public func bind(
        to relays: ReplayRelay<Element?>..., file: StaticString = #fileID, line: UInt = #line
    ) -> any Disposable {
        bind(toRelays: relays, site: SubscriptionSite(.bind, file: file, line: line)) { $0 }
    }

    /// Sends each element, converted, to `relays`; the one body of every relay
    /// `bind(to:)` (Observable's and Infallible's) and of RillCocoa's `drive(_:)` and
    /// `emit(to:)` with relays.
    package func bind<Relay: RelayType>(
        toRelays relays: [Relay], site: SubscriptionSite = .unknown, _ convert: @escaping (Element) -> Relay.Element
    ) -> any Disposable {
        subscribe(
            onNext: { element in
                let value = convert(element)
                for relay in relays { relay.accept(value) }
            },
            onError: { reportBindingError($0, target: " to \(Relay.self)") },
            onCompleted: nil, onDisposed: nil, isolation: nil, site: site
        )
    }
}
