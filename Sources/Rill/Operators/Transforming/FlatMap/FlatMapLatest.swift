extension ObservableType {
    /// Maps each element to an observable sequence and emits the elements of the
    /// most recent one only, disposing the previous inner sequence when a new
    /// element arrives.
    ///
    /// Stale results never arrive: once a newer element was mapped, nothing from
    /// an older inner sequence is delivered. The usual tool for search-as-you-type.
    /// Completes when this sequence and the latest inner sequence completed; fails
    /// with the first error from this sequence, the latest inner sequence, or
    /// `selector`.
    ///
    /// ```
    /// source:                      -a---b------|
    /// flatMapLatest { search($0) }: ---A1---B1-B2|   (a's later results are dropped)
    /// ```
    ///
    /// - Parameter selector: Returns the inner sequence for an element.
    /// - Parameter isolation: The caller's actor (see `map`).
    /// - Returns: An observable of the elements of the latest inner sequence.
    @_alwaysEmitIntoClient
    public func flatMapLatest<Source: ObservableConvertibleType>(
        _ selector: @escaping (Element) throws -> Source,
        isolation: isolated (any Actor)? = #isolation
    ) -> Observable<Source.Element> {
        guard let isolation else {
            return FlatMapObservable(source: asObservable(), strategy: .latest) { try selector($0).asObservable() }
        }
        let checked = IsolationCheck.checking(selector, isolation, "flatMapLatest(_:)")
        return FlatMapObservable(source: asObservable(), strategy: .latest) { try checked($0).asObservable() }
    }
}
