import Rill

extension SharedSequenceConvertibleType {
    /// Transforms each element with `selector`.
    ///
    /// `selector` runs on the strategy's scheduler (the main queue for ``Driver`` and
    /// ``Signal``) once per element, however many subscribers share the result;
    /// written in actor-isolated code, it is checked there.
    ///
    /// ```
    /// source:          -1-2-3|
    /// map { $0 * 10 }: -10-20-30|
    /// ```
    ///
    /// - Parameters:
    ///   - selector: Transforms one element.
    ///   - isolation: The caller's actor, found automatically; pass `nil` to hand over
    ///     a nonisolated closure.
    /// - Returns: A shared sequence of the transformed elements.
    public func map<Result>(
        _ selector: @escaping (Element) -> Result, isolation: isolated (any Actor)? = #isolation
    ) -> SharedSequence<SharingStrategy, Result> {
        lift { $0.map(selector, isolation: isolation) }
    }

    /// Transforms each element with `selector` and drops the `nil` results.
    ///
    /// ```
    /// source:                   -"1"-"x"-"3"|
    /// compactMap { Int($0) }:   -1-------3|
    /// ```
    ///
    /// - Parameters:
    ///   - selector: Transforms one element, or returns `nil` to drop it.
    ///   - isolation: The caller's actor, found automatically; pass `nil` to hand over
    ///     a nonisolated closure.
    /// - Returns: A shared sequence of the non-`nil` results.
    public func compactMap<Result>(
        _ selector: @escaping (Element) -> Result?, isolation: isolated (any Actor)? = #isolation
    ) -> SharedSequence<SharingStrategy, Result> {
        lift { $0.compactMap(selector, isolation: isolation) }
    }

    /// Emits only the elements for which `predicate` returns true.
    ///
    /// ```
    /// source:                 -1-2-3-4|
    /// filter { $0 % 2 == 0 }: ---2---4|
    /// ```
    ///
    /// - Parameters:
    ///   - predicate: Tells whether to keep an element.
    ///   - isolation: The caller's actor, found automatically; pass `nil` to hand over
    ///     a nonisolated closure.
    /// - Returns: A shared sequence of the kept elements.
    public func filter(
        _ predicate: @escaping (Element) -> Bool, isolation: isolated (any Actor)? = #isolation
    ) -> SharedSequence<SharingStrategy, Element> {
        lift { $0.filter(predicate, isolation: isolation) }
    }

    /// Emits each intermediate result of folding the elements into `seed` with
    /// `accumulator`.
    ///
    /// ```
    /// source:                  -1-2-3|
    /// scan(0) { $0 + $1 }:     -1-3-6|
    /// ```
    ///
    /// - Parameters:
    ///   - seed: The starting accumulation.
    ///   - accumulator: Folds one element into the accumulation.
    ///   - isolation: The caller's actor, found automatically; pass `nil` to hand over
    ///     a nonisolated closure.
    /// - Returns: A shared sequence of the accumulations.
    public func scan<A>(
        _ seed: A, accumulator: @escaping (A, Element) -> A, isolation: isolated (any Actor)? = #isolation
    ) -> SharedSequence<SharingStrategy, A> {
        lift { $0.scan(seed, accumulator: accumulator, isolation: isolation) }
    }

    /// Emits `element` first, then the elements of this sequence.
    ///
    /// ```
    /// source:        ---1-2|
    /// startWith(0):  0--1-2|
    /// ```
    ///
    /// - Parameter element: The element to emit first, on the subscribing thread.
    /// - Returns: A shared sequence that starts with `element`.
    public func startWith(_ element: Element) -> SharedSequence<SharingStrategy, Element> {
        lift { $0.startWith(element) }
    }

    /// Drops the first `count` elements.
    ///
    /// ```
    /// source:   -1-2-3|
    /// skip(2):  -----3|
    /// ```
    ///
    /// - Parameter count: How many elements to drop.
    /// - Returns: A shared sequence of the remaining elements.
    public func skip(_ count: Int) -> SharedSequence<SharingStrategy, Element> {
        lift { $0.skip(count) }
    }
}

extension SharedSequenceConvertibleType where Element: Equatable {
    /// Drops each element equal to the one before it.
    ///
    /// ```
    /// source:                 -1-1-2-2-1|
    /// distinctUntilChanged(): -1---2---1|
    /// ```
    ///
    /// - Returns: A shared sequence without consecutive duplicates.
    public func distinctUntilChanged() -> SharedSequence<SharingStrategy, Element> {
        lift { $0.distinctUntilChanged() }
    }
}

