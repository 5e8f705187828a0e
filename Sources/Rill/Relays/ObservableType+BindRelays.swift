/// A relay, for `bind(to:)`: accepts elements, never a terminal event.
protocol RelayType: Sendable {
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
    /// - Returns: A disposable that ends the binding.
    public func bind(to relays: PublishRelay<Element>...) -> any Disposable {
        bind(toRelays: relays) { $0 }
    }

    /// Sends each element of this sequence, as an optional, to `relays`.
    public func bind(to relays: PublishRelay<Element?>...) -> any Disposable {
        bind(toRelays: relays) { $0 }
    }

    /// Sends each element of this sequence to `relays`, making it their current
    /// value. Completion and errors are handled as for `PublishRelay`.
    public func bind(to relays: BehaviorRelay<Element>...) -> any Disposable {
        bind(toRelays: relays) { $0 }
    }

    /// Sends each element of this sequence, as an optional, to `relays`.
    public func bind(to relays: BehaviorRelay<Element?>...) -> any Disposable {
        bind(toRelays: relays) { $0 }
    }

    /// Sends each element of this sequence to `relays`, which buffer it. Completion
    /// and errors are handled as for `PublishRelay`.
    public func bind(to relays: ReplayRelay<Element>...) -> any Disposable {
        bind(toRelays: relays) { $0 }
    }

    /// Sends each element of this sequence, as an optional, to `relays`.
    public func bind(to relays: ReplayRelay<Element?>...) -> any Disposable {
        bind(toRelays: relays) { $0 }
    }

    private func bind<Relay: RelayType>(
        toRelays relays: [Relay], _ convert: @escaping (Element) -> Relay.Element
    ) -> any Disposable {
        subscribe(
            onNext: { element in
                let value = convert(element)
                for relay in relays { relay.accept(value) }
            },
            onError: { reportBindingError($0, target: " to \(Relay.self)") }
        )
    }
}
