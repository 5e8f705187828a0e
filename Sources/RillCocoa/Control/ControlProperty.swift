import Rill

/// A property of a UI element as a sequence and an observer: its values (the initial
/// one, then each change the user makes) to observe, and a sink to set it through.
///
/// RxCocoa's UIKit and AppKit extensions (`textField.rx.text`) build these from
/// controls; RillCocoa has the type itself, so code and tests written against
/// `ControlProperty` build anywhere. A control property:
///
/// - subscribes to its values on the main queue
///   (`subscribe(on: ConcurrentMainScheduler.instance)`): at once when subscribed
///   on the main queue, otherwise dispatched there;
/// - sends elements to its value sink when bound to (`on(_:)`), ignores nothing
///   but errors: binding an error is a programming error (debug builds stop);
/// - is expected never to fail and to complete when its control goes away (the
///   values' source makes that true).
///
/// ```swift
/// let text = BehaviorRelay<String?>(value: "")
/// let property = ControlProperty(values: text.asObservable(), valueSink: Binder(field) { $0.text = $1 })
/// property.orEmpty.map(\.count).bind(to: counter)
/// ```
///
/// A `ControlProperty` is `Sendable`: it holds an `Observable` and an `AnyObserver`.
public struct ControlProperty<PropertyType>: ControlPropertyType, Sendable {
    /// The type of the property's values.
    public typealias Element = PropertyType

    let values: Observable<PropertyType>
    let valueSink: AnyObserver<PropertyType>

    /// Creates a control property from the property's values and the observer that
    /// sets it.
    ///
    /// - Parameters:
    ///   - values: The property's values: its current value on subscription, then
    ///     each change. Subscribed to on the main queue.
    ///   - valueSink: Receives the elements bound to the property.
    public init<Values: ObservableType, Sink: ObserverType>(
        values: Values, valueSink: Sink
    ) where Element == Values.Element, Element == Sink.Element {
        self.values = values.subscribe(on: ConcurrentMainScheduler.instance)
        self.valueSink = valueSink.asObserver()
    }

    /// Subscribes `observer` to the property's values.
    ///
    /// - Parameter observer: The observer to send the values to.
    /// - Returns: A disposable that ends the subscription.
    public func subscribe<Observer: ObserverType>(_ observer: Observer) -> any Disposable
        where Observer.Element == Element {
        values.subscribe(observer)
    }

    /// The property's changes: its values without the first, current one.
    ///
    /// ```
    /// values:  0-1-2
    /// changed: --1-2
    /// ```
    public var changed: ControlEvent<PropertyType> {
        ControlEvent(events: values.skip(1))
    }

    /// The property's values, subscribed to on the main queue.
    ///
    /// - Returns: The values' observable; the same instance each time.
    public func asObservable() -> Observable<Element> {
        values
    }

    /// Returns `self`.
    ///
    /// - Returns: This control property.
    public func asControlProperty() -> ControlProperty<Element> {
        self
    }

    /// Sends an element or completion to the value sink. An error is a programming
    /// error: debug builds stop with a message, release builds report it.
    ///
    /// - Parameter event: The event bound to the property.
    public func on(_ event: Event<Element>) {
        if case .error(let error) = event {
            return reportBindingError(error, target: " to \(ControlProperty<Element>.self)")
        }
        valueSink.on(event)
    }
}

extension ControlPropertyType where Element == String? {
    /// The property with `nil` read as the empty string: values map `nil` to `""`,
    /// and strings bound to it reach the value sink as optionals.
    ///
    /// ```swift
    /// searchField.rx.text.orEmpty.map(\.count)   // 0 while the field is empty or nil
    /// ```
    public var orEmpty: ControlProperty<String> {
        let property = asControlProperty()
        let sink = property.valueSink
        return ControlProperty<String>(
            values: property.values.map({ $0 ?? "" }, isolation: nil),
            valueSink: AnyObserver<String> { event in sink.on(event.map { Optional($0) }) }
        )
    }
}
