extension ObservableType {
    /// Maps each element to an observable sequence and merges the events of all of
    /// them into one sequence.
    ///
    /// Every inner sequence is subscribed to as soon as its element arrives and
    /// runs until it ends; their elements are interleaved in the order they
    /// arrive, delivered one at a time even when inner sequences emit on several
    /// threads. The result completes when this sequence and every inner sequence
    /// completed; it fails with the first error from this sequence, an inner
    /// sequence, or `selector`, and then disposes the rest. As in RxSwift, the
    /// subscription to this sequence ends as soon as it completes, while the
    /// inner sequences run on.
    ///
    /// ```
    /// source:                       -1-----2|
    /// flatMap { .of($0, $0 * 10) }: -1-10--2-20|
    /// ```
    ///
    /// - Parameter selector: Returns the inner sequence for an element; runs on the
    ///   thread that delivers the element.
    /// - Parameter isolation: The caller's actor (see `map`).
    /// - Returns: An observable of the elements of every inner sequence.
    @_alwaysEmitIntoClient
    public func flatMap<Source: ObservableConvertibleType>(
        _ selector: @escaping (Element) throws -> Source,
        isolation: isolated (any Actor)? = #isolation
    ) -> Observable<Source.Element> {
        guard let isolation else {
            return FlatMapObservable(source: asObservable(), strategy: .merge) { try selector($0).asObservable() }
        }
        let checked = IsolationCheck.checking(selector, isolation, "flatMap(_:)")
        return FlatMapObservable(source: asObservable(), strategy: .merge) { try checked($0).asObservable() }
    }
}
