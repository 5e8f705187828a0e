// Single.zip and Maybe.zip for 2 to 8 traits: thin wrappers over Observable.zip,
// which fails as soon as one input fails and then disposes the others.

extension PrimitiveSequenceType where Trait == SingleTrait {
    /// Waits for 2 `Single`s and combines their elements with `resultSelector`.
    /// Succeeds when all succeed; fails as soon as one fails and disposes the others.
    ///
    /// - Parameters:
    ///   - source1: The first source.
    ///   - source2: The second source.
    ///   - resultSelector: Makes the result from one element of each source; an error it
    ///     throws ends the sequence.
    ///   - isolation: The caller's actor, found automatically: a selector written in
    ///     actor-isolated code is checked when it runs (see `map`).
    /// - Returns: a `Single` of the combined result.
    public static func zip<E1, E2>(
        _ source1: Single<E1>, _ source2: Single<E2>,
        resultSelector: @escaping (E1, E2) throws -> Element,
        isolation: isolated (any Actor)? = #isolation
    ) -> Single<Element> {
        Single(raw: Observable.zip(source1.source, source2.source, resultSelector: resultSelector, isolation: isolation))
    }
}

extension PrimitiveSequenceType where Element == Any, Trait == SingleTrait {
    /// Waits for 2 `Single`s and succeeds with a tuple of their elements.
    /// Succeeds when all succeed; fails as soon as one fails and disposes the others.
    ///
    /// ```swift
    /// Single.zip(username(id: 1), username(id: 2)).map { "\($0) and \($1)" }
    /// ```
    ///
    /// - Parameters:
    ///   - source1: The first source.
    ///   - source2: The second source.
    /// - Returns: a `Single` of the tuple.
    public static func zip<E1, E2>(
        _ source1: Single<E1>, _ source2: Single<E2>
    ) -> Single<(E1, E2)> {
        Single(raw: Observable.zip(source1.source, source2.source) { ($0, $1) })
    }
}

extension PrimitiveSequenceType where Trait == SingleTrait {
    /// Waits for 3 `Single`s and combines their elements with `resultSelector`.
    /// Succeeds when all succeed; fails as soon as one fails and disposes the others.
    ///
    /// - Parameters:
    ///   - source1: The first source.
    ///   - source2: The second source.
    ///   - source3: The third source.
    ///   - resultSelector: Makes the result from one element of each source; an error it
    ///     throws ends the sequence.
    ///   - isolation: The caller's actor, found automatically: a selector written in
    ///     actor-isolated code is checked when it runs (see `map`).
    /// - Returns: a `Single` of the combined result.
    public static func zip<E1, E2, E3>(
        _ source1: Single<E1>, _ source2: Single<E2>, _ source3: Single<E3>,
        resultSelector: @escaping (E1, E2, E3) throws -> Element,
        isolation: isolated (any Actor)? = #isolation
    ) -> Single<Element> {
        Single(raw: Observable.zip(source1.source, source2.source, source3.source, resultSelector: resultSelector, isolation: isolation))
    }
}

extension PrimitiveSequenceType where Element == Any, Trait == SingleTrait {
    /// Waits for 3 `Single`s and succeeds with a tuple of their elements.
    /// Succeeds when all succeed; fails as soon as one fails and disposes the others.
    ///
    /// - Parameters:
    ///   - source1: The first source.
    ///   - source2: The second source.
    ///   - source3: The third source.
    /// - Returns: a `Single` of the tuple.
    public static func zip<E1, E2, E3>(
        _ source1: Single<E1>, _ source2: Single<E2>, _ source3: Single<E3>
    ) -> Single<(E1, E2, E3)> {
        Single(raw: Observable.zip(source1.source, source2.source, source3.source) { ($0, $1, $2) })
    }
}

