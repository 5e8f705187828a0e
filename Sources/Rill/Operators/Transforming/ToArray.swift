extension ObservableType {
    /// Collects every element and, when the source completes, succeeds with them as
    /// one array.
    ///
    /// An error from the source fails the result. A source that never completes
    /// never resolves.
    ///
    /// ```
    /// source:    -1-2-3|
    /// toArray(): -------[1, 2, 3]|
    /// ```
    ///
    /// - Returns: A `Single` of the array, succeeding on completion (RxSwift 6's type).
    @_alwaysEmitIntoClient
    public func toArray() -> Single<[Element]> {
        Single(raw: ReduceObservable(source: asObservable(), seed: [], accumulator: { $0.append($1) }, mapResult: { $0 }))
    }
}
