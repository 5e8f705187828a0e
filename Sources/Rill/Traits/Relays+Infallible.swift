// `asInfallible()` on the relays: a relay never fails, so its sequence converts to
// an `Infallible` without saying what replaces an error.

extension PublishRelay {
    /// The relay's elements as an `Infallible`: new elements only, on the thread
    /// that calls `accept`. The relay never fails or completes, so neither does the result.
    ///
    /// - Returns: An `Infallible` of the elements accepted after subscription.
    @_alwaysEmitIntoClient
    public func asInfallible() -> Infallible<Element> {
        Infallible(asObservable())
    }
}

extension BehaviorRelay {
    /// The relay's elements as an `Infallible`: the current value at subscription,
    /// then each new one, on the thread that calls `accept`. It never fails or completes.
    ///
    /// - Returns: An `Infallible` of the current value and the ones accepted afterwards.
    @_alwaysEmitIntoClient
    public func asInfallible() -> Infallible<Element> {
        Infallible(asObservable())
    }
}

extension ReplayRelay {
    /// The relay's elements as an `Infallible`: the buffered elements at
    /// subscription, then each new one. It never fails or completes.
    ///
    /// - Returns: An `Infallible` of the replayed and the later elements.
    @_alwaysEmitIntoClient
    public func asInfallible() -> Infallible<Element> {
        Infallible(asObservable())
    }
}