extension PrimitiveSequenceType where Trait == SingleTrait {
    /// Waits for 4 `Single`s and combines their elements with `resultSelector`.
    /// Succeeds when all succeed; fails as soon as one fails and disposes the others.
    ///
    /// - Parameters:
    ///   - source1: The first source.
    ///   - source2: The second source.
    ///   - source3: The third source.
    ///   - source4: The fourth source.
    ///   - resultSelector: Makes the result from one element of each source; an error it
    ///     throws ends the sequence.
    ///   - isolation: The caller's actor, found automatically: a selector written in
    ///     actor-isolated code is checked when it runs (see `map`).
    /// - Returns: a `Single` of the combined result.
    public static func zip<E1, E2, E3, E4>(
        _ source1: Single<E1>, _ source2: Single<E2>, _ source3: Single<E3>, _ source4: Single<E4>,
        resultSelector: @escaping (E1, E2, E3, E4) throws -> Element,
        isolation: isolated (any Actor)? = #isolation
    ) -> Single<Element> {
        Single(raw: Observable.zip(source1.source, source2.source, source3.source, source4.source, resultSelector: resultSelector, isolation: isolation))
    }
}

extension PrimitiveSequenceType where Element == Any, Trait == SingleTrait {
    /// Waits for 4 `Single`s and succeeds with a tuple of their elements.
    /// Succeeds when all succeed; fails as soon as one fails and disposes the others.
    ///
    /// - Parameters:
    ///   - source1: The first source.
    ///   - source2: The second source.
    ///   - source3: The third source.
    ///   - source4: The fourth source.
    /// - Returns: a `Single` of the tuple.
    public static func zip<E1, E2, E3, E4>(
        _ source1: Single<E1>, _ source2: Single<E2>, _ source3: Single<E3>, _ source4: Single<E4>
    ) -> Single<(E1, E2, E3, E4)> {
        Single(raw: Observable.zip(source1.source, source2.source, source3.source, source4.source) { ($0, $1, $2, $3) })
    }
}

extension PrimitiveSequenceType where Trait == SingleTrait {
    /// Waits for 5 `Single`s and combines their elements with `resultSelector`.
    /// Succeeds when all succeed; fails as soon as one fails and disposes the others.
    ///
    /// - Parameters:
    ///   - source1: The first source.
    ///   - source2: The second source.
    ///   - source3: The third source.
    ///   - source4: The fourth source.
    ///   - source5: The fifth source.
    ///   - resultSelector: Makes the result from one element of each source; an error it
    ///     throws ends the sequence.
    ///   - isolation: The caller's actor, found automatically: a selector written in
    ///     actor-isolated code is checked when it runs (see `map`).
    /// - Returns: a `Single` of the combined result.
    public static func zip<E1, E2, E3, E4, E5>(
        _ source1: Single<E1>, _ source2: Single<E2>, _ source3: Single<E3>, _ source4: Single<E4>, _ source5: Single<E5>,
        resultSelector: @escaping (E1, E2, E3, E4, E5) throws -> Element,
        isolation: isolated (any Actor)? = #isolation
    ) -> Single<Element> {
        Single(raw: Observable.zip(source1.source, source2.source, source3.source, source4.source, source5.source, resultSelector: resultSelector, isolation: isolation))
    }
}

extension PrimitiveSequenceType where Element == Any, Trait == SingleTrait {
    /// Waits for 5 `Single`s and succeeds with a tuple of their elements.
    /// Succeeds when all succeed; fails as soon as one fails and disposes the others.
    ///
    /// - Parameters:
    ///   - source1: The first source.
    ///   - source2: The second source.
    ///   - source3: The third source.
    ///   - source4: The fourth source.
    ///   - source5: The fifth source.
    /// - Returns: a `Single` of the tuple.
    public static func zip<E1, E2, E3, E4, E5>(
        _ source1: Single<E1>, _ source2: Single<E2>, _ source3: Single<E3>, _ source4: Single<E4>, _ source5: Single<E5>
    ) -> Single<(E1, E2, E3, E4, E5)> {
        Single(raw: Observable.zip(source1.source, source2.source, source3.source, source4.source, source5.source) { ($0, $1, $2, $3, $4) })
    }
}

