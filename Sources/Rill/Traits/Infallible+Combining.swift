// Infallible's combining operators: concat, merge, zip, combineLatest and
// withLatestFrom, each delegating to the Observable operator (see `lift` in
// Infallible+Operators.swift). The zip and combineLatest overloads for 3 to 8
// sources follow the pattern of the 2-source ones.

// MARK: - Concat

extension InfallibleType {
    /// Emits this sequence's elements, then, after it completes, `second`'s.
    ///
    /// ```
    /// self:          -1-2|
    /// second:             -3|
    /// concat(second): -1-2-3|
    /// ```
    ///
    /// - Parameters:
    ///   - second: The other sequence.
    public func concat<Source: ObservableConvertibleType>(_ second: Source) -> Infallible<Element>
        where Source.Element == Element {
        lift { $0.concat(second) }
    }

    /// Emits the elements of each sequence in turn, subscribing to the next when
    /// the previous one completes.
    ///
    /// - Parameters:
    ///   - sequence: The sources, in order.
    public static func concat<Sources: Swift.Sequence>(_ sequence: Sources) -> Infallible<Element>
        where Sources.Element == Infallible<Element> {
        Infallible(Observable.concat(sequence.map { $0.asObservable() }))
    }

    /// Emits the elements of each sequence in turn, subscribing to the next when
    /// the previous one completes.
    ///
    /// - Parameters:
    ///   - collection: The sources.
    public static func concat<Sources: Swift.Collection>(_ collection: Sources) -> Infallible<Element>
        where Sources.Element == Infallible<Element> {
        Infallible(Observable.concat(collection.map { $0.asObservable() }))
    }

    /// Emits the elements of each sequence in turn, subscribing to the next when
    /// the previous one completes.
    ///
    /// ```
    /// a:                       -1-2|
    /// b:                           -3|
    /// Infallible.concat(a, b): -1-2-3|
    /// ```
    ///
    /// - Parameters:
    ///   - sources: The sources.
    public static func concat(_ sources: Infallible<Element>...) -> Infallible<Element> {
        concat(sources)
    }
}

extension InfallibleType where Element: InfallibleType {
    /// Emits the elements of each inner sequence in turn, in the order they arrive.
    public func concat() -> Infallible<Element.Element> {
        lift { $0.concat() }
    }
}

// MARK: - Merge

extension InfallibleType {
    /// Emits the elements of all `sources` as they arrive; completes when all have.
    ///
    /// (RxSwift 6.10's collection overload concatenates instead, against its own
    /// documentation; Rill merges, as the name and the other overloads say.)
    ///
    /// - Parameters:
    ///   - sources: The sources.
    public static func merge<Sources: Swift.Collection>(_ sources: Sources) -> Infallible<Element>
        where Sources.Element == Infallible<Element> {
        Infallible(Observable.merge(sources.map { $0.asObservable() }))
    }

    /// Emits the elements of all `sources` as they arrive; completes when all have.
    ///
    /// - Parameters:
    ///   - sources: The sources.
    public static func merge(_ sources: [Infallible<Element>]) -> Infallible<Element> {
        Infallible(Observable.merge(sources.map { $0.asObservable() }))
    }

    /// Emits the elements of all `sources` as they arrive; completes when all have.
    ///
    /// ```
    /// a:                      -1---3-|
    /// b:                      ---2---|
    /// Infallible.merge(a, b): -1-2-3-|
    /// ```
    ///
    /// - Parameters:
    ///   - sources: The sources.
    public static func merge(_ sources: Infallible<Element>...) -> Infallible<Element> {
        merge(sources)
    }
}

extension InfallibleType where Element: InfallibleType {
    /// Emits the elements of every inner sequence as they arrive; completes when
    /// the source and every inner sequence have.
    public func merge() -> Infallible<Element.Element> {
        lift { $0.merge() }
    }
}

// MARK: - withLatestFrom

extension InfallibleType {
    /// Combines each element with the latest element of `second`; elements that
    /// arrive before `second` has emitted are dropped.
    ///
    /// ```
    /// self:                 -1---2---3|
    /// second:               ---a---b--
    /// withLatestFrom(second) { "\($0)\($1)" }: -----2a--3b|
    /// ```
    ///
    /// - Parameters:
    ///   - second: The other sequence.
    ///   - resultSelector: Makes the result from one element of each source; an error it
    ///     throws ends the sequence.
    public func withLatestFrom<Source: InfallibleType, ResultType>(
        _ second: Source, resultSelector: @escaping (Element, Source.Element) throws -> ResultType
    ) -> Infallible<ResultType> {
        lift { $0.withLatestFrom(second, resultSelector: resultSelector) }
    }

