extension PrimitiveSequenceType where Trait == MaybeTrait {
    /// Transforms the element, if any, with `transform`; an error it throws becomes
    /// the failure.
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
    ) -> Maybe<Result> {
        Maybe(raw: primitiveSequence.source.map(transform, isolation: isolation))
    }

    /// The element if `predicate` accepts it; completes empty otherwise.
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

    /// The transformed element, or empty when `transform` returns nil.
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

    /// Continues with the `Maybe` that `selector` builds from the element; an empty
    /// `Maybe` stays empty.
    ///
    /// - Parameters:
    ///   - selector: Builds the trait to continue with from the element; an error it throws
    ///     ends the result with that error.
    ///   - isolation: The caller's actor (see `map`).
    @_alwaysEmitIntoClient
    public func flatMap<Result>(
        _ selector: @escaping (Element) throws -> Maybe<Result>,
        isolation: isolated (any Actor)? = #isolation
    ) -> Maybe<Result> {
        Maybe(raw: primitiveSequence.source.flatMap({ try selector($0).source }, isolation: isolation))
    }

    /// A `Single` of the element, or of `default` when this `Maybe` completes empty.
    ///
    /// ```swift
    /// cachedName(for: "bob").ifEmpty(default: "guest")   // success "guest"
    /// ```
    @_alwaysEmitIntoClient
    public func ifEmpty(default: Element) -> Single<Element> {
        Single(raw: primitiveSequence.source.ifEmpty(default: `default`))
    }

    /// This `Maybe`, or `other` when it completes empty: `other` is subscribed only
    /// then.
    @_alwaysEmitIntoClient
    public func ifEmpty(switchTo other: Maybe<Element>) -> Maybe<Element> {
        Maybe(raw: primitiveSequence.source.ifEmpty(switchTo: other.source))
    }

    /// The element of this `Maybe`, or the outcome of `other` when it completes
    /// empty: `other` is subscribed only then. Use it to fall back to the network
    /// when a cache has nothing.
    ///
    /// ```swift
    /// cachedName(for: "bob").ifEmpty(switchTo: username(id: 2))   // success "user2"
    /// ```
    @_alwaysEmitIntoClient
    public func ifEmpty(switchTo other: Single<Element>) -> Single<Element> {
        Single(raw: primitiveSequence.source.ifEmpty(switchTo: other.source))
    }

    /// Waits for every `Maybe` of `collection` and succeeds with `resultSelector`
    /// applied to their elements, in the collection's order.
    ///
    /// Fails as soon as one fails, disposing the others. An empty input makes the
    /// result complete empty, following `Observable.zip`'s rule as RxSwift 6.10
    /// does: when every other input has ended or the element of another input
    /// arrives and cannot pair (not at the moment the empty one completes). An
    /// empty collection succeeds with `resultSelector([])`.
    ///
    /// - Parameters:
    ///   - collection: The sources.
    ///   - resultSelector: Combines one element of each source into the result element; an
    ///     error it throws ends the result with that error.
    ///   - isolation: The caller's actor, found automatically: a selector
    ///     written in actor-isolated code is checked when it runs (see `map`).
    /// - Returns: A `Maybe` of the combined result.
    @_alwaysEmitIntoClient
    public static func zip<Collection: Swift.Collection, Result>(
        _ collection: Collection,
        resultSelector: @escaping ([Element]) throws -> Result,
        isolation: isolated (any Actor)? = #isolation
    ) -> Maybe<Result> where Collection.Element == Maybe<Element> {
        Maybe(raw: zipRaw(collection.map(\.source), resultSelector: resultSelector, isolation: isolation))
    }

    /// Waits for every `Maybe` of `collection` and succeeds with their elements;
    /// see `zip(_:resultSelector:)`.
    ///
    /// - Returns: A `Maybe` of the elements.
    @_alwaysEmitIntoClient
    public static func zip<Collection: Swift.Collection>(
        _ collection: Collection
    ) -> Maybe<[Element]> where Collection.Element == Maybe<Element> {
        Maybe(raw: zipRaw(collection.map(\.source)) { $0 })
    }
}
