import Rill

extension BehaviorRelay {
    /// The relay as a ``Driver``: its current value at once, then every accepted
    /// value, on the main queue.
    ///
    /// ```swift
    /// let name = BehaviorRelay(value: "Ada")
    /// name.asDriver().drive(onNext: { label.text = $0 })   // "Ada" at once
    /// ```
    ///
    /// - Returns: A driver of the relay's values.
    public func asDriver() -> Driver<Element> {
        SharedSequence(asObservable().observe(on: DriverSharingStrategy.scheduler))
    }
}
