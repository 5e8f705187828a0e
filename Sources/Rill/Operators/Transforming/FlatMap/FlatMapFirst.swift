extension ObservableType {
    /// Maps an element to an observable sequence and emits its elements, ignoring
    /// the elements that arrive while that inner sequence is still running.
    ///
    /// `selector` is not called for ignored elements. Useful to ignore repeated
    /// taps while a request is in flight. Completes when this sequence and the
    /// running inner sequence completed; fails with the first error.
    ///
    /// ```
    /// source:                         -1-2---3|
    /// flatMapFirst { 3 ticks of $0 }: -1-1-1-3-3-3|
    /// ```
    ///
    /// - Parameter selector: Returns the inner sequence for an element.
    /// - Parameter isolation: The caller's actor (see `map`).
    /// - Returns: An observable of the elements of the inner sequences that ran.
    @_alwaysEmitIntoClient
    public func flatMapFirst<Source: ObservableConvertibleType>(
        _ selector: @escaping (Element) throws -> Source,
        isolation: isolated (any Actor)? = #isolation
    ) -> Observable<Source.Element> {
        guard let isolation else {
            return FlatMapObservable(source: asObservable(), strategy: .first) { try selector($0).asObservable() }
        }
        let checked = IsolationCheck.checking(selector, isolation, "flatMapFirst(_:)")
        return FlatMapObservable(source: asObservable(), strategy: .first) { try checked($0).asObservable() }
    }
}
