import Rill

extension SharedSequenceConvertibleType {
    /// Combines each element with the latest element of `second` through
    /// `resultSelector`; elements that arrive before `second` has one are dropped.
    ///
    /// ```
    /// source:                          --1---2---3|
    /// second:                          -a------b---
    /// withLatestFrom(second) { "\($0)\($1)" }: --1a--2a--3b|
    /// ```
    ///
    /// - Parameters:
    ///   - second: The shared sequence whose latest element is used.
    ///   - resultSelector: Combines an element with the latest of `second`.
    ///   - isolation: The caller's actor, found automatically; pass `nil` to hand over
    ///     a nonisolated closure.
    /// - Returns: A shared sequence of the combinations.
    public func withLatestFrom<SecondO: SharedSequenceConvertibleType, ResultType>(
        _ second: SecondO,
        resultSelector: @escaping (Element, SecondO.Element) -> ResultType,
        isolation: isolated (any Actor)? = #isolation
    ) -> SharedSequence<SharingStrategy, ResultType> where SecondO.SharingStrategy == SharingStrategy {
        lift { $0.withLatestFrom(second.asSharedSequence(), resultSelector: resultSelector, isolation: isolation) }
    }

    /// Emits the latest element of `second` each time this sequence emits; elements
    /// that arrive before `second` has one are dropped.
    ///
    /// - Parameter second: The shared sequence whose latest element is emitted.
    /// - Returns: A shared sequence of `second`'s elements.
    public func withLatestFrom<SecondO: SharedSequenceConvertibleType>(
        _ second: SecondO
    ) -> SharedSequence<SharingStrategy, SecondO.Element> {
        lift { $0.withLatestFrom(second.asSharedSequence()) }
    }
}

extension SharedSequence {
    /// Combines the elements of the shared sequences in `collection` by index: the
    /// first of each, then the second of each, and so on, through `resultSelector`.
    ///
    /// - Parameters:
    ///   - collection: The shared sequences to zip.
    ///   - resultSelector: Combines one element of each, in collection order.
    ///   - isolation: The caller's actor, found automatically; pass `nil` to hand over
    ///     a nonisolated closure.
    /// - Returns: A shared sequence of the combinations.
    public static func zip<Collection: Swift.Collection, Result>(
        _ collection: Collection,
        resultSelector: @escaping ([Element]) throws -> Result,
        isolation: isolated (any Actor)? = #isolation
    ) -> SharedSequence<SharingStrategy, Result> where Collection.Element == SharedSequence<SharingStrategy, Element> {
        let sources = collection.map { $0.asObservable() }
        return SharedSequence<SharingStrategy, Result>(Observable.zip(sources, resultSelector: resultSelector, isolation: isolation))
    }

    /// Combines the elements of the shared sequences in `collection` by index into
    /// arrays.
    ///
    /// - Parameter collection: The shared sequences to zip.
    /// - Returns: A shared sequence of arrays, one element of each source, in collection order.
    public static func zip<Collection: Swift.Collection>(
        _ collection: Collection
    ) -> SharedSequence<SharingStrategy, [Element]> where Collection.Element == SharedSequence<SharingStrategy, Element> {
        SharedSequence<SharingStrategy, [Element]>(Observable.zip(collection.map { $0.asObservable() }))
    }

    /// Combines the latest elements of the shared sequences in `collection` through
    /// `resultSelector`, each time one of them emits once all have emitted.
    ///
    /// - Parameters:
    ///   - collection: The shared sequences to combine.
    ///   - resultSelector: Combines the latest element of each, in collection order.
    ///   - isolation: The caller's actor, found automatically; pass `nil` to hand over
    ///     a nonisolated closure.
    /// - Returns: A shared sequence of the combinations.
    public static func combineLatest<Collection: Swift.Collection, Result>(
        _ collection: Collection,
        resultSelector: @escaping ([Element]) throws -> Result,
        isolation: isolated (any Actor)? = #isolation
    ) -> SharedSequence<SharingStrategy, Result> where Collection.Element == SharedSequence<SharingStrategy, Element> {
        let sources = collection.map { $0.asObservable() }
        return SharedSequence<SharingStrategy, Result>(
            Observable.combineLatest(sources, resultSelector: resultSelector, isolation: isolation)
        )
    }

    /// Combines the latest elements of the shared sequences in `collection` into
    /// arrays, each time one of them emits once all have emitted.
    ///
    /// - Parameter collection: The shared sequences to combine.
    /// - Returns: A shared sequence of arrays of the latest elements, in collection order.
    public static func combineLatest<Collection: Swift.Collection>(
        _ collection: Collection
    ) -> SharedSequence<SharingStrategy, [Element]> where Collection.Element == SharedSequence<SharingStrategy, Element> {
        SharedSequence<SharingStrategy, [Element]>(Observable.combineLatest(collection.map { $0.asObservable() }))
    }
}
