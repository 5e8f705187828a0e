import Rill

/// The events of a UI element (a tap, an editing change) as a sequence.
///
/// RxCocoa's UIKit and AppKit extensions (`button.rx.tap`) build these from
/// controls; RillCocoa has the type itself, so code and tests written against
/// `ControlEvent` build anywhere. A control event:
///
/// - subscribes to its events on the main queue
///   (`subscribe(on: ConcurrentMainScheduler.instance)`): at once when subscribed
///   on the main queue, otherwise dispatched there;
/// - sends no initial element;
/// - is expected never to fail and to complete when its control goes away (the
///   events' source makes that true).
///
/// ```swift
/// let taps = PublishRelay<Void>()
/// let tap = ControlEvent(events: taps)
/// tap.asSignal().emit(onNext: { save() })
/// ```
///
/// A `ControlEvent` is `Sendable`: it holds only an `Observable`.
public struct ControlEvent<PropertyType>: ControlEventType, Sendable {
    /// The type of the events' elements.
    public typealias Element = PropertyType

    let events: Observable<PropertyType>

    /// Creates a control event from the element's events.
    ///
    /// - Parameter events: The events; subscribed to on the main queue.
    public init<Ev: ObservableType>(events: Ev) where Ev.Element == Element {
        self.events = events.subscribe(on: ConcurrentMainScheduler.instance)
    }

    /// Subscribes `observer` to the events.
    ///
    /// - Parameter observer: The observer to send the events to.
    /// - Returns: A disposable that ends the subscription.
    public func subscribe<Observer: ObserverType>(_ observer: Observer) -> any Disposable
        where Observer.Element == Element {
        events.subscribe(observer)
    }

    /// The events, subscribed to on the main queue.
    ///
    /// - Returns: The events' observable; the same instance each time.
    public func asObservable() -> Observable<Element> {
        events
    }

    /// Returns `self`.
    ///
    /// - Returns: This control event.
    public func asControlEvent() -> ControlEvent<Element> {
        self
    }

    /// The events as an `Infallible`.
    ///
    /// - Returns: An `Infallible` of the same events.
    public func asInfallible() -> Infallible<Element> {
        events.asInfallible(onErrorFallbackTo: .empty())
    }
}
