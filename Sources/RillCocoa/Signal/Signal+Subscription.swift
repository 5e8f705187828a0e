import Rill

/// `emit` may be called on any thread, as in RxSwift: a signal replays nothing, so
/// every event it sends arrives on its scheduler (the main queue).
extension SharedSequenceConvertibleType where SharingStrategy == SignalSharingStrategy {
    /// Subscribes `observers` to this signal: each receives every event, in the order
    /// listed.
    ///
    /// ```swift
    /// let subscription = viewModel.showError.emit(to: alertObserver)
    /// ```
    ///
    /// - Parameter observers: The observers to send the events to.
    /// - Parameter file: Where the call is, recorded while `Resources.isTrackingSubscriptions` is on.
    /// - Parameter line: The call's line, recorded with `file`.
    /// - Returns: A disposable that ends the subscription.
    public func emit<Observer: ObserverType>(
        to observers: Observer..., file: StaticString = #fileID, line: UInt = #line
    ) -> any Disposable where Observer.Element == Element {
        asObservable().subscribe(all: observers, site: SubscriptionSite(.emit, file: file, line: line))
    }

    /// Subscribes observers of optional elements to this signal: each element arrives
    /// wrapped in `Optional`.
    ///
    /// - Parameter observers: The observers to send the events to.
    /// - Parameter file: Where the call is, recorded while `Resources.isTrackingSubscriptions` is on.
    /// - Parameter line: The call's line, recorded with `file`.
    /// - Returns: A disposable that ends the subscription.
    public func emit<Observer: ObserverType>(
        to observers: Observer..., file: StaticString = #fileID, line: UInt = #line
    ) -> any Disposable where Observer.Element == Element? {
        asObservable().subscribe(all: observers, site: SubscriptionSite(.emit, file: file, line: line))
    }

    /// Sends each element of this signal to `relays`, making it their current value.
    ///
    /// - Parameter relays: The relays to send the elements to.
    /// - Parameter file: Where the call is, recorded while `Resources.isTrackingSubscriptions` is on.
    /// - Parameter line: The call's line, recorded with `file`.
    /// - Returns: A disposable that ends the subscription.
    public func emit(
        to relays: BehaviorRelay<Element>..., file: StaticString = #fileID, line: UInt = #line
    ) -> any Disposable {
        asObservable().bind(toRelays: relays, site: SubscriptionSite(.emit, file: file, line: line)) { $0 }
    }

    /// Sends each element of this signal, as an optional, to `relays`.
    ///
    /// - Parameter relays: The relays to send the elements to.
    /// - Parameter file: Where the call is, recorded while `Resources.isTrackingSubscriptions` is on.
    /// - Parameter line: The call's line, recorded with `file`.
    /// - Returns: A disposable that ends the subscription.
    public func emit(
        to relays: BehaviorRelay<Element?>..., file: StaticString = #fileID, line: UInt = #line
    ) -> any Disposable {
        asObservable().bind(toRelays: relays, site: SubscriptionSite(.emit, file: file, line: line)) { $0 }
    }

    /// Sends each element of this signal to `relays`, which pass it on to their
    /// subscribers.
    ///
    /// ```swift
    /// let subscription = saveButtonTaps.emit(to: saveRequests)
    /// ```
    ///
    /// - Parameter relays: The relays to send the elements to.
    /// - Parameter file: Where the call is, recorded while `Resources.isTrackingSubscriptions` is on.
    /// - Parameter line: The call's line, recorded with `file`.
    /// - Returns: A disposable that ends the subscription.
    public func emit(
        to relays: PublishRelay<Element>..., file: StaticString = #fileID, line: UInt = #line
    ) -> any Disposable {
        asObservable().bind(toRelays: relays, site: SubscriptionSite(.emit, file: file, line: line)) { $0 }
    }

    /// Sends each element of this signal, as an optional, to `relays`.
    ///
    /// - Parameter relays: The relays to send the elements to.
    /// - Parameter file: Where the call is, recorded while `Resources.isTrackingSubscriptions` is on.
    /// - Parameter line: The call's line, recorded with `file`.
    /// - Returns: A disposable that ends the subscription.
    public func emit(
        to relays: PublishRelay<Element?>..., file: StaticString = #fileID, line: UInt = #line
    ) -> any Disposable {
        asObservable().bind(toRelays: relays, site: SubscriptionSite(.emit, file: file, line: line)) { $0 }
    }

