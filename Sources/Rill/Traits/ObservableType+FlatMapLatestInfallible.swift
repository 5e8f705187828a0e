extension ObservableType {
    /// Maps each element to an `Infallible` and emits the elements of the most
    /// recent one only, as an `Infallible`: the overload of
    /// `flatMapLatest(_:isolation:)` that RxSwift picks when `selector` returns an
    /// `Infallible`.
    ///
    /// It behaves exactly like the `Observable` form: the previous inner sequence is
    /// disposed when a new element arrives, and the result completes when this
    /// sequence and the latest inner sequence have completed. Only the type differs.
    /// Neither this sequence's errors nor `selector`'s are caught: as in RxSwift, an
    /// error still reaches the subscriber, which treats it as a broken promise
    /// (reported in debug builds, and the subscription ends). Give this sequence an
    /// `asInfallible(onErrorJustReturn:)` first when it can fail.
    ///
    /// ```swift
    /// let results: Infallible<[String]> = queries.flatMapLatest { query in
    ///     search(query).asInfallible(onErrorJustReturn: [])
    /// }
    /// ```
    ///
    /// - Parameter selector: Returns the inner sequence for an element.
    /// - Parameter isolation: The caller's actor (see `map`).
    /// - Returns: An infallible of the elements of the latest inner sequence.
    @_alwaysEmitIntoClient
    public func flatMapLatest<Source: InfallibleType>(
        _ selector: @escaping (Element) throws -> Source,
        isolation: isolated (any Actor)? = #isolation
    ) -> Infallible<Source.Element> {
        Infallible(flatMapLatest({ try selector($0).asObservable() }, isolation: isolation))
    }
}
