import Rill

/// An observable sequence that never fails, delivers on its strategy's scheduler and
/// shares one subscription among its subscribers: the type behind ``Driver`` and
/// ``Signal``.
///
/// A `SharedSequence` is built from an `Observable` by a conversion that says what
/// replaces an error (`asDriver(onErrorJustReturn:)`,
/// `asSignal(onErrorJustReturn:)` and their siblings)
/// or by its own factories (``just(_:)``, ``of(_:)``, ``deferred(_:)``, ...). Its
/// `SharingStrategy` fixes two things:
///
/// - the scheduler every event is delivered on (``SharingStrategyProtocol/scheduler``;
///   the main scheduler for `Driver` and `Signal`, or a test scheduler inside
///   ``SharingScheduler/mock(scheduler:action:)``);
/// - how subscribers share the source (``SharingStrategyProtocol/share(_:)``):
///   `Driver` replays the latest element to a new subscriber, `Signal` does not.
///
/// Every operator on a shared sequence returns a shared sequence of the same strategy,
/// so the guarantees hold along the chain:
///
/// ```swift
/// let title: Driver<String> = searchResults
///     .map { "\($0.count) results" }
///     .asDriver(onErrorJustReturn: "Search failed")
/// title.drive(onNext: { label.text = $0 })   // on the main thread, never an error
/// ```
///
/// A `SharedSequence` is `Sendable`: it holds only its `Observable`, and
/// ``asObservable()`` returns that same observable each time.
public struct SharedSequence<SharingStrategy: SharingStrategyProtocol, Element>: SharedSequenceConvertibleType, Sendable {
    private let source: Observable<Element>

    /// Wraps `source` as it is: for sources that already deliver on the strategy's
    /// scheduler and need no sharing (the factories).
    init(raw source: Observable<Element>) {
        self.source = source
    }

    /// Wraps `source`, shared the strategy's way (``SharingStrategyProtocol/share(_:)``).
    @usableFromInline
    init(_ source: Observable<Element>) {
        self.source = SharingStrategy.share(source)
    }

    /// The shared observable this sequence is built on; the same instance every time.
    ///
    /// - Returns: An observable that delivers on the strategy's scheduler and never fails.
    public func asObservable() -> Observable<Element> {
        source
    }

    /// Returns `self`.
    ///
    /// - Returns: This shared sequence.
    public func asSharedSequence() -> SharedSequence<SharingStrategy, Element> {
        self
    }

    /// This sequence as an `Infallible`: the same elements and completion, with the
    /// sharing and scheduling of the shared sequence.
    ///
    /// - Returns: An `Infallible` over the shared observable.
    public func asInfallible() -> Infallible<Element> {
        source.asInfallible(onErrorFallbackTo: .empty())
    }
}