extension PrimitiveSequenceType where Trait == SingleTrait {
    /// Waits for 6 `Single`s and combines their elements with `resultSelector`.
    /// Succeeds when all succeed; fails as soon as one fails and disposes the others.
    ///
    /// - Parameters:
    ///   - source1: The first source.
    ///   - source2: The second source.
    ///   - source3: The third source.
    ///   - source4: The fourth source.
    ///   - source5: The fifth source.
    ///   - source6: The sixth source.
    ///   - resultSelector: Makes the result from one element of each source; an error it
    ///     throws ends the sequence.
    ///   - isolation: The caller's actor, found automatically: a selector written in
    ///     actor-isolated code is checked when it runs (see `map`).
    /// - Returns: a `Single` of the combined result.
    public static func zip<E1, E2, E3, E4, E5, E6>(
        _ source1: Single<E1>, _ source2: Single<E2>, _ source3: Single<E3>, _ source4: Single<E4>, _ source5: Single<E5>, _ source6: Single<E6>,
        resultSelector: @escaping (E1, E2, E3, E4, E5, E6) throws -> Element,
        isolation: isolated (any Actor)? = #isolation
    ) -> Single<Element> {
        Single(raw: Observable.zip(source1.source, source2.source, source3.source, source4.source, source5.source, source6.source, resultSelector: resultSelector, isolation: isolation))
    }
}

extension PrimitiveSequenceType where Element == Any, Trait == SingleTrait {
    /// Waits for 6 `Single`s and succeeds with a tuple of their elements.
    /// Succeeds when all succeed; fails as soon as one fails and disposes the others.
    ///
    /// - Parameters:
    ///   - source1: The first source.
    ///   - source2: The second source.
    ///   - source3: The third source.
    ///   - source4: The fourth source.
    ///   - source5: The fifth source.
    ///   - source6: The sixth source.
    /// - Returns: a `Single` of the tuple.
    public static func zip<E1, E2, E3, E4, E5, E6>(
        _ source1: Single<E1>, _ source2: Single<E2>, _ source3: Single<E3>, _ source4: Single<E4>, _ source5: Single<E5>, _ source6: Single<E6>
    ) -> Single<(E1, E2, E3, E4, E5, E6)> {
        Single(raw: Observable.zip(source1.source, source2.source, source3.source, source4.source, source5.source, source6.source) { ($0, $1, $2, $3, $4, $5) })
    }
}

extension PrimitiveSequenceType where Trait == SingleTrait {
    /// Waits for 7 `Single`s and combines their elements with `resultSelector`.
    /// Succeeds when all succeed; fails as soon as one fails and disposes the others.
    ///
    /// - Parameters:
    ///   - source1: The first source.
    ///   - source2: The second source.
    ///   - source3: The third source.
    ///   - source4: The fourth source.
    ///   - source5: The fifth source.
    ///   - source6: The sixth source.
    ///   - source7: The seventh source.
    ///   - resultSelector: Makes the result from one element of each source; an error it
    ///     throws ends the sequence.
    ///   - isolation: The caller's actor, found automatically: a selector written in
    ///     actor-isolated code is checked when it runs (see `map`).
    /// - Returns: a `Single` of the combined result.
    public static func zip<E1, E2, E3, E4, E5, E6, E7>(
        _ source1: Single<E1>, _ source2: Single<E2>, _ source3: Single<E3>, _ source4: Single<E4>, _ source5: Single<E5>, _ source6: Single<E6>, _ source7: Single<E7>,
        resultSelector: @escaping (E1, E2, E3, E4, E5, E6, E7) throws -> Element,
        isolation: isolated (any Actor)? = #isolation
    ) -> Single<Element> {
        Single(raw: Observable.zip(source1.source, source2.source, source3.source, source4.source, source5.source, source6.source, source7.source, resultSelector: resultSelector, isolation: isolation))
    }
}