    /// Emits the latest element of `second` each time this sequence emits; elements
    /// that arrive before `second` has emitted are dropped.
    ///
    /// - Parameters:
    ///   - second: The other sequence.
    public func withLatestFrom<Source: InfallibleType>(_ second: Source) -> Infallible<Source.Element> {
        lift { $0.withLatestFrom(second) }
    }
}

// MARK: - Zip

extension InfallibleType {
    /// Combines the sources element by element with `resultSelector`: the n-th
    /// result comes from the n-th element of each. Completes when a source has
    /// completed and its elements are used up. See `Observable.zip`.
    ///
    /// ```
    /// source1:                     -1---2---3|
    /// source2:                     ---a---b|
    /// zip { "\($0)\($1)" }:         ---1a--2b|
    /// ```
    ///
    /// - Parameters:
    ///   - collection: The sources.
    ///   - resultSelector: Makes the result from one element of each source; an error it
    ///     throws ends the sequence.
    ///   - isolation: The caller's actor, found automatically: a selector written in
    ///     actor-isolated code is checked when it runs (see `map`).
    public static func zip<Sources: Swift.Collection>(
        _ collection: Sources, resultSelector: @escaping ([Sources.Element.Element]) throws -> Element,
        isolation: isolated (any Actor)? = #isolation
    ) -> Infallible<Element> where Sources.Element: InfallibleType {
        Infallible(Observable.zip(collection.map { $0.asObservable() }, resultSelector: resultSelector, isolation: isolation))
    }

    /// Combines the sources element by element into arrays. See
    /// `zip(_:resultSelector:)`.
    ///
    /// - Parameters:
    ///   - collection: The sources.
    public static func zip<Sources: Swift.Collection>(_ collection: Sources) -> Infallible<[Element]>
        where Sources.Element: InfallibleType, Sources.Element.Element == Element {
        Infallible<[Element]>(Observable.zip(collection.map { $0.asObservable() }))
    }
}

extension InfallibleType {
    /// Combines 2 sources element by element with `resultSelector`: the n-th
    /// result comes from the n-th element of each; completes when a source has
    /// completed and its elements are used up. See `Observable.zip`.
    ///
    /// ```
    /// source1:                   -1---2---3|
    /// source2:                   ---a---b|
    /// zip { "\($0)\($1)" }:       ---1a--2b|
    /// ```
    ///
    /// - Parameters:
    ///   - source1: The first source.
    ///   - source2: The second source.
    ///   - resultSelector: Makes the result from one element of each source; an error it
    ///     throws ends the sequence.
    ///   - isolation: The caller's actor, found automatically: a selector written in
    ///     actor-isolated code is checked when it runs (see `map`).
    public static func zip<E1, E2>(
        _ source1: Infallible<E1>, _ source2: Infallible<E2>,
        resultSelector: @escaping (E1, E2) throws -> Element,
        isolation: isolated (any Actor)? = #isolation
    ) -> Infallible<Element> {
        Infallible(Observable.zip(source1.asObservable(), source2.asObservable(), resultSelector: resultSelector, isolation: isolation))
    }
}

extension InfallibleType {
    /// Combines 3 sources element by element with `resultSelector`, as the
    /// 2-source `zip(_:_:resultSelector:)` does.
    ///
    /// - Parameters:
    ///   - source1: The first source.
    ///   - source2: The second source.
    ///   - source3: The third source.
    ///   - resultSelector: Makes the result from one element of each source; an error it
    ///     throws ends the sequence.
    ///   - isolation: The caller's actor, found automatically: a selector written in
    ///     actor-isolated code is checked when it runs (see `map`).
    public static func zip<E1, E2, E3>(
        _ source1: Infallible<E1>, _ source2: Infallible<E2>, _ source3: Infallible<E3>,
        resultSelector: @escaping (E1, E2, E3) throws -> Element,
        isolation: isolated (any Actor)? = #isolation
    ) -> Infallible<Element> {
        Infallible(Observable.zip(source1.asObservable(), source2.asObservable(), source3.asObservable(), resultSelector: resultSelector, isolation: isolation))
    }
}

