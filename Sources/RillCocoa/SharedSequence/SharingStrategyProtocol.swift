import Rill

/// How a kind of ``SharedSequence`` delivers and shares: the scheduler its events
/// arrive on and the sharing applied to its source.
///
/// ``DriverSharingStrategy`` and ``SignalSharingStrategy`` are the two RxCocoa
/// defines. A strategy of your own makes a new kind of shared sequence:
///
/// ```swift
/// enum BackgroundSharingStrategy: SharingStrategyProtocol {
///     static var scheduler: any SchedulerType { ConcurrentDispatchQueueScheduler(qos: .utility) }
///     static func share<Element>(_ source: Observable<Element>) -> Observable<Element> {
///         source.share(replay: 1, scope: .forever)
///     }
/// }
/// typealias Background<Element> = SharedSequence<BackgroundSharingStrategy, Element>
/// ```
public protocol SharingStrategyProtocol {
    /// The scheduler every event of the shared sequence is delivered on.
    static var scheduler: any SchedulerType { get }

    /// Shares `source` among the subscribers of the shared sequence.
    ///
    /// - Parameter source: The sequence to share.
    /// - Returns: The shared sequence's observable.
    static func share<Element>(_ source: Observable<Element>) -> Observable<Element>
}