extension PrimitiveSequenceType where Element == Any, Trait == SingleTrait {
    /// Waits for 7 `Single`s and succeeds with a tuple of their elements.
    /// Succeeds when all succeed; fails as soon as one fails and disposes the others.
    ///
    /// - Parameters:
    ///   - source1: The first source.
    ///   - source2: The second source.
    ///   - source3: The third source.
    ///   - source4: The fourth source.
    ///   - source5: The fifth source.
    ///   - source6: The sixth source.
    ///   - source7: The seventh source.
    /// - Returns: a `Single` of the tuple.
    public static func zip<E1, E2, E3, E4, E5, E6, E7>(
        _ source1: Single<E1>, _ source2: Single<E2>, _ source3: Single<E3>, _ source4: Single<E4>, _ source5: Single<E5>, _ source6: Single<E6>, _ source7: Single<E7>
    ) -> Single<(E1, E2, E3, E4, E5, E6, E7)> {
        Single(raw: Observable.zip(source1.source, source2.source, source3.source, source4.source, source5.source, source6.source, source7.source) { ($0, $1, $2, $3, $4, $5, $6) })
    }
}

extension PrimitiveSequenceType where Trait == SingleTrait {
    /// Waits for 8 `Single`s and combines their elements with `resultSelector`.
    /// Succeeds when all succeed; fails as soon as one fails and disposes the others.
    ///
    /// - Parameters:
    ///   - source1: The first source.
    ///   - source2: The second source.
    ///   - source3: The third source.
    ///   - source4: The fourth source.
    ///   - source5: The fifth source.
    ///   - source6: The sixth source.
    ///   - source7: The seventh source.
    ///   - source8: The eighth source.
    ///   - resultSelector: Makes the result from one element of each source; an error it
    ///     throws ends the sequence.
    ///   - isolation: The caller's actor, found automatically: a selector written in
    ///     actor-isolated code is checked when it runs (see `map`).
    /// - Returns: a `Single` of the combined result.
    public static func zip<E1, E2, E3, E4, E5, E6, E7, E8>(
        _ source1: Single<E1>, _ source2: Single<E2>, _ source3: Single<E3>, _ source4: Single<E4>, _ source5: Single<E5>, _ source6: Single<E6>, _ source7: Single<E7>, _ source8: Single<E8>,
        resultSelector: @escaping (E1, E2, E3, E4, E5, E6, E7, E8) throws -> Element,
        isolation: isolated (any Actor)? = #isolation
    ) -> Single<Element> {
        Single(raw: Observable.zip(source1.source, source2.source, source3.source, source4.source, source5.source, source6.source, source7.source, source8.source, resultSelector: resultSelector, isolation: isolation))
    }
}

extension PrimitiveSequenceType where Element == Any, Trait == SingleTrait {
    /// Waits for 8 `Single`s and succeeds with a tuple of their elements.
    /// Succeeds when all succeed; fails as soon as one fails and disposes the others.
    ///
    /// - Parameters:
    ///   - source1: The first source.
    ///   - source2: The second source.
    ///   - source3: The third source.
    ///   - source4: The fourth source.
    ///   - source5: The fifth source.
    ///   - source6: The sixth source.
    ///   - source7: The seventh source.
    ///   - source8: The eighth source.
    /// - Returns: a `Single` of the tuple.
    public static func zip<E1, E2, E3, E4, E5, E6, E7, E8>(
        _ source1: Single<E1>, _ source2: Single<E2>, _ source3: Single<E3>, _ source4: Single<E4>, _ source5: Single<E5>, _ source6: Single<E6>, _ source7: Single<E7>, _ source8: Single<E8>
    ) -> Single<(E1, E2, E3, E4, E5, E6, E7, E8)> {
        Single(raw: Observable.zip(source1.source, source2.source, source3.source, source4.source, source5.source, source6.source, source7.source, source8.source) { ($0, $1, $2, $3, $4, $5, $6, $7) })
    }
}

extension PrimitiveSequenceType where Trait == MaybeTrait {
    /// Waits for 2 `Maybe`s and combines their elements with `resultSelector`.
    /// Succeeds when all succeed; fails as soon as one fails; completes empty when
    /// one is empty, by `zip(_:resultSelector:)`'s rule for a collection.
    ///
    /// - Parameters:
    ///   - source1: The first source.
    ///   - source2: The second source.
    ///   - resultSelector: Makes the result from one element of each source; an error it
    ///     throws ends the sequence.
    ///   - isolation: The caller's actor, found automatically: a selector written in
    ///     actor-isolated code is checked when it runs (see `map`).
    /// - Returns: a `Maybe` of the combined result.
    public static func zip<E1, E2>(
        _ source1: Maybe<E1>, _ source2: Maybe<E2>,
        resultSelector: @escaping (E1, E2) throws -> Element,
        isolation: isolated (any Actor)? = #isolation
    ) -> Maybe<Element> {
        Maybe(raw: Observable.zip(source1.source, source2.source, resultSelector: resultSelector, isolation: isolation))
    }
}

