extension ObservableType {
    /// Emits the source's elements while `predicate` returns true, then completes
    /// at the first element for which it returns false.
    ///
    /// `predicate` runs on the thread that delivers each element. An error it
    /// throws fails the sequence.
    ///
    /// ```
    /// source:                                        -1-2-3-4|
    /// take(while: { $0 < 3 }):                       -1-2|
    /// take(while: { $0 < 3 }, behavior: .inclusive): -1-2-3|
    /// ```
    ///
    /// - Parameters:
    ///   - predicate: Returns true for each element to emit.
    ///   - behavior: Whether the first element that fails `predicate` is emitted
    ///     before completing; `.exclusive` by default.
    /// - Parameter isolation: The caller's actor (see `map`).
    /// - Returns: An observable of the leading elements that satisfy `predicate`.
    @_alwaysEmitIntoClient
    public func take(
        while predicate: @escaping (Element) throws -> Bool,
        behavior: TakeBehavior = .exclusive,
        isolation: isolated (any Actor)? = #isolation
    ) -> Observable<Element> {
        guard let isolation else {
            return TakePredicateObservable(source: asObservable(), endsOn: false, predicate: predicate, behavior: behavior)
        }
        let checked = IsolationCheck.checking(predicate, isolation, "take(while:behavior:)")
        return TakePredicateObservable(source: asObservable(), endsOn: false, predicate: checked, behavior: behavior)
    }

    /// Emits the source's elements while `predicate` returns true.
    @available(*, deprecated, renamed: "take(while:)")
    public func takeWhile(
        _ predicate: @escaping (Element) throws -> Bool,
        isolation: isolated (any Actor)? = #isolation
    ) -> Observable<Element> {
        take(while: predicate, isolation: isolation)
    }
}
