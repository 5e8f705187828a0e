extension ObservableType {
    /// Collects every element and, when the source completes, emits them as one
    /// array and completes.
    ///
    /// An error from the source becomes the error event and nothing is emitted. A
    /// source that never completes never emits. RxSwift 6 returns a `Single`; Rill
    /// returns an `Observable` of exactly one array until its traits exist.
    ///
    /// ```
    /// source:    -1-2-3|
    /// toArray(): -------[1, 2, 3]|
    /// ```
    ///
    /// - Returns: An observable of one array, emitted on completion.
    public func toArray() -> Observable<[Element]> {
        ReduceObservable(source: asObservable(), seed: [], accumulator: { $0.append($1) }, mapResult: { $0 })
    }
}