extension PrimitiveSequenceType where Element == Any, Trait == MaybeTrait {
    /// Waits for 2 `Maybe`s and succeeds with a tuple of their elements.
    /// Succeeds when all succeed; fails as soon as one fails; completes empty when
    /// one is empty, by `zip(_:resultSelector:)`'s rule for a collection.
    ///
    /// - Parameters:
    ///   - source1: The first source.
    ///   - source2: The second source.
    /// - Returns: a `Maybe` of the tuple.
    public static func zip<E1, E2>(
        _ source1: Maybe<E1>, _ source2: Maybe<E2>
    ) -> Maybe<(E1, E2)> {
        Maybe(raw: Observable.zip(source1.source, source2.source) { ($0, $1) })
    }
}

extension PrimitiveSequenceType where Trait == MaybeTrait {
    /// Waits for 3 `Maybe`s and combines their elements with `resultSelector`.
    /// Succeeds when all succeed; fails as soon as one fails; completes empty when
    /// one is empty, by `zip(_:resultSelector:)`'s rule for a collection.
    ///
    /// - Parameters:
    ///   - source1: The first source.
    ///   - source2: The second source.
    ///   - source3: The third source.
    ///   - resultSelector: Makes the result from one element of each source; an error it
    ///     throws ends the sequence.
    ///   - isolation: The caller's actor, found automatically: a selector written in
    ///     actor-isolated code is checked when it runs (see `map`).
    /// - Returns: a `Maybe` of the combined result.
    public static func zip<E1, E2, E3>(
        _ source1: Maybe<E1>, _ source2: Maybe<E2>, _ source3: Maybe<E3>,
        resultSelector: @escaping (E1, E2, E3) throws -> Element,
        isolation: isolated (any Actor)? = #isolation
    ) -> Maybe<Element> {
        Maybe(raw: Observable.zip(source1.source, source2.source, source3.source, resultSelector: resultSelector, isolation: isolation))
    }
}

extension PrimitiveSequenceType where Element == Any, Trait == MaybeTrait {
    /// Waits for 3 `Maybe`s and succeeds with a tuple of their elements.
    /// Succeeds when all succeed; fails as soon as one fails; completes empty when
    /// one is empty, by `zip(_:resultSelector:)`'s rule for a collection.
    ///
    /// - Parameters:
    ///   - source1: The first source.
    ///   - source2: The second source.
    ///   - source3: The third source.
    /// - Returns: a `Maybe` of the tuple.
    public static func zip<E1, E2, E3>(
        _ source1: Maybe<E1>, _ source2: Maybe<E2>, _ source3: Maybe<E3>
    ) -> Maybe<(E1, E2, E3)> {
        Maybe(raw: Observable.zip(source1.source, source2.source, source3.source) { ($0, $1, $2) })
    }
}

extension PrimitiveSequenceType where Trait == MaybeTrait {
    /// Waits for 4 `Maybe`s and combines their elements with `resultSelector`.
    /// Succeeds when all succeed; fails as soon as one fails; completes empty when
    /// one is empty, by `zip(_:resultSelector:)`'s rule for a collection.
    ///
    /// - Parameters:
    ///   - source1: The first source.
    ///   - source2: The second source.
    ///   - source3: The third source.
    ///   - source4: The fourth source.
    ///   - resultSelector: Makes the result from one element of each source; an error it
    ///     throws ends the sequence.
    ///   - isolation: The caller's actor, found automatically: a selector written in
    ///     actor-isolated code is checked when it runs (see `map`).
    /// - Returns: a `Maybe` of the combined result.
    public static func zip<E1, E2, E3, E4>(
        _ source1: Maybe<E1>, _ source2: Maybe<E2>, _ source3: Maybe<E3>, _ source4: Maybe<E4>,
        resultSelector: @escaping (E1, E2, E3, E4) throws -> Element,
        isolation: isolated (any Actor)? = #isolation
    ) -> Maybe<Element> {
        Maybe(raw: Observable.zip(source1.source, source2.source, source3.source, source4.source, resultSelector: resultSelector, isolation: isolation))
    }
}

