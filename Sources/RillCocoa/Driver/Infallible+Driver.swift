import Rill

extension InfallibleType {
    /// This sequence as a ``Driver``: the same elements, on the main queue, with the
    /// latest replayed to new subscribers.
    ///
    /// - Returns: A driver of this sequence's elements.
    public func asDriver() -> Driver<Element> {
        SharedSequence(asObservable().observe(on: DriverSharingStrategy.scheduler))
    }
}
