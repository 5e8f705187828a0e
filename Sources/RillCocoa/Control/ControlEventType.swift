import Rill

/// A type that is the events of a UI element: the protocol of ``ControlEvent``.
public protocol ControlEventType: ObservableType {
    /// This value as a ``ControlEvent``.
    ///
    /// - Returns: The control event.
    func asControlEvent() -> ControlEvent<Element>
}