extension InfallibleType {
    /// Combines 4 sources element by element with `resultSelector`, as the
    /// 2-source `zip(_:_:resultSelector:)` does.
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
    public static func zip<E1, E2, E3, E4>(
        _ source1: Infallible<E1>, _ source2: Infallible<E2>, _ source3: Infallible<E3>, _ source4: Infallible<E4>,
        resultSelector: @escaping (E1, E2, E3, E4) throws -> Element,
        isolation: isolated (any Actor)? = #isolation
    ) -> Infallible<Element> {
        Infallible(Observable.zip(source1.asObservable(), source2.asObservable(), source3.asObservable(), source4.asObservable(), resultSelector: resultSelector, isolation: isolation))
    }
}

extension InfallibleType {
    /// Combines 5 sources element by element with `resultSelector`, as the
    /// 2-source `zip(_:_:resultSelector:)` does.
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
    public static func zip<E1, E2, E3, E4, E5>(
        _ source1: Infallible<E1>, _ source2: Infallible<E2>, _ source3: Infallible<E3>, _ source4: Infallible<E4>, _ source5: Infallible<E5>,
        resultSelector: @escaping (E1, E2, E3, E4, E5) throws -> Element,
        isolation: isolated (any Actor)? = #isolation
    ) -> Infallible<Element> {
        Infallible(Observable.zip(source1.asObservable(), source2.asObservable(), source3.asObservable(), source4.asObservable(), source5.asObservable(), resultSelector: resultSelector, isolation: isolation))
    }
}

extension InfallibleType {
    /// Combines 6 sources element by element with `resultSelector`, as the
    /// 2-source `zip(_:_:resultSelector:)` does.
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
    public static func zip<E1, E2, E3, E4, E5, E6>(
        _ source1: Infallible<E1>, _ source2: Infallible<E2>, _ source3: Infallible<E3>, _ source4: Infallible<E4>, _ source5: Infallible<E5>, _ source6: Infallible<E6>,
        resultSelector: @escaping (E1, E2, E3, E4, E5, E6) throws -> Element,
        isolation: isolated (any Actor)? = #isolation
    ) -> Infallible<Element> {
        Infallible(Observable.zip(source1.asObservable(), source2.asObservable(), source3.asObservable(), source4.asObservable(), source5.asObservable(), source6.asObservable(), resultSelector: resultSelector, isolation: isolation))
    }
}

extension InfallibleType {
    /// Combines 7 sources element by element with `resultSelector`, as the
    /// 2-source `zip(_:_:resultSelector:)` does.
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
    public static func zip<E1, E2, E3, E4, E5, E6, E7>(
        _ source1: Infallible<E1>, _ source2: Infallible<E2>, _ source3: Infallible<E3>, _ source4: Infallible<E4>, _ source5: Infallible<E5>, _ source6: Infallible<E6>, _ source7: Infallible<E7>,
        resultSelector: @escaping (E1, E2, E3, E4, E5, E6, E7) throws -> Element,
        isolation: isolated (any Actor)? = #isolation
    ) -> Infallible<Element> {
        Infallible(Observable.zip(source1.asObservable(), source2.asObservable(), source3.asObservable(), source4.asObservable(), source5.asObservable(), source6.asObservable(), source7.asObservable(), resultSelector: resultSelector, isolation: isolation))
    }
}

extension InfallibleType {
    /// Combines 8 sources element by element with `resultSelector`, as the
    /// 2-source `zip(_:_:resultSelector:)` does.
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
    public static func zip<E1, E2, E3, E4, E5, E6, E7, E8>(
        _ source1: Infallible<E1>, _ source2: Infallible<E2>, _ source3: Infallible<E3>, _ source4: Infallible<E4>, _ source5: Infallible<E5>, _ source6: Infallible<E6>, _ source7: Infallible<E7>, _ source8: Infallible<E8>,
        resultSelector: @escaping (E1, E2, E3, E4, E5, E6, E7, E8) throws -> Element,
        isolation: isolated (any Actor)? = #isolation
    ) -> Infallible<Element> {
        Infallible(Observable.zip(source1.asObservable(), source2.asObservable(), source3.asObservable(), source4.asObservable(), source5.asObservable(), source6.asObservable(), source7.asObservable(), source8.asObservable(), resultSelector: resultSelector, isolation: isolation))
    }
}

