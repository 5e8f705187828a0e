extension PrimitiveSequence {
    /// Delivers this trait's outcome on `scheduler`; see `ObservableType.observe(on:)`.
    @_alwaysEmitIntoClient
    public func observe(on scheduler: any ImmediateSchedulerType) -> PrimitiveSequence<Trait, Element> {
        PrimitiveSequence(raw: source.observe(on: scheduler))
    }

    /// Subscribes to this trait (and disposes it) on `scheduler`; see
    /// `ObservableType.subscribe(on:)`.
    @_alwaysEmitIntoClient
    public func subscribe(on scheduler: any ImmediateSchedulerType) -> PrimitiveSequence<Trait, Element> {
        PrimitiveSequence(raw: source.subscribe(on: scheduler))
    }

    /// Delivers this trait's outcome on `scheduler`: the deprecated spelling of `observe(on:)`.
    @available(*, deprecated, renamed: "observe(on:)")
    public func observeOn(_ scheduler: any ImmediateSchedulerType) -> PrimitiveSequence<Trait, Element> {
        observe(on: scheduler)
    }

    /// Subscribes on `scheduler`: the deprecated spelling of `subscribe(on:)`.
    @available(*, deprecated, renamed: "subscribe(on:)")
    public func subscribeOn(_ scheduler: any ImmediateSchedulerType) -> PrimitiveSequence<Trait, Element> {
        subscribe(on: scheduler)
    }

    /// Fails with `RxError.timeout` if the outcome does not arrive within `dueTime`
    /// of subscription.
    @_alwaysEmitIntoClient
    public func timeout(_ dueTime: RxTimeInterval, scheduler: any SchedulerType) -> PrimitiveSequence<Trait, Element> {
        PrimitiveSequence(raw: source.timeout(dueTime, scheduler: scheduler))
    }

    /// Switches to `other` if the outcome does not arrive within `dueTime` of subscription.
    @_alwaysEmitIntoClient
    public func timeout(
        _ dueTime: RxTimeInterval, other: PrimitiveSequence<Trait, Element>, scheduler: any SchedulerType
    ) -> PrimitiveSequence<Trait, Element> {
        PrimitiveSequence(raw: source.timeout(dueTime, other: other.source, scheduler: scheduler))
    }

    /// Delivers the outcome `dueTime` later; an error is delivered at once.
    @_alwaysEmitIntoClient
    public func delay(_ dueTime: RxTimeInterval, scheduler: any SchedulerType) -> PrimitiveSequence<Trait, Element> {
        PrimitiveSequence(raw: source.delay(dueTime, scheduler: scheduler))
    }

    /// Subscribes `dueTime` after the subscription is made.
    @_alwaysEmitIntoClient
    public func delaySubscription(_ dueTime: RxTimeInterval, scheduler: any SchedulerType) -> PrimitiveSequence<Trait, Element> {
        PrimitiveSequence(raw: source.delaySubscription(dueTime, scheduler: scheduler))
    }
}

extension PrimitiveSequence where Trait == SingleTrait, Element: RxAbstractInteger {
    /// A `Single` that succeeds with 0 after `dueTime`, on `scheduler`.
    @_alwaysEmitIntoClient
    public static func timer(_ dueTime: RxTimeInterval, scheduler: any SchedulerType) -> Single<Element> {
        Single(raw: Observable<Element>.timer(dueTime, scheduler: scheduler))
    }
}
