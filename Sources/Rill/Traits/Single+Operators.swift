extension PrimitiveSequenceType where Trait == SingleTrait {
    /// Transforms the element with `transform`; an error it throws becomes the failure.
    ///
    /// ```swift
    /// Single.zip(username(id: 1), username(id: 2)).map { "\($0) and \($1)" }
    /// ```
    ///
    /// - Parameters:
    ///   - transform: The function applied to each element; an error it throws ends the
    ///     result with that error.
    ///   - isolation: The caller's actor, found automatically: a closure
    ///     written in actor-isolated code is checked when it runs (see `subscribe`).
    @_alwaysEmitIntoClient
    public func map<Result>(
        _ transform: @escaping (Element) throws -> Result,
        isolation: isolated (any Actor)? = #isolation
    ) -> Single<Result> {
        Single(raw: primitiveSequence.source.map(transform, isolation: isolation))
    }

    /// A `Maybe` of the element if `predicate` accepts it; completes empty otherwise.
    ///
    /// - Parameters:
    ///   - predicate: The condition each element is tested with; an error it throws ends
    ///     the result with that error.
    ///   - isolation: The caller's actor (see `map`).
    @_alwaysEmitIntoClient
    public func filter(
        _ predicate: @escaping (Element) throws -> Bool,
        isolation: isolated (any Actor)? = #isolation
    ) -> Maybe<Element> {
        Maybe(raw: primitiveSequence.source.filter(predicate, isolation: isolation))
    }

    /// A `Maybe` of the transformed element, or empty when `transform` returns nil.
    ///
    /// - Parameters:
    ///   - transform: The function applied to each element; an error it throws ends the
    ///     result with that error.
    ///   - isolation: The caller's actor (see `map`).
    @_alwaysEmitIntoClient
    public func compactMap<Result>(
        _ transform: @escaping (Element) throws -> Result?,
        isolation: isolated (any Actor)? = #isolation
    ) -> Maybe<Result> {
        Maybe(raw: primitiveSequence.source.compactMap(transform, isolation: isolation))
    }

    /// Continues with the `Single` that `selector` builds from the element: a
    /// dependent second request.
    ///
    /// ```swift
    /// username(id: 5).flatMap { name in username(id: name.count) }
    /// ```
    ///
    /// - Parameters:
    ///   - selector: Builds the trait to continue with from the element; an error it throws
    ///     ends the result with that error.
    ///   - isolation: The caller's actor (see `map`).
    @_alwaysEmitIntoClient
    public func flatMap<Result>(
        _ selector: @escaping (Element) throws -> Single<Result>,
        isolation: isolated (any Actor)? = #isolation
    ) -> Single<Result> {
        Single(raw: primitiveSequence.source.flatMap({ try selector($0).source }, isolation: isolation))
    }

    /// Continues with the `Maybe` that `selector` builds from the element.
    ///
    /// - Parameters:
    ///   - selector: Builds the trait to continue with from the element; an error it throws
    ///     ends the result with that error.
    ///   - isolation: The caller's actor (see `map`).
    public func flatMapMaybe<Result>(
        _ selector: @escaping (Element) throws -> Maybe<Result>,
        isolation: isolated (any Actor)? = #isolation
    ) -> Maybe<Result> {
        // Checked under this operator's name; the Observable flatMap must not check again.
        let checked = IsolationCheck.guardingThrowing(selector, isolation, "flatMapMaybe(_:)")!
        return Maybe(raw: primitiveSequence.source.flatMap({ try checked($0).source }, isolation: nil))
    }

    /// Continues with the `Completable` that `selector` builds from the element.
    ///
    /// - Parameters:
    ///   - selector: Builds the trait to continue with from the element; an error it throws
    ///     ends the result with that error.
    ///   - isolation: The caller's actor (see `map`).
    public func flatMapCompletable(
        _ selector: @escaping (Element) throws -> Completable,
        isolation: isolated (any Actor)? = #isolation
    ) -> Completable {
        // Checked under this operator's name; the Observable flatMap must not check again.
        let checked = IsolationCheck.guardingThrowing(selector, isolation, "flatMapCompletable(_:)")!
        return Completable(raw: primitiveSequence.source.flatMap({ try checked($0).source }, isolation: nil))
    }

    /// This `Single` as a `Maybe`, which never completes empty.
    @_alwaysEmitIntoClient
    public func asMaybe() -> Maybe<Element> {
        Maybe(raw: primitiveSequence.source)
    }

    /// A `Completable` that completes when this `Single` succeeds, discarding the element.
    @_alwaysEmitIntoClient
    public func asCompletable() -> Completable {
        Completable(raw: primitiveSequence.source.ignoreElements())
    }

    /// Waits for every `Single` of `collection` and succeeds with `resultSelector`
    /// applied to their elements, in the collection's order.
    ///
    /// Fails as soon as any of them fails, and disposes the others (for requests:
    /// cancels them). An empty collection succeeds with `resultSelector([])`.
    ///
    /// - Parameters:
    ///   - collection: The sources.
    ///   - resultSelector: Combines one element of each source into the result element; an
    ///     error it throws ends the result with that error.
    ///   - isolation: The caller's actor, found automatically: a selector
    ///     written in actor-isolated code is checked when it runs (see `map`).
    /// - Returns: A `Single` of the combined result.
    @_alwaysEmitIntoClient
    public static func zip<Collection: Swift.Collection, Result>(
        _ collection: Collection,
        resultSelector: @escaping ([Element]) throws -> Result,
        isolation: isolated (any Actor)? = #isolation
    ) -> Single<Result> where Collection.Element == Single<Element> {
        Single(raw: zipRaw(collection.map(\.source), resultSelector: resultSelector, isolation: isolation))
    }

    /// Waits for every `Single` of `collection` and succeeds with their elements,
    /// in the collection's order; fails as soon as any fails, disposing the others.
    /// An empty collection succeeds with `[]`.
    ///
    /// - Returns: A `Single` of the elements.
    @_alwaysEmitIntoClient
    public static func zip<Collection: Swift.Collection>(
        _ collection: Collection
    ) -> Single<[Element]> where Collection.Element == Single<Element> {
        Single(raw: zipRaw(collection.map(\.source)) { $0 })
    }
}

/// `Observable.zip` over the sources of traits; an empty collection gives
/// `resultSelector([])` (the observable version completes without an element).
@usableFromInline
func zipRaw<Element, Result>(
    _ sources: [Observable<Element>], resultSelector: @escaping ([Element]) throws -> Result,
    isolation: isolated (any Actor)? = #isolation
) -> Observable<Result> {
    guard !sources.isEmpty else {
        let resultSelector = IsolationCheck.guarding(resultSelector, isolation, "zip(_:resultSelector:)")
        return Observable.deferred { Observable.just(try resultSelector([])) }
    }
    return Observable.zip(sources, resultSelector: resultSelector, isolation: isolation)
}
