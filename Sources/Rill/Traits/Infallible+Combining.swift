// Infallible's combining operators: concat, merge, withLatestFrom, and zip and
// combineLatest over a collection, each delegating to the Observable operator (see
// `lift` in Infallible+Operators.swift). zip and combineLatest over 2 to 8 separate
// sources are generated: Infallible+Zip+Arity.swift, Infallible+CombineLatest+Arity.swift.

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
    @_alwaysEmitIntoClient
    public func concat<Source: ObservableConvertibleType>(_ second: Source) -> Infallible<Element>
        where Source.Element == Element {
        lift { $0.concat(second) }
    }

    /// Emits the elements of each sequence in turn, subscribing to the next when
    /// the previous one completes.
    ///
    /// - Parameters:
    ///   - sequence: The sources, in order.
    @_alwaysEmitIntoClient
    public static func concat<Sources: Swift.Sequence>(_ sequence: Sources) -> Infallible<Element>
        where Sources.Element == Infallible<Element> {
        Infallible(Observable.concat(sequence.map { $0.asObservable() }))
    }

    /// Emits the elements of each sequence in turn, subscribing to the next when
    /// the previous one completes.
    ///
    /// - Parameters:
    ///   - collection: The sources.
    @_alwaysEmitIntoClient
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
    @_alwaysEmitIntoClient
    public static func concat(_ sources: Infallible<Element>...) -> Infallible<Element> {
        concat(sources)
    }
}

extension InfallibleType where Element: InfallibleType {
    /// Emits the elements of each inner sequence in turn, in the order they arrive.
    @_alwaysEmitIntoClient
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
    @_alwaysEmitIntoClient
    public static func merge<Sources: Swift.Collection>(_ sources: Sources) -> Infallible<Element>
        where Sources.Element == Infallible<Element> {
        Infallible(Observable.merge(sources.map { $0.asObservable() }))
    }

    /// Emits the elements of all `sources` as they arrive; completes when all have.
    ///
    /// - Parameters:
    ///   - sources: The sources.
    @_alwaysEmitIntoClient
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
    @_alwaysEmitIntoClient
    public static func merge(_ sources: Infallible<Element>...) -> Infallible<Element> {
        merge(sources)
    }
}

extension InfallibleType where Element: InfallibleType {
    /// Emits the elements of every inner sequence as they arrive; completes when
    /// the source and every inner sequence have.
    @_alwaysEmitIntoClient
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
    @_alwaysEmitIntoClient
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
    @_alwaysEmitIntoClient
    public func withLatestFrom<Source: InfallibleType>(_ second: Source) -> Infallible<Source.Element> {
        lift { $0.withLatestFrom(second) }
    }
}

// MARK: - Zip

extension InfallibleType {
    /// Combines the sources element by element with `resultSelector`: the n-th
    /// result comes from the n-th element of each. Completes when every source has
    /// completed, or earlier, when an element arrives that cannot form a row because
    /// every other source has completed (one of them with nothing left buffered).
    /// See `Observable.zip(_:resultSelector:)`.
    ///
    /// ```
    /// source1:              -1---2---3|
    /// source2:              ---a---b|
    /// zip { "\($0)\($1)" }: ---1a--2b|
    /// ```
    ///
    /// - Parameters:
    ///   - collection: The sources.
    ///   - resultSelector: Makes the result from one element of each source; an error it
    ///     throws ends the sequence.
    ///   - isolation: The caller's actor, found automatically: a selector written in
    ///     actor-isolated code is checked when it runs (see `map`).
    @_alwaysEmitIntoClient
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
    @_alwaysEmitIntoClient
    public static func zip<Sources: Swift.Collection>(_ collection: Sources) -> Infallible<[Element]>
        where Sources.Element: InfallibleType, Sources.Element.Element == Element {
        Infallible<[Element]>(Observable.zip(collection.map { $0.asObservable() }))
    }
}

// MARK: - CombineLatest

extension InfallibleType {
    /// Combines the latest element of each source with `resultSelector` whenever
    /// any of them emits, once all have emitted; completes when all have completed
    /// (or when a source emits while all the others have completed and one has
    /// never emitted).
    ///
    /// - Parameters:
    ///   - collection: The sources.
    ///   - resultSelector: Makes the result from one element of each source; an error it
    ///     throws ends the sequence.
    ///   - isolation: The caller's actor, found automatically: a selector written in
    ///     actor-isolated code is checked when it runs (see `map`).
    @_alwaysEmitIntoClient
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
    @_alwaysEmitIntoClient
    public static func combineLatest<Sources: Swift.Collection>(_ collection: Sources) -> Infallible<[Element]>
        where Sources.Element: InfallibleType, Sources.Element.Element == Element {
        Infallible<[Element]>(Observable.combineLatest(collection.map { $0.asObservable() }))
    }
}
