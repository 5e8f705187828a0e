extension PrimitiveSequence {
    /// Delivers this trait's outcome on `actor`; see `ObservableType.observe(on:)`
    /// with an actor.
    ///
    /// - Parameter actor: The actor whose executor delivers the outcome.
    /// - Returns: The same trait, delivering isolated to `actor`.
    @_alwaysEmitIntoClient
    public func observe(on actor: some Actor) -> PrimitiveSequence<Trait, Element> {
        PrimitiveSequence(raw: source.observe(on: actor))
    }

    /// Subscribes to this trait (and disposes it) on `actor`; see
    /// `ObservableType.subscribe(on:)` with an actor.
    ///
    /// - Parameter actor: The actor on which to subscribe and dispose.
    /// - Returns: The same trait, subscribed to on `actor`.
    @_alwaysEmitIntoClient
    public func subscribe(on actor: some Actor) -> PrimitiveSequence<Trait, Element> {
        PrimitiveSequence(raw: source.subscribe(on: actor))
    }
}