    /// Sends each element of this signal to `relays`, which buffer it.
    ///
    /// - Parameter relays: The relays to send the elements to.
    /// - Parameter file: Where the call is, recorded while `Resources.isTrackingSubscriptions` is on.
    /// - Parameter line: The call's line, recorded with `file`.
    /// - Returns: A disposable that ends the subscription.
    public func emit(
        to relays: ReplayRelay<Element>..., file: StaticString = #fileID, line: UInt = #line
    ) -> any Disposable {
        asObservable().bind(toRelays: relays, site: SubscriptionSite(.emit, file: file, line: line)) { $0 }
    }

    /// Sends each element of this signal, as an optional, to `relays`.
    ///
    /// - Parameter relays: The relays to send the elements to.
    /// - Parameter file: Where the call is, recorded while `Resources.isTrackingSubscriptions` is on.
    /// - Parameter line: The call's line, recorded with `file`.
    /// - Returns: A disposable that ends the subscription.
    public func emit(
        to relays: ReplayRelay<Element?>..., file: StaticString = #fileID, line: UInt = #line
    ) -> any Disposable {
        asObservable().bind(toRelays: relays, site: SubscriptionSite(.emit, file: file, line: line)) { $0 }
    }

    /// Subscribes closures that also receive `object`, held weakly: once `object` is
    /// gone, they are no longer called.
    ///
    /// There is no error closure: a signal cannot fail. The closures run on the main
    /// queue; written in main-actor code they may touch main-actor state, and they are
    /// checked (see `isolation`).
    ///
    /// ```swift
    /// viewModel.openDetails.emit(with: self, onNext: { owner, item in owner.show(item) })
    /// ```
    ///
    /// - Parameters:
    ///   - object: The object passed to the closures; held weakly.
    ///   - onNext: Called with `object` and each element.
    ///   - onCompleted: Called with `object` when the signal completes.
    ///   - onDisposed: Called with `object` once, after completion or disposal.
    ///   - isolation: The caller's actor, found automatically; pass `nil` to hand over
    ///     nonisolated closures.
    ///   - file: Where the call is, recorded while `Resources.isTrackingSubscriptions` is on.
    ///   - line: The call's line, recorded with `file`.
    /// - Returns: A disposable that ends the subscription.
    public func emit<Object: AnyObject>(
        with object: Object,
        onNext: ((Object, Element) -> Void)? = nil,
        onCompleted: ((Object) -> Void)? = nil,
        onDisposed: ((Object) -> Void)? = nil,
        isolation: isolated (any Actor)? = #isolation,
        file: StaticString = #fileID,
        line: UInt = #line
    ) -> any Disposable {
        asObservable().subscribe(
            with: object, onNext: onNext, onError: nil, onCompleted: onCompleted, onDisposed: onDisposed,
            isolation: isolation, site: SubscriptionSite(.emit, file: file, line: line)
        )
    }

    /// Subscribes closures for elements, completion and disposal.
    ///
    /// There is no error closure: a signal cannot fail. The closures run on the main
    /// queue. Written in main-actor code they are main-actor closures and may touch
    /// main-actor state with no `MainActor.assumeIsolated`; Rill checks each call
    /// against the main actor (see `isolation`).
    ///
    /// ```swift
    /// viewModel.saved.emit(onNext: { self.toast.show("Saved") })
    /// ```
    ///
    /// - Parameters:
    ///   - onNext: Called with each element.
    ///   - onCompleted: Called when the signal completes.
    ///   - onDisposed: Called once, after completion or disposal.
    ///   - isolation: The caller's actor, found automatically; pass `nil` to hand over
    ///     nonisolated closures.
    ///   - file: Where the call is, recorded while `Resources.isTrackingSubscriptions` is on.
    ///   - line: The call's line, recorded with `file`.
    /// - Returns: A disposable that ends the subscription.
    public func emit(
        onNext: ((Element) -> Void)? = nil,
        onCompleted: (() -> Void)? = nil,
        onDisposed: (() -> Void)? = nil,
        isolation: isolated (any Actor)? = #isolation,
        file: StaticString = #fileID,
        line: UInt = #line
    ) -> any Disposable {
        asObservable().subscribe(
            onNext: onNext, onError: nil, onCompleted: onCompleted, onDisposed: onDisposed,
            isolation: isolation, site: SubscriptionSite(.emit, file: file, line: line)
        )
    }

    /// Subscribes to this signal and ignores its events.
    ///
    /// - Parameter file: Where the call is, recorded while `Resources.isTrackingSubscriptions` is on.
    /// - Parameter line: The call's line, recorded with `file`.
    /// - Returns: A disposable that ends the subscription.
    public func emit(file: StaticString = #fileID, line: UInt = #line) -> any Disposable {
        emit(onNext: nil, onCompleted: nil, onDisposed: nil, isolation: nil, file: file, line: line)
    }
}
