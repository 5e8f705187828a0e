extension PrimitiveSequenceType where Trait == CompletableTrait, Element == Swift.Never {
    /// Runs `second` after this `Completable` completes, and takes its outcome.
    ///
    /// `second` is subscribed only once this one completed; if this one fails,
    /// the result fails and `second` never starts.
    ///
    /// ```swift
    /// save(draft: "second").andThen(username(id: 3))   // success "user3"
    /// save(draft: "").andThen(username(id: 4))         // fails: the fetch never started
    /// ```
    ///
    /// - Returns: A `Single` with the outcome of `second`.
    @_alwaysEmitIntoClient
    public func andThen<Result>(_ second: Single<Result>) -> Single<Result> {
        Single(raw: primitiveSequence.source.then(second.source))
    }

    /// Runs `second` after this `Completable` completes, and takes its outcome;
    /// see `andThen(_:)` for a `Single`.
    ///
    /// - Returns: A `Maybe` with the outcome of `second`.
    @_alwaysEmitIntoClient
    public func andThen<Result>(_ second: Maybe<Result>) -> Maybe<Result> {
        Maybe(raw: primitiveSequence.source.then(second.source))
    }

    /// Runs `second` after this `Completable` completes; see `andThen(_:)` for a
    /// `Single`.
    ///
    /// - Returns: A `Completable` that completes when both did, in order.
    @_alwaysEmitIntoClient
    public func andThen(_ second: Completable) -> Completable {
        Completable(raw: primitiveSequence.source.then(second.source))
    }

    /// Subscribes to `second` after this `Completable` completes and emits its
    /// events; see `andThen(_:)` for a `Single`.
    ///
    /// - Returns: The events of `second`, started after this one completed.
    @_alwaysEmitIntoClient
    public func andThen<Result>(_ second: Observable<Result>) -> Observable<Result> {
        primitiveSequence.source.then(second)
    }

    /// Runs `second` after this `Completable` completes, as `andThen(_:)` does.
    ///
    /// - Returns: A `Completable` that completes when both did, in order.
    @_alwaysEmitIntoClient
    public func concat(_ second: Completable) -> Completable {
        andThen(second)
    }

    /// Runs the `Completable`s of `sequence` one after another, each after the
    /// previous one completed; fails with the first error, and the rest never start.
    ///
    /// ```swift
    /// Completable.concat(save(draft: "a"), save(draft: "b"))   // "a" is saved first
    /// ```
    @_alwaysEmitIntoClient
    public static func concat<Sequence: Swift.Sequence>(_ sequence: Sequence) -> Completable
        where Sequence.Element == Completable {
        Completable(raw: Observable.from(sequence.map(\.source)).concatMap { $0 })
    }

    /// Runs the `Completable`s of `collection` one after another; see `concat(_:)`
    /// for a sequence.
    @_alwaysEmitIntoClient
    public static func concat<Collection: Swift.Collection>(_ collection: Collection) -> Completable
        where Collection.Element == Completable {
        Completable(raw: Observable.from(collection.map(\.source)).concatMap { $0 })
    }

    /// Runs the `Completable`s one after another; see `concat(_:)` for a sequence.
    @_alwaysEmitIntoClient
    public static func concat(_ sources: Completable...) -> Completable {
        concat(sources)
    }

    /// Runs the `Completable`s of `sources` at once and completes when all of them
    /// completed; fails with the first error and disposes the others. (For
    /// `Completable`, `zip` is a merge.) An empty collection completes at once.
    @_alwaysEmitIntoClient
    public static func zip<Collection: Swift.Collection>(_ sources: Collection) -> Completable
        where Collection.Element == Completable {
        Completable(raw: Observable.from(sources.map(\.source)).flatMap { $0 })
    }

    /// Runs the `Completable`s at once and completes when all of them completed;
    /// see `zip(_:)` for a collection.
    @_alwaysEmitIntoClient
    public static func zip(_ sources: [Completable]) -> Completable {
        Completable(raw: Observable.from(sources.map(\.source)).flatMap { $0 })
    }

    /// Runs the `Completable`s at once and completes when all of them completed;
    /// see `zip(_:)` for a collection.
    @_alwaysEmitIntoClient
    public static func zip(_ sources: Completable...) -> Completable {
        zip(sources)
    }
}

extension Observable where Element == Never {
    /// The events of `next`, subscribed once this sequence completed; this
    /// sequence's error ends the result before `next` starts.
    @usableFromInline
    func then<Next>(_ next: Observable<Next>) -> Observable<Next> {
        let first = droppingElements(as: Next.self)
        return Observable<Observable<Next>>.from([first, next]).concatMap { $0 }
    }
}

extension ObservableType {
    /// This sequence's terminal event only, retyped as a sequence of `Other`.
    /// Generic over `Element` so the compiler does not see a closure over `Never`.
    fileprivate func droppingElements<Other>(as _: Other.Type) -> Observable<Other> {
        compactMap { _ in nil }
    }
}
