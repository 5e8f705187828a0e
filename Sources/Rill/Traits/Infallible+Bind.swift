extension InfallibleType {
    /// Subscribes `observers` to this sequence: each receives every element and the
    /// completion, in the order the observers are listed.
    ///
    /// ```swift
    /// let subscription = Infallible.just(1).bind(to: counter)   // counter gets 1, then completion
    /// ```
    ///
    /// - Parameter observers: The observers to send the events to.
    /// - Parameter file: Where the call is, recorded while `Resources.isTrackingSubscriptions` is on.
    /// - Parameter line: The call's line, recorded with `file`.
    /// - Returns: A disposable that ends the binding.
    public func bind<Observer: ObserverType>(
        to observers: Observer..., file: StaticString = #fileID, line: UInt = #line
    ) -> any Disposable where Observer.Element == Element {
        asObservable().subscribe(all: observers, site: SubscriptionSite(.bind, file: file, line: line))
    }

    /// Subscribes observers of optional elements to this sequence: each element
    /// arrives wrapped in `Optional`.
    ///
    /// - Parameter observers: The observers to send the events to.
    /// - Parameter file: Where the call is, recorded while `Resources.isTrackingSubscriptions` is on.
    /// - Parameter line: The call's line, recorded with `file`.
    /// - Returns: A disposable that ends the binding.
    public func bind<Observer: ObserverType>(
        to observers: Observer..., file: StaticString = #fileID, line: UInt = #line
    ) -> any Disposable where Observer.Element == Element? {
        asObservable().subscribe(all: observers, site: SubscriptionSite(.bind, file: file, line: line))
    }

    /// Passes this sequence to `binder` and returns what it returns: lets a function
    /// taking an infallible sequence read as a binding.
    ///
    /// - Parameter binder: The function to pass this sequence to.
    /// - Returns: What `binder` returns.
    @_alwaysEmitIntoClient
    public func bind<Result>(to binder: (Self) -> Result) -> Result {
        binder(self)
    }

    /// Passes this sequence and `curriedArgument` to a curried `binder`.
    ///
    /// - Parameters:
    ///   - binder: The curried function to pass this sequence to.
    ///   - curriedArgument: The second argument for `binder`.
    /// - Returns: What `binder` returns.
    @_alwaysEmitIntoClient
    public func bind<R1, R2>(to binder: (Self) -> (R1) -> R2, curriedArgument: R1) -> R2 {
        binder(self)(curriedArgument)
    }

    /// Subscribes `onNext` to the elements of this sequence.
    ///
    /// `onNext` runs on whatever thread the sequence delivers; closures written in
    /// actor-isolated code are checked as `subscribe(onNext:)`'s are.
    ///
    /// - Parameters:
    ///   - onNext: Called with each element.
    ///   - isolation: The caller's actor, found automatically; pass `nil` to hand
    ///     over a nonisolated closure.
    ///   - file: Where the call is, recorded while `Resources.isTrackingSubscriptions` is on.
    ///   - line: The call's line, recorded with `file`.
    /// - Returns: A disposable that ends the binding.
    @_alwaysEmitIntoClient
    public func bind(
        onNext: @escaping (Element) -> Void, isolation: isolated (any Actor)? = #isolation,
        file: StaticString = #fileID, line: UInt = #line
    ) -> any Disposable {
        asObservable().subscribe(
            onNext: onNext, onError: nil, onCompleted: nil, onDisposed: nil, isolation: isolation,
            site: SubscriptionSite(.bind, file: file, line: line)
        )
    }

    /// Sends each element of this sequence to `relays`, in the order listed.
    /// Completion ends the binding and leaves the relays running.
    ///
    /// - Parameter relays: The relays to send the elements to.
    /// - Parameter file: Where the call is, recorded while `Resources.isTrackingSubscriptions` is on.
    /// - Parameter line: The call's line, recorded with `file`.
    /// - Returns: A disposable that ends the binding.
    public func bind(
        to relays: PublishRelay<Element>..., file: StaticString = #fileID, line: UInt = #line
    ) -> any Disposable {
        asObservable().bind(toRelays: relays, site: SubscriptionSite(.bind, file: file, line: line)) { $0 }
    }

    /// Sends each element of this sequence, as an optional, to `relays`.
    ///
    /// - Parameter relays: The relays to send the elements to.
    /// - Parameter file: Where the call is, recorded while `Resources.isTrackingSubscriptions` is on.
    /// - Parameter line: The call's line, recorded with `file`.
    /// - Returns: A disposable that ends the binding.
    public func bind(
        to relays: PublishRelay<Element?>..., file: StaticString = #fileID, line: UInt = #line
    ) -> any Disposable {
        asObservable().bind(toRelays: relays, site: SubscriptionSite(.bind, file: file, line: line)) { $0 }
    }

    /// Sends each element of this sequence to `relays`, making it their current value.
    ///
    /// - Parameter relays: The relays to send the elements to.
    /// - Parameter file: Where the call is, recorded while `Resources.isTrackingSubscriptions` is on.
    /// - Parameter line: The call's line, recorded with `file`.
    /// - Returns: A disposable that ends the binding.
    public func bind(
        to relays: BehaviorRelay<Element>..., file: StaticString = #fileID, line: UInt = #line
    ) -> any Disposable {
        asObservable().bind(toRelays: relays, site: SubscriptionSite(.bind, file: file, line: line)) { $0 }
    }

    /// Sends each element of this sequence, as an optional, to `relays`.
    ///
    /// - Parameter relays: The relays to send the elements to.
    /// - Parameter file: Where the call is, recorded while `Resources.isTrackingSubscriptions` is on.
    /// - Parameter line: The call's line, recorded with `file`.
    /// - Returns: A disposable that ends the binding.
    public func bind(
        to relays: BehaviorRelay<Element?>..., file: StaticString = #fileID, line: UInt = #line
    ) -> any Disposable {
        asObservable().bind(toRelays: relays, site: SubscriptionSite(.bind, file: file, line: line)) { $0 }
    }

    /// Sends each element of this sequence to `relays`, which buffer it.
    ///
    /// - Parameter relays: The relays to send the elements to.
    /// - Parameter file: Where the call is, recorded while `Resources.isTrackingSubscriptions` is on.
    /// - Parameter line: The call's line, recorded with `file`.
    /// - Returns: A disposable that ends the binding.
    public func bind(
        to relays: ReplayRelay<Element>..., file: StaticString = #fileID, line: UInt = #line
    ) -> any Disposable {
        asObservable().bind(toRelays: relays, site: SubscriptionSite(.bind, file: file, line: line)) { $0 }
    }

    /// Sends each element of this sequence, as an optional, to `relays`.
    ///
    /// - Parameter relays: The relays to send the elements to.
    /// - Parameter file: Where the call is, recorded while `Resources.isTrackingSubscriptions` is on.
    /// - Parameter line: The call's line, recorded with `file`.
    /// - Returns: A disposable that ends the binding.
    public func bind(
        to relays: ReplayRelay<Element?>..., file: StaticString = #fileID, line: UInt = #line
    ) -> any Disposable {
        asObservable().bind(toRelays: relays, site: SubscriptionSite(.bind, file: file, line: line)) { $0 }
    }
}