extension PrimitiveSequenceType where Element == Any, Trait == MaybeTrait {
    /// Waits for 4 `Maybe`s and succeeds with a tuple of their elements.
    /// Succeeds when all succeed; fails as soon as one fails; completes empty when
    /// one is empty, by `zip(_:resultSelector:)`'s rule for a collection.
    ///
    /// - Parameters:
    ///   - source1: The first source.
    ///   - source2: The second source.
    ///   - source3: The third source.
    ///   - source4: The fourth source.
    /// - Returns: a `Maybe` of the tuple.
    public static func zip<E1, E2, E3, E4>(
        _ source1: Maybe<E1>, _ source2: Maybe<E2>, _ source3: Maybe<E3>, _ source4: Maybe<E4>
    ) -> Maybe<(E1, E2, E3, E4)> {
        Maybe(raw: Observable.zip(source1.source, source2.source, source3.source, source4.source) { ($0, $1, $2, $3) })
    }
}

extension PrimitiveSequenceType where Trait == MaybeTrait {
    /// Waits for 5 `Maybe`s and combines their elements with `resultSelector`.
    /// Succeeds when all succeed; fails as soon as one fails; completes empty when
    /// one is empty, by `zip(_:resultSelector:)`'s rule for a collection.
    ///
    /// - Parameters:
    ///   - source1: The first source.
    ///   - source2: The second source.
    ///   - source3: The third source.
    ///   - source4: The fourth source.
    ///   - source5: The fifth source.
    ///   - resultSelector: Makes the result from one element of each source; an error it
    ///     throws ends the sequence.
    ///   - isolation: The caller's actor, found automatically: a selector written in
    ///     actor-isolated code is checked when it runs (see `map`).
    /// - Returns: a `Maybe` of the combined result.
    public static func zip<E1, E2, E3, E4, E5>(
        _ source1: Maybe<E1>, _ source2: Maybe<E2>, _ source3: Maybe<E3>, _ source4: Maybe<E4>, _ source5: Maybe<E5>,
        resultSelector: @escaping (E1, E2, E3, E4, E5) throws -> Element,
        isolation: isolated (any Actor)? = #isolation
    ) -> Maybe<Element> {
        Maybe(raw: Observable.zip(source1.source, source2.source, source3.source, source4.source, source5.source, resultSelector: resultSelector, isolation: isolation))
    }
}

extension PrimitiveSequenceType where Element == Any, Trait == MaybeTrait {
    /// Waits for 5 `Maybe`s and succeeds with a tuple of their elements.
    /// Succeeds when all succeed; fails as soon as one fails; completes empty when
    /// one is empty, by `zip(_:resultSelector:)`'s rule for a collection.
    ///
    /// - Parameters:
    ///   - source1: The first source.
    ///   - source2: The second source.
    ///   - source3: The third source.
    ///   - source4: The fourth source.
    ///   - source5: The fifth source.
    /// - Returns: a `Maybe` of the tuple.
    public static func zip<E1, E2, E3, E4, E5>(
        _ source1: Maybe<E1>, _ source2: Maybe<E2>, _ source3: Maybe<E3>, _ source4: Maybe<E4>, _ source5: Maybe<E5>
    ) -> Maybe<(E1, E2, E3, E4, E5)> {
        Maybe(raw: Observable.zip(source1.source, source2.source, source3.source, source4.source, source5.source) { ($0, $1, $2, $3, $4) })
    }
}

