extension InfallibleType {
    /// Transforms each element with `transform`, keeping the guarantee of no errors:
    /// `transform` cannot throw.
    ///
    /// ```
    /// source:          -1-2-3|
    /// map { $0 * 10 }: -10-20-30|
    /// ```
    public func map<Result>(_ transform: @escaping (Element) -> Result) -> Infallible<Result> {
        Infallible<Result>(asObservable().map(transform))
    }

    /// Emits only the elements for which `predicate` returns true; `predicate`
    /// cannot throw.
    ///
    /// ```
    /// source:                 -1-2-3-4|
    /// filter { $0 % 2 == 0 }: ---2---4|
    /// ```
    public func filter(_ predicate: @escaping (Element) -> Bool) -> Infallible<Element> {
        Infallible(asObservable().filter(predicate))
    }
}
