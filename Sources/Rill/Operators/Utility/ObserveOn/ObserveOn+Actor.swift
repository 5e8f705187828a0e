extension ObservableType {
    /// Delivers every event on `actor`, in order: `observe(on: ActorScheduler(actor))`.
    ///
    /// A closure subscribed below it, written inside that actor, reads and writes the
    /// actor's state without `await` and passes Rill's isolation check. A burst of
    /// events costs one hop onto the actor. Disposing on the actor stops delivery at
    /// once: nothing reaches the closures after `dispose()` returns there.
    ///
    /// ```swift
    /// actor Counter {
    ///     private(set) var total = 0
    ///     func add(_ numbers: Observable<Int>) -> any Disposable {
    ///         numbers
    ///             .observe(on: self)
    ///             .subscribe(onNext: { self.total += $0 })   // isolated to Counter
    ///     }
    /// }
    /// ```
    ///
    /// - Parameter actor: The actor whose executor delivers the events; for the main
    ///   actor, `MainActor.shared`.
    /// - Returns: The same events, delivered isolated to `actor`.
    @_alwaysEmitIntoClient
    public func observe(on actor: some Actor) -> Observable<Element> {
        observe(on: ActorScheduler.for(actor))
    }

    /// Subscribes to the source (and disposes it) on `actor`:
    /// `subscribe(on: ActorScheduler(actor))`.
    ///
    /// The source's subscription work (a `create` closure, a synchronous source's
    /// emission) runs isolated to `actor`. Later events of an asynchronous source
    /// still arrive where it produces them: use `observe(on:)` for those.
    ///
    /// - Parameter actor: The actor on which to subscribe and dispose.
    /// - Returns: The source's events, subscribed to on `actor`.
    @_alwaysEmitIntoClient
    public func subscribe(on actor: some Actor) -> Observable<Element> {
        subscribe(on: ActorScheduler.for(actor))
    }
}

extension ActorScheduler {
    /// The scheduler for `actor`: the shared ``main`` for the main actor.
    @usableFromInline
    static func `for`(_ actor: some Actor) -> ActorScheduler {
        actor is MainActor ? .main : ActorScheduler(actor)
    }
}