// MARK: - CombineLatest

extension InfallibleType {
    /// Combines the latest element of each source with `resultSelector` whenever
    /// any of them emits, once all have emitted; completes when all have completed.
    ///
    /// - Parameters:
    ///   - collection: The sources.
    ///   - resultSelector: Makes the result from one element of each source; an error it
    ///     throws ends the sequence.
    ///   - isolation: The caller's actor, found automatically: a selector written in
    ///     actor-isolated code is checked when it runs (see `map`).
    public static func combineLatest<Sources: Swift.Collection>(
        _ collection: Sources, resultSelector: @escaping ([Sources.Element.Element]) throws -> Element,
        isolation: isolated (any Actor)? = #isolation
    ) -> Infallible<Element> where Sources.Element: InfallibleType {
        Infallible(Observable.combineLatest(collection.map { $0.asObservable() }, resultSelector: resultSelector, isolation: isolation))
    }

    /// Combines the latest element of each source into an array whenever any of
    /// them emits, once all have emitted.
    ///
    /// - Parameters:
    ///   - collection: The sources.
    public static func combineLatest<Sources: Swift.Collection>(_ collection: Sources) -> Infallible<[Element]>
        where Sources.Element: InfallibleType, Sources.Element.Element == Element {
        Infallible<[Element]>(Observable.combineLatest(collection.map { $0.asObservable() }))
    }
}

extension Infallible {
    /// Combines the latest element of each source with `resultSelector` whenever
    /// any of them emits, once all have emitted; completes when all have completed.
    /// See `Observable.combineLatest`.
    ///
    /// ```
    /// source1:                        -1---2-----|
    /// source2:                        ---a---b-|
    /// combineLatest { "\($0)\($1)" }:  ---1a-2a-2b|
    /// ```
    ///
    /// - Parameters:
    ///   - source1: The first source.
    ///   - source2: The second source.
    ///   - resultSelector: Makes the result from one element of each source; an error it
    ///     throws ends the sequence.
    ///   - isolation: The caller's actor, found automatically: a selector written in
    ///     actor-isolated code is checked when it runs (see `map`).
    public static func combineLatest<I1: InfallibleType, I2: InfallibleType>(
        _ source1: I1, _ source2: I2,
        resultSelector: @escaping (I1.Element, I2.Element) throws -> Element,
        isolation: isolated (any Actor)? = #isolation
    ) -> Infallible<Element> {
        Infallible(Observable.combineLatest(source1.asObservable(), source2.asObservable(), resultSelector: resultSelector, isolation: isolation))
    }
}

extension Infallible {
    /// Combines the latest elements of 3 sources with `resultSelector`, as the
    /// 2-source `combineLatest(_:_:resultSelector:)` does.
    ///
    /// - Parameters:
    ///   - source1: The first source.
    ///   - source2: The second source.
    ///   - source3: The third source.
    ///   - resultSelector: Makes the result from one element of each source; an error it
    ///     throws ends the sequence.
    ///   - isolation: The caller's actor, found automatically: a selector written in
    ///     actor-isolated code is checked when it runs (see `map`).
    public static func combineLatest<I1: InfallibleType, I2: InfallibleType, I3: InfallibleType>(
        _ source1: I1, _ source2: I2, _ source3: I3,
        resultSelector: @escaping (I1.Element, I2.Element, I3.Element) throws -> Element,
        isolation: isolated (any Actor)? = #isolation
    ) -> Infallible<Element> {
        Infallible(Observable.combineLatest(source1.asObservable(), source2.asObservable(), source3.asObservable(), resultSelector: resultSelector, isolation: isolation))
    }
}

extension Infallible {
    /// Combines the latest elements of 4 sources with `resultSelector`, as the
    /// 2-source `combineLatest(_:_:resultSelector:)` does.
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
    public static func combineLatest<I1: InfallibleType, I2: InfallibleType, I3: InfallibleType, I4: InfallibleType>(
        _ source1: I1, _ source2: I2, _ source3: I3, _ source4: I4,
        resultSelector: @escaping (I1.Element, I2.Element, I3.Element, I4.Element) throws -> Element,
        isolation: isolated (any Actor)? = #isolation
    ) -> Infallible<Element> {
        Infallible(Observable.combineLatest(source1.asObservable(), source2.asObservable(), source3.asObservable(), source4.asObservable(), resultSelector: resultSelector, isolation: isolation))
    }
}

