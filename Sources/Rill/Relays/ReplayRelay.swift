/// A `ReplaySubject` that never ends: it replays its last elements to each new
/// subscriber and sends new ones with `accept(_:)`.
///
/// ```swift
/// let recent = ReplayRelay<String>.create(bufferSize: 2)
/// recent.accept("a"); recent.accept("b"); recent.accept("c")
/// let subscription = recent.subscribe(onNext: { print($0) })   // prints "b", "c"
/// ```
///
/// Threading and ordering are those of `ReplaySubject`.
public final class ReplayRelay<Element>: ObservableType, Sendable {
    private let subject: ReplaySubject<Element>
    private let observable: Observable<Element>

    private init(_ subject: ReplaySubject<Element>) {
        self.subject = subject
        observable = subject.asObservable()
    }

    /// A relay that replays the last `bufferSize` elements.
    ///
    /// - Precondition: `bufferSize >= 0`.
    public static func create(bufferSize: Int) -> ReplayRelay<Element> {
        ReplayRelay(.create(bufferSize: bufferSize))
    }

    /// A relay that replays every element it ever received; the buffer grows
    /// without limit.
    public static func createUnbound() -> ReplayRelay<Element> {
        ReplayRelay(.createUnbound())
    }

    /// Buffers `event` and sends it to the current subscribers.
    public func accept(_ event: Element) {
        subject.onNext(event)
    }

    /// Subscribes `observer`: it receives the replay, then later elements, never a
    /// terminal event.
    public func subscribe<Observer: ObserverType>(_ observer: Observer) -> any Disposable
        where Observer.Element == Element {
        subject.subscribe(observer)
    }

    /// The relay as an observable that cannot be cast back to the relay.
    public func asObservable() -> Observable<Element> {
        observable
    }
}
