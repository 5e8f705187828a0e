import Rill

/// A shared sequence for events: it never fails, delivers on the main queue, and
/// replays nothing to a new subscriber.
///
/// A `Signal` carries things that happen (a tap, "show the error", a navigation
/// request) rather than state: a subscriber that arrives late does not see what
/// happened before it. Subscribe with
/// ``SharedSequenceConvertibleType/emit(onNext:onCompleted:onDisposed:isolation:file:line:)``
/// or `emit(to:)`.
///
/// - All subscribers share one subscription to the source (`share(scope:
///   .whileConnected)`, no replay).
/// - Every event arrives on the main queue (``SharingScheduler/make``, a test
///   scheduler inside ``SharingScheduler/mock(scheduler:action:)``).
/// - It cannot fail: the conversion to a `Signal` says what replaces an error.
///
/// ```swift
/// let saved: Signal<Void> = saveTaps.asSignal()
/// saved.emit(onNext: { toast.show("Saved") }).disposed(by: bag)
/// ```
///
/// For state that a late subscriber must see, use ``Driver``.
public typealias Signal<Element> = SharedSequence<SignalSharingStrategy, Element>

/// The sharing strategy of ``Signal``: main-queue delivery, no replay.
public struct SignalSharingStrategy: SharingStrategyProtocol {
    /// The scheduler signals deliver on: ``SharingScheduler/make``.
    public static var scheduler: any SchedulerType { SharingScheduler.make() }

    /// Shares `source` with `share(scope: .whileConnected)`, replaying nothing.
    ///
    /// - Parameter source: The sequence to share.
    /// - Returns: The shared sequence.
    public static func share<Element>(_ source: Observable<Element>) -> Observable<Element> {
        source.share(scope: .whileConnected)
    }
}

extension SharedSequenceConvertibleType where SharingStrategy == SignalSharingStrategy {
    /// This value as a ``Signal``.
    ///
    /// - Returns: The signal it represents.
    public func asSignal() -> Signal<Element> {
        asSharedSequence()
    }
}
