import Rill

extension ControlProperty {
    /// The property's values as a ``Driver``: on the main queue, the latest replayed
    /// to each new subscriber.
    ///
    /// A control property cannot fail; if its source does anyway, debug builds stop
    /// and release builds complete the driver.
    ///
    /// - Returns: A driver of the property's values.
    public func asDriver() -> Driver<Element> {
        asDriver(onErrorRecover: { controlTraitError($0, ending: .empty()) }, isolation: nil)
    }
}
