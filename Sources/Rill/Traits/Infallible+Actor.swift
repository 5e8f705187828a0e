extension InfallibleType {
    /// Delivers the events on `actor`, in order; see `ObservableType.observe(on:)`
    /// with an actor.
    ///
    /// - Parameter actor: The actor whose executor delivers the events.
    /// - Returns: The same events, delivered isolated to `actor`.
    @_alwaysEmitIntoClient
    public func observe(on actor: some Actor) -> Infallible<Element> {
        lift { $0.observe(on: actor) }
    }

    /// Subscribes to (and disposes) the source on `actor`; see
    /// `ObservableType.subscribe(on:)` with an actor.
    ///
    /// - Parameter actor: The actor on which to subscribe and dispose.
    /// - Returns: The source's events, subscribed to on `actor`.
    @_alwaysEmitIntoClient
    public func subscribe(on actor: some Actor) -> Infallible<Element> {
        lift { $0.subscribe(on: actor) }
    }
}
