/// A sequence of elements delivered over time: Rill's type-erased observable.
///
/// Every factory and operator returns an `Observable`. Subscribing runs the
/// sequence for that subscriber (observables are cold unless shared), and the
/// returned `Disposable` ends the subscription.
///
/// ```swift
/// let subscription = Observable.of(1, 2, 3)
///     .map { $0 * 10 }
///     .subscribe(onNext: { print($0) })   // 10, 20, 30
/// ```
///
/// `Observable` is `Sendable`: it is immutable once built, and each subscription
/// keeps its own state.
public class Observable<Element>: ObservableType, @unchecked Sendable {
    // Sendable: immutable once built; each subscription keeps its own state in its sinks.
    @usableFromInline
    init() {
        #if DEBUG
        Resources.increment()
        #endif
    }

    deinit {
        #if DEBUG
        Resources.decrement()
        #endif
    }

    /// Starts this sequence for `sink` and returns what ends it. Each subclass
    /// overrides this; it is called from inside the current thread's trampoline.
    @usableFromInline
    func run(_ sink: Sink<Element>) -> any Disposable {
        fatalError("Internal inconsistency: \(type(of: self)) does not override run(_:)")
    }

    /// Subscribes `observer` to this sequence.
    ///
    /// The observer receives events on whatever thread the source produces them;
    /// use `observe(on:)` to choose. After a terminal event the subscription is
    /// disposed by itself.
    ///
    /// - Returns: A disposable that ends the subscription.
    public func subscribe<Observer: ObserverType>(_ observer: Observer) -> any Disposable
        where Observer.Element == Element {
        ObserverSink(observer).subscribe(to: self)
    }

    /// Returns `self`.
    public func asObservable() -> Observable<Element> {
        self
    }
}

/// Delivers to a user's `ObserverType` at the end of a subscription.
private final class ObserverSink<Observer: ObserverType>: SubscriberSink<Observer.Element> {
    private let observer: Observer
    /// Set on the delivering thread when the terminal event is delivered, so an
    /// element still in flight (a subscriber ended the source in the middle of a
    /// delivery) is dropped. Events reach a sink one at a time (the grammar).
    @exclusivity(unchecked) private var isStopped = false

    init(_ observer: Observer) {
        self.observer = observer
        super.init(onDisposed: nil)
    }

    override func onNext(_ element: Observer.Element) {
        guard !isStopped else { return }
        observer.on(.next(element))
    }

    override func onError(_ error: any Swift.Error) {
        guard beginTerminal() else { return }
        isStopped = true
        observer.on(.error(error))
        disposeSubscription()
    }

    override func onCompleted() {
        guard beginTerminal() else { return }
        isStopped = true
        observer.on(.completed)
        disposeSubscription()
    }
}
