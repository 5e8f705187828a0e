/// A type that receives the events of an observable sequence.
///
/// Implement `on(_:)`; `onNext`, `onError` and `onCompleted` are conveniences.
/// Rill calls an observer from one thread at a time, following the grammar
/// `next* (error | completed)?`.
public protocol ObserverType {
    /// The type of the elements received.
    associatedtype Element

    /// Receives one event.
    func on(_ event: Event<Element>)
}

extension ObserverType {
    /// Sends an element.
    @inlinable
    public func onNext(_ element: Element) {
        on(.next(element))
    }

    /// Sends completion.
    @inlinable
    public func onCompleted() {
        on(.completed)
    }

    /// Sends an error.
    @inlinable
    public func onError(_ error: any Swift.Error) {
        on(.error(error))
    }
}
