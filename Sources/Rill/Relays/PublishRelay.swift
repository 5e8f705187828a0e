/// A `PublishSubject` that never ends: it has `accept(_:)` instead of `onNext`, and
/// no way to send an error or completion.
///
/// ```swift
/// let refreshRequested = PublishRelay<Void>()
/// let subscription = refreshRequested.subscribe(onNext: { reload() })
/// refreshRequested.accept(())
/// ```
///
/// Each element goes to the subscribers of the moment, in `PublishSubject`'s order, on
/// the thread that accepts it. Accepting from several threads at once is not serialised.
public final class PublishRelay<Element>: ObservableType, Sendable {
    private let subject = PublishSubject<Element>()
    private let observable: Observable<Element>

    /// Creates a relay with no subscribers.
    public init() {
        observable = subject.asObservable()
    }

    /// Sends `event` to the current subscribers.
    public func accept(_ event: Element) {
        subject.onNext(event)
    }

    /// Subscribes `observer`; it receives elements only, never a terminal event.
    public func subscribe<Observer: ObserverType>(_ observer: Observer) -> any Disposable
        where Observer.Element == Element {
        subject.subscribe(observer)
    }

    /// The relay as an observable that cannot be cast back to the relay.
    public func asObservable() -> Observable<Element> {
        observable
    }
}
