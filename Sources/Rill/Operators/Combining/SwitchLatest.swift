extension ObservableType where Element: ObservableConvertibleType {
    /// Emits the elements of the most recent inner observable only: each new inner
    /// disposes the subscription to the previous one.
    ///
    /// Completes when the outer sequence and the current inner have completed;
    /// fails when either fails. Events of a replaced inner that race with the
    /// switch are dropped.
    ///
    /// ```
    /// outer:          -a------b-----|
    /// a:               -1--2---3
    /// b:                       -4--|
    /// switchLatest(): --1--2----4--|
    /// ```
    @_alwaysEmitIntoClient
    public func switchLatest() -> Observable<Element.Element> {
        // `flatMapLatest { $0 }`: the same engine, so the same rules.
        FlatMapObservable(source: asObservable(), strategy: .latest) { $0.asObservable() }
    }
}
