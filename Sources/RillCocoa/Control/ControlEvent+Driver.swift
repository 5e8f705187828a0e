import Rill

extension ControlEvent {
    /// The events as a ``Driver``: on the main queue, the latest replayed to each new
    /// subscriber.
    ///
    /// A control event cannot fail; if its source does anyway, debug builds stop and
    /// release builds complete the driver.
    ///
    /// - Returns: A driver of the events.
    public func asDriver() -> Driver<Element> {
        asDriver(onErrorRecover: { controlTraitError($0, ending: .empty()) }, isolation: nil)
    }
}
