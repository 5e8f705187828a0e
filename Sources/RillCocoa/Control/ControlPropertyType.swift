import Rill

/// A type that is both the values of a UI element's property and the way to set it:
/// the protocol of ``ControlProperty``.
public protocol ControlPropertyType: ObservableType, ObserverType {
    /// This value as a ``ControlProperty``.
    ///
    /// - Returns: The control property.
    func asControlProperty() -> ControlProperty<Element>
}
