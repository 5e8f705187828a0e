/// A type that can be converted to an `Observable`.
public protocol ObservableConvertibleType {
    /// The type of the elements of the sequence.
    associatedtype Element

    /// The observable this value represents.
    func asObservable() -> Observable<Element>
}

/// A push-based sequence of elements: the protocol every observable, subject and
/// trait conversion conforms to.
///
/// Subscribing attaches an observer and returns a `Disposable` that ends the
/// subscription. Operators are extensions on this protocol and return
/// `Observable`.
public protocol ObservableType: ObservableConvertibleType {
    /// Subscribes `observer` to the events of this sequence.
    ///
    /// - Returns: A disposable that ends the subscription. The subscription also
    ///   ends by itself after a terminal event.
    func subscribe<Observer: ObserverType>(_ observer: Observer) -> any Disposable
        where Observer.Element == Element
}

extension ObservableType {
    /// Wraps this sequence as an `Observable`, subscribing to it for each subscriber.
    public func asObservable() -> Observable<Element> {
        ForeignObservable(self)
    }
}

/// An `ObservableType` implemented outside Rill, seen as an `Observable`.
// Sendable: immutable after init; each subscription keeps its own state.
final class ForeignObservable<Source: ObservableType>: Observable<Source.Element>, @unchecked Sendable {
    private let source: Source

    init(_ source: Source) {
        self.source = source
    }

    override func run(_ sink: Sink<Source.Element>) -> any Disposable {
        source.subscribe(AnyObserver(sink))
    }
}
