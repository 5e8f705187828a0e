import Rill

extension ControlEvent {
    /// The events as a ``Signal``: on the main queue, replayed to nobody.
    ///
    /// A control event cannot fail; if its source does anyway, debug builds stop and
    /// release builds complete the signal.
    ///
    /// - Returns: A signal of the events.
    public func asSignal() -> Signal<Element> {
        asSignal(onErrorRecover: { controlTraitError($0, ending: .empty()) }, isolation: nil)
    }
}
