import Rill

/// A type that can be converted to a ``SharedSequence``: the protocol every
/// shared-sequence operator extends.
public protocol SharedSequenceConvertibleType: ObservableConvertibleType {
    /// The sharing strategy of the shared sequence this value converts to.
    associatedtype SharingStrategy: SharingStrategyProtocol

    /// The shared sequence this value represents.
    ///
    /// - Returns: The shared sequence.
    func asSharedSequence() -> SharedSequence<SharingStrategy, Element>
}

extension SharedSequenceConvertibleType {
    /// The observable of the shared sequence this value represents.
    ///
    /// - Returns: ``SharedSequence/asObservable()`` of ``asSharedSequence()``.
    public func asObservable() -> Observable<Element> {
        asSharedSequence().asObservable()
    }
}
