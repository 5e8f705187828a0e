extension ObservableType {
    /// Maps each element to an observable sequence and concatenates them: each
    /// inner sequence is subscribed to only after the previous one completed.
    ///
    /// `selector` runs when the element arrives; its sequence waits its turn. The
    /// elements come out in the order of the elements that produced them.
    /// Completes when this sequence and every inner sequence completed; fails with
    /// the first error.
    ///
    /// ```
    /// source:                    -1-2|
    /// concatMap { .of($0, $0) }: -1-1-2-2|
    /// ```
    ///
    /// - Parameter selector: Returns the inner sequence for an element.
    /// - Parameter isolation: The caller's actor (see `map`).
    /// - Returns: An observable of the elements of every inner sequence, in order.
    @_alwaysEmitIntoClient
    public func concatMap<Source: ObservableConvertibleType>(
        _ selector: @escaping (Element) throws -> Source,
        isolation: isolated (any Actor)? = #isolation
    ) -> Observable<Source.Element> {
        guard let isolation else {
            return FlatMapObservable(source: asObservable(), strategy: .concat) { try selector($0).asObservable() }
        }
        let checked = IsolationCheck.checking(selector, isolation, "concatMap(_:)")
        return FlatMapObservable(source: asObservable(), strategy: .concat) { try checked($0).asObservable() }
    }
}