extension PrimitiveSequenceType where Trait == MaybeTrait {
    /// Waits for 6 `Maybe`s and combines their elements with `resultSelector`.
    /// Succeeds when all succeed; fails as soon as one fails; completes empty when
    /// one is empty, by `zip(_:resultSelector:)`'s rule for a collection.
    ///
    /// - Parameters:
    ///   - source1: The first source.
    ///   - source2: The second source.
    ///   - source3: The third source.
    ///   - source4: The fourth source.
    ///   - source5: The fifth source.
    ///   - source6: The sixth source.
    ///   - resultSelector: Makes the result from one element of each source; an error it
    ///     throws ends the sequence.
    ///   - isolation: The caller's actor, found automatically: a selector written in
    ///     actor-isolated code is checked when it runs (see `map`).
    /// - Returns: a `Maybe` of the combined result.
    public static func zip<E1, E2, E3, E4, E5, E6>(
        _ source1: Maybe<E1>, _ source2: Maybe<E2>, _ source3: Maybe<E3>, _ source4: Maybe<E4>, _ source5: Maybe<E5>, _ source6: Maybe<E6>,
        resultSelector: @escaping (E1, E2, E3, E4, E5, E6) throws -> Element,
        isolation: isolated (any Actor)? = #isolation
    ) -> Maybe<Element> {
        Maybe(raw: Observable.zip(source1.source, source2.source, source3.source, source4.source, source5.source, source6.source, resultSelector: resultSelector, isolation: isolation))
    }
}

extension PrimitiveSequenceType where Element == Any, Trait == MaybeTrait {
    /// Waits for 6 `Maybe`s and succeeds with a tuple of their elements.
    /// Succeeds when all succeed; fails as soon as one fails; completes empty when
    /// one is empty, by `zip(_:resultSelector:)`'s rule for a collection.
    ///
    /// - Parameters:
    ///   - source1: The first source.
    ///   - source2: The second source.
    ///   - source3: The third source.
    ///   - source4: The fourth source.
    ///   - source5: The fifth source.
    ///   - source6: The sixth source.
    /// - Returns: a `Maybe` of the tuple.
    public static func zip<E1, E2, E3, E4, E5, E6>(
        _ source1: Maybe<E1>, _ source2: Maybe<E2>, _ source3: Maybe<E3>, _ source4: Maybe<E4>, _ source5: Maybe<E5>, _ source6: Maybe<E6>
    ) -> Maybe<(E1, E2, E3, E4, E5, E6)> {
        Maybe(raw: Observable.zip(source1.source, source2.source, source3.source, source4.source, source5.source, source6.source) { ($0, $1, $2, $3, $4, $5) })
    }
}

extension PrimitiveSequenceType where Trait == MaybeTrait {
    /// Waits for 7 `Maybe`s and combines their elements with `resultSelector`.
    /// Succeeds when all succeed; fails as soon as one fails; completes empty when
    /// one is empty, by `zip(_:resultSelector:)`'s rule for a collection.
    ///
    /// - Parameters:
    ///   - source1: The first source.
    ///   - source2: The second source.
    ///   - source3: The third source.
    ///   - source4: The fourth source.
    ///   - source5: The fifth source.
    ///   - source6: The sixth source.
    ///   - source7: The seventh source.
    ///   - resultSelector: Makes the result from one element of each source; an error it
    ///     throws ends the sequence.
    ///   - isolation: The caller's actor, found automatically: a selector written in
    ///     actor-isolated code is checked when it runs (see `map`).
    /// - Returns: a `Maybe` of the combined result.
    public static func zip<E1, E2, E3, E4, E5, E6, E7>(
        _ source1: Maybe<E1>, _ source2: Maybe<E2>, _ source3: Maybe<E3>, _ source4: Maybe<E4>, _ source5: Maybe<E5>, _ source6: Maybe<E6>, _ source7: Maybe<E7>,
        resultSelector: @escaping (E1, E2, E3, E4, E5, E6, E7) throws -> Element,
        isolation: isolated (any Actor)? = #isolation
    ) -> Maybe<Element> {
        Maybe(raw: Observable.zip(source1.source, source2.source, source3.source, source4.source, source5.source, source6.source, source7.source, resultSelector: resultSelector, isolation: isolation))
    }
}

