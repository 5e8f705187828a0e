/// A `BehaviorSubject` that never ends: it holds a current value, replays it to each
/// new subscriber, and changes it with `accept(_:)`.
///
/// ```swift
/// let title = BehaviorRelay(value: "Inbox")
/// let subscription = title.subscribe(onNext: { print($0) })   // prints "Inbox"
/// title.accept("Inbox (3)")                                   // prints "Inbox (3)"
/// title.value                                                 // "Inbox (3)"
/// ```
///
/// Threading and ordering are those of `BehaviorSubject`.
public final class BehaviorRelay<Element>: ObservableType, Sendable {
    private let subject: BehaviorSubject<Element>
    private let observable: Observable<Element>

    /// Creates a relay whose current value is `value`.
    public init(value: Element) {
        subject = BehaviorSubject(value: value)
        observable = subject.asObservable()
    }

    /// The current value.
    public var value: Element {
        subject.currentValue
    }

    /// Makes `event` the current value and sends it to the current subscribers.
    public func accept(_ event: Element) {
        subject.onNext(event)
    }

    /// Subscribes `observer`: it receives the current value, then later ones, never
    /// a terminal event.
    public func subscribe<Observer: ObserverType>(_ observer: Observer) -> any Disposable
        where Observer.Element == Element {
        subject.subscribe(observer)
    }

    /// The relay as an observable that cannot be cast back to the relay.
    public func asObservable() -> Observable<Element> {
        observable
    }
}