extension Infallible {
    /// Combines the latest elements of 5 sources with `resultSelector`, as the
    /// 2-source `combineLatest(_:_:resultSelector:)` does.
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
    public static func combineLatest<I1: InfallibleType, I2: InfallibleType, I3: InfallibleType, I4: InfallibleType, I5: InfallibleType>(
        _ source1: I1, _ source2: I2, _ source3: I3, _ source4: I4, _ source5: I5,
        resultSelector: @escaping (I1.Element, I2.Element, I3.Element, I4.Element, I5.Element) throws -> Element,
        isolation: isolated (any Actor)? = #isolation
    ) -> Infallible<Element> {
        Infallible(Observable.combineLatest(source1.asObservable(), source2.asObservable(), source3.asObservable(), source4.asObservable(), source5.asObservable(), resultSelector: resultSelector, isolation: isolation))
    }
}

extension Infallible {
    /// Combines the latest elements of 6 sources with `resultSelector`, as the
    /// 2-source `combineLatest(_:_:resultSelector:)` does.
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
    public static func combineLatest<I1: InfallibleType, I2: InfallibleType, I3: InfallibleType, I4: InfallibleType, I5: InfallibleType, I6: InfallibleType>(
        _ source1: I1, _ source2: I2, _ source3: I3, _ source4: I4, _ source5: I5, _ source6: I6,
        resultSelector: @escaping (I1.Element, I2.Element, I3.Element, I4.Element, I5.Element, I6.Element) throws -> Element,
        isolation: isolated (any Actor)? = #isolation
    ) -> Infallible<Element> {
        Infallible(Observable.combineLatest(source1.asObservable(), source2.asObservable(), source3.asObservable(), source4.asObservable(), source5.asObservable(), source6.asObservable(), resultSelector: resultSelector, isolation: isolation))
    }
}

extension Infallible {
    /// Combines the latest elements of 7 sources with `resultSelector`, as the
    /// 2-source `combineLatest(_:_:resultSelector:)` does.
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
    public static func combineLatest<I1: InfallibleType, I2: InfallibleType, I3: InfallibleType, I4: InfallibleType, I5: InfallibleType, I6: InfallibleType, I7: InfallibleType>(
        _ source1: I1, _ source2: I2, _ source3: I3, _ source4: I4, _ source5: I5, _ source6: I6, _ source7: I7,
        resultSelector: @escaping (I1.Element, I2.Element, I3.Element, I4.Element, I5.Element, I6.Element, I7.Element) throws -> Element,
        isolation: isolated (any Actor)? = #isolation
    ) -> Infallible<Element> {
        Infallible(Observable.combineLatest(source1.asObservable(), source2.asObservable(), source3.asObservable(), source4.asObservable(), source5.asObservable(), source6.asObservable(), source7.asObservable(), resultSelector: resultSelector, isolation: isolation))
    }
}

extension Infallible {
    /// Combines the latest elements of 8 sources with `resultSelector`, as the
    /// 2-source `combineLatest(_:_:resultSelector:)` does.
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
    public static func combineLatest<I1: InfallibleType, I2: InfallibleType, I3: InfallibleType, I4: InfallibleType, I5: InfallibleType, I6: InfallibleType, I7: InfallibleType, I8: InfallibleType>(
        _ source1: I1, _ source2: I2, _ source3: I3, _ source4: I4, _ source5: I5, _ source6: I6, _ source7: I7, _ source8: I8,
        resultSelector: @escaping (I1.Element, I2.Element, I3.Element, I4.Element, I5.Element, I6.Element, I7.Element, I8.Element) throws -> Element,
        isolation: isolated (any Actor)? = #isolation
    ) -> Infallible<Element> {
        Infallible(Observable.combineLatest(source1.asObservable(), source2.asObservable(), source3.asObservable(), source4.asObservable(), source5.asObservable(), source6.asObservable(), source7.asObservable(), source8.asObservable(), resultSelector: resultSelector, isolation: isolation))
    }
}