extension PrimitiveSequenceType where Element == Any, Trait == MaybeTrait {
    /// Waits for 7 `Maybe`s and succeeds with a tuple of their elements.
    /// Succeeds when all succeed; fails as soon as one fails; completes empty when
    /// one is empty, by `zip(_:resultSelector:)`'s rule for a collection.
    ///
    /// - Parameters:
    ///   - source1: The first source.
    ///   - source2: The second source.
    ///   - source3: The third source.
    ///   - source4: The fourth source.
    ///   - source5: The fifth source.
    ///   - source6: The sixth source.
    ///   - source7: The seventh source.
    /// - Returns: a `Maybe` of the tuple.
    public static func zip<E1, E2, E3, E4, E5, E6, E7>(
        _ source1: Maybe<E1>, _ source2: Maybe<E2>, _ source3: Maybe<E3>, _ source4: Maybe<E4>, _ source5: Maybe<E5>, _ source6: Maybe<E6>, _ source7: Maybe<E7>
    ) -> Maybe<(E1, E2, E3, E4, E5, E6, E7)> {
        Maybe(raw: Observable.zip(source1.source, source2.source, source3.source, source4.source, source5.source, source6.source, source7.source) { ($0, $1, $2, $3, $4, $5, $6) })
    }
}

extension PrimitiveSequenceType where Trait == MaybeTrait {
    /// Waits for 8 `Maybe`s and combines their elements with `resultSelector`.
    /// Succeeds when all succeed; fails as soon as one fails; completes empty when
    /// one is empty, by `zip(_:resultSelector:)`'s rule for a collection.
    ///
    /// - Parameters:
    ///   - source1: The first source.
    ///   - source2: The second source.
    ///   - source3: The third source.
    ///   - source4: The fourth source.
    ///   - source5: The fifth source.
    ///   - source6: The sixth source.
    ///   - source7: The seventh source.
    ///   - source8: The eighth source.
    ///   - resultSelector: Makes the result from one element of each source; an error it
    ///     throws ends the sequence.
    ///   - isolation: The caller's actor, found automatically: a selector written in
    ///     actor-isolated code is checked when it runs (see `map`).
    /// - Returns: a `Maybe` of the combined result.
    public static func zip<E1, E2, E3, E4, E5, E6, E7, E8>(
        _ source1: Maybe<E1>, _ source2: Maybe<E2>, _ source3: Maybe<E3>, _ source4: Maybe<E4>, _ source5: Maybe<E5>, _ source6: Maybe<E6>, _ source7: Maybe<E7>, _ source8: Maybe<E8>,
        resultSelector: @escaping (E1, E2, E3, E4, E5, E6, E7, E8) throws -> Element,
        isolation: isolated (any Actor)? = #isolation
    ) -> Maybe<Element> {
        Maybe(raw: Observable.zip(source1.source, source2.source, source3.source, source4.source, source5.source, source6.source, source7.source, source8.source, resultSelector: resultSelector, isolation: isolation))
    }
}

extension PrimitiveSequenceType where Element == Any, Trait == MaybeTrait {
    /// Waits for 8 `Maybe`s and succeeds with a tuple of their elements.
    /// Succeeds when all succeed; fails as soon as one fails; completes empty when
    /// one is empty, by `zip(_:resultSelector:)`'s rule for a collection.
    ///
    /// - Parameters:
    ///   - source1: The first source.
    ///   - source2: The second source.
    ///   - source3: The third source.
    ///   - source4: The fourth source.
    ///   - source5: The fifth source.
    ///   - source6: The sixth source.
    ///   - source7: The seventh source.
    ///   - source8: The eighth source.
    /// - Returns: a `Maybe` of the tuple.
    public static func zip<E1, E2, E3, E4, E5, E6, E7, E8>(
        _ source1: Maybe<E1>, _ source2: Maybe<E2>, _ source3: Maybe<E3>, _ source4: Maybe<E4>, _ source5: Maybe<E5>, _ source6: Maybe<E6>, _ source7: Maybe<E7>, _ source8: Maybe<E8>
    ) -> Maybe<(E1, E2, E3, E4, E5, E6, E7, E8)> {
        Maybe(raw: Observable.zip(source1.source, source2.source, source3.source, source4.source, source5.source, source6.source, source7.source, source8.source) { ($0, $1, $2, $3, $4, $5, $6, $7) })
    }
}