extension SharedSequenceConvertibleType {
    /// Drops each element whose key, from `keySelector`, equals the previous one's.
    ///
    /// - Parameters:
    ///   - keySelector: Computes the key compared.
    ///   - isolation: The caller's actor, found automatically; pass `nil` to hand over
    ///     a nonisolated closure.
    /// - Returns: A shared sequence without consecutive elements of equal keys.
    public func distinctUntilChanged<Key: Equatable>(
        _ keySelector: @escaping (Element) -> Key, isolation: isolated (any Actor)? = #isolation
    ) -> SharedSequence<SharingStrategy, Element> {
        lift { $0.distinctUntilChanged(keySelector, isolation: isolation) }
    }

    /// Drops each element that `comparer` says equals the previous one.
    ///
    /// - Parameters:
    ///   - comparer: Tells whether two consecutive elements are equal.
    ///   - isolation: The caller's actor, found automatically; pass `nil` to hand over
    ///     a nonisolated closure.
    /// - Returns: A shared sequence without consecutive equal elements.
    public func distinctUntilChanged(
        _ comparer: @escaping (Element, Element) -> Bool, isolation: isolated (any Actor)? = #isolation
    ) -> SharedSequence<SharingStrategy, Element> {
        lift { $0.distinctUntilChanged(comparer, isolation: isolation) }
    }

    /// Drops each element whose key, from `keySelector`, `comparer` says equals the
    /// previous one's.
    ///
    /// - Parameters:
    ///   - keySelector: Computes the key compared.
    ///   - comparer: Tells whether two consecutive keys are equal.
    ///   - isolation: The caller's actor, found automatically; pass `nil` to hand over
    ///     nonisolated closures.
    /// - Returns: A shared sequence without consecutive elements of equal keys.
    public func distinctUntilChanged<K>(
        _ keySelector: @escaping (Element) -> K,
        comparer: @escaping (K, K) -> Bool,
        isolation: isolated (any Actor)? = #isolation
    ) -> SharedSequence<SharingStrategy, Element> {
        lift { $0.distinctUntilChanged(keySelector, comparer: comparer, isolation: isolation) }
    }
}

extension SharedSequenceConvertibleType where SharingStrategy == SignalSharingStrategy {
    /// Pairs each element with `obj`, held weakly, through `resultSelector`; once
    /// `obj` is gone, the signal completes.
    ///
    /// - Parameters:
    ///   - obj: The object to pass along; held weakly.
    ///   - resultSelector: Combines `obj` and an element.
    ///   - isolation: The caller's actor, found automatically; pass `nil` to hand over
    ///     a nonisolated closure.
    /// - Returns: A signal of the combined values.
    public func withUnretained<Object: AnyObject, Out>(
        _ obj: Object,
        resultSelector: @escaping (Object, Element) -> Out,
        isolation: isolated (any Actor)? = #isolation
    ) -> SharedSequence<SharingStrategy, Out> {
        lift { $0.withUnretained(obj, resultSelector: resultSelector, isolation: isolation) }
    }

    /// Pairs each element with `obj`, held weakly; once `obj` is gone, the signal
    /// completes.
    ///
    /// ```swift
    /// taps.withUnretained(self).emit(onNext: { owner, _ in owner.save() })
    /// ```
    ///
    /// - Parameter obj: The object to pass along; held weakly.
    /// - Returns: A signal of `(obj, element)` pairs.
    public func withUnretained<Object: AnyObject>(_ obj: Object) -> SharedSequence<SharingStrategy, (Object, Element)> {
        lift { $0.withUnretained(obj) }
    }
}

extension SharedSequenceConvertibleType where SharingStrategy == DriverSharingStrategy {
    /// Unavailable on a ``Driver``, as in RxCocoa: its replay would keep `obj`.
    /// Use `drive(with:onNext:onCompleted:onDisposed:)`.
    ///
    /// - Parameters:
    ///   - obj: The object to pass along.
    ///   - resultSelector: Combines `obj` and an element.
    /// - Returns: Never returns.
    @available(*, unavailable, message: "withUnretained is not available on Driver; use drive(with:onNext:onCompleted:onDisposed:) instead")
    public func withUnretained<Object: AnyObject, Out>(
        _ obj: Object, resultSelector: @escaping (Object, Element) -> Out
    ) -> SharedSequence<SharingStrategy, Out> {
        fatalError("unavailable")
    }

    /// Unavailable on a ``Driver``, as in RxCocoa: its replay would keep `obj`.
    /// Use `drive(with:onNext:onCompleted:onDisposed:)`.
    ///
    /// - Parameter obj: The object to pass along.
    /// - Returns: Never returns.
    @available(*, unavailable, message: "withUnretained is not available on Driver; use drive(with:onNext:onCompleted:onDisposed:) instead")
    public func withUnretained<Object: AnyObject>(_ obj: Object) -> SharedSequence<SharingStrategy, (Object, Element)> {
        fatalError("unavailable")
    }
}
