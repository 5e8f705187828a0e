import Rill

extension SharedSequenceConvertibleType where Element: SharedSequenceConvertibleType {
    /// Emits the elements of the latest inner shared sequence, disposing the previous
    /// inner subscription each time a new one arrives.
    ///
    /// ```
    /// source:         -a----b---|
    /// inner a:         -1-2-3
    /// inner b:              -9--|
    /// switchLatest(): --1-2--9--|
    /// ```
    ///
    /// - Returns: A shared sequence of the inner sequences' strategy.
    public func switchLatest() -> SharedSequence<Element.SharingStrategy, Element.Element> {
        SharedSequence(asObservable().map({ $0.asObservable() }, isolation: nil).switchLatest())
    }

    /// Merges the elements of every inner shared sequence.
    ///
    /// ```
    /// source:    -a---b-----|
    /// inner a:    -1---2-|
    /// inner b:        --3-|
    /// merge():   --1---3-2---|
    /// ```
    ///
    /// - Returns: A shared sequence of the inner sequences' strategy.
    public func merge() -> SharedSequence<Element.SharingStrategy, Element.Element> {
        SharedSequence(asObservable().map({ $0.asObservable() }, isolation: nil).merge())
    }

    /// Merges the elements of the inner shared sequences, running at most
    /// `maxConcurrent` of them at once; the others wait their turn.
    ///
    /// - Parameter maxConcurrent: The most inner sequences subscribed at once.
    /// - Returns: A shared sequence of the inner sequences' strategy.
    public func merge(maxConcurrent: Int) -> SharedSequence<Element.SharingStrategy, Element.Element> {
        SharedSequence(asObservable().map({ $0.asObservable() }, isolation: nil).merge(maxConcurrent: maxConcurrent))
    }
}

extension SharedSequenceConvertibleType {
    /// Maps each element to a shared sequence and emits only the latest one's
    /// elements, disposing the previous inner subscription.
    ///
    /// ```
    /// source:         -a----b---|
    /// selector(a):     -1-2-3
    /// selector(b):          -9--|
    /// flatMapLatest:  --1-2--9--|
    /// ```
    ///
    /// - Parameters:
    ///   - selector: Maps an element to the shared sequence to switch to.
    ///   - isolation: The caller's actor, found automatically; pass `nil` to hand over
    ///     a nonisolated closure.
    /// - Returns: A shared sequence of the inner sequences' strategy.
    public func flatMapLatest<Sharing, Result>(
        _ selector: @escaping (Element) -> SharedSequence<Sharing, Result>,
        isolation: isolated (any Actor)? = #isolation
    ) -> SharedSequence<Sharing, Result> {
        SharedSequence(asObservable().flatMapLatest(selector, isolation: isolation))
    }

    /// Maps an element to a shared sequence only while no earlier inner sequence is
    /// running; elements that arrive meanwhile are dropped.
    ///
    /// ```
    /// source:         -a-b----c--|
    /// selector(a):     -1-2|
    /// selector(c):            -3|
    /// flatMapFirst:   --1-2----3-|
    /// ```
    ///
    /// - Parameters:
    ///   - selector: Maps an element to a shared sequence.
    ///   - isolation: The caller's actor, found automatically; pass `nil` to hand over
    ///     a nonisolated closure.
    /// - Returns: A shared sequence of the inner sequences' strategy.
    public func flatMapFirst<Sharing, Result>(
        _ selector: @escaping (Element) -> SharedSequence<Sharing, Result>,
        isolation: isolated (any Actor)? = #isolation
    ) -> SharedSequence<Sharing, Result> {
        SharedSequence(asObservable().flatMapFirst(selector, isolation: isolation))
    }

    /// Maps each element to a shared sequence and merges the elements of all of them.
    ///
    /// ```
    /// source:            -1-----2-----|
    /// flatMap { x, x }:  -1-1---2-2---|
    /// ```
    ///
    /// - Parameters:
    ///   - selector: Maps an element to a shared sequence.
    ///   - isolation: The caller's actor, found automatically; pass `nil` to hand over
    ///     a nonisolated closure.
    /// - Returns: A shared sequence of the inner sequences' strategy.
    public func flatMap<Sharing, Result>(
        _ selector: @escaping (Element) -> SharedSequence<Sharing, Result>,
        isolation: isolated (any Actor)? = #isolation
    ) -> SharedSequence<Sharing, Result> {
        SharedSequence(asObservable().flatMap(selector, isolation: isolation))
    }

    /// Merges the elements of every shared sequence in `sources`.
    ///
    /// - Parameter sources: The shared sequences to merge.
    /// - Returns: A shared sequence of all their elements, completing when all have completed.
    public static func merge<Collection: Swift.Collection>(
        _ sources: Collection
    ) -> SharedSequence<SharingStrategy, Element> where Collection.Element == SharedSequence<SharingStrategy, Element> {
        SharedSequence(Observable.merge(sources.map { $0.asObservable() }))
    }

    /// Merges the elements of every shared sequence in `sources`.
    ///
    /// - Parameter sources: The shared sequences to merge.
    /// - Returns: A shared sequence of all their elements, completing when all have completed.
    public static func merge(_ sources: [SharedSequence<SharingStrategy, Element>]) -> SharedSequence<SharingStrategy, Element> {
        SharedSequence(Observable.merge(sources.map { $0.asObservable() }))
    }

    /// Merges the elements of the given shared sequences.
    ///
    /// ```
    /// a:           -1---3-|
    /// b:           --2-----4|
    /// merge(a, b): -12--3--4|
    /// ```
    ///
    /// - Parameter sources: The shared sequences to merge.
    /// - Returns: A shared sequence of all their elements, completing when all have completed.
    public static func merge(_ sources: SharedSequence<SharingStrategy, Element>...) -> SharedSequence<SharingStrategy, Element> {
        merge(sources)
    }
}

extension SharedSequence {
    /// Emits the elements of each shared sequence in `sequence`, one sequence after
    /// another: the next is subscribed when the previous completes.
    ///
    /// - Parameter sequence: The shared sequences to concatenate; iterated lazily.
    /// - Returns: A shared sequence of their elements, in order.
    public static func concat<Sequence: Swift.Sequence>(
        _ sequence: Sequence
    ) -> SharedSequence<SharingStrategy, Element> where Sequence.Element == SharedSequence<SharingStrategy, Element> {
        SharedSequence(Observable.concat(sequence.lazy.map { $0.asObservable() }))
    }

    /// Emits the elements of each shared sequence in `collection`, one sequence after
    /// another: the next is subscribed when the previous completes.
    ///
    /// ```
    /// a:             -1-2|
    /// b:                 -3|
    /// concat([a, b]): -1-2-3|
    /// ```
    ///
    /// - Parameter collection: The shared sequences to concatenate.
    /// - Returns: A shared sequence of their elements, in order.
    public static func concat<Collection: Swift.Collection>(
        _ collection: Collection
    ) -> SharedSequence<SharingStrategy, Element> where Collection.Element == SharedSequence<SharingStrategy, Element> {
        SharedSequence(Observable.concat(collection.map { $0.asObservable() }))
    }
}
