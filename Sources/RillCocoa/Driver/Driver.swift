import Rill

/// A shared sequence for UI state: it never fails, delivers on the main queue, and
/// replays its latest element to each new subscriber.
///
/// A `Driver` is what a view model hands a view: subscribe with
/// ``SharedSequenceConvertibleType/drive(onNext:onCompleted:onDisposed:isolation:file:line:)``
/// (or `drive(observer)`, `drive(relay)`) from the main thread, and the view gets the
/// current value at once and every later one on the main queue, with no error to
/// handle.
///
/// - All subscribers share one subscription to the source (`share(replay: 1,
///   scope: .whileConnected)`): the source runs while someone subscribes, and a
///   new subscriber first receives the latest element, if there was one, on the
///   thread it subscribes from.
/// - Every later event arrives on the main queue (``SharingScheduler/make``, a
///   test scheduler inside ``SharingScheduler/mock(scheduler:action:)``).
/// - It cannot fail: the conversion to a `Driver` says what replaces an error.
///
/// ```swift
/// let greeting: Driver<String> = nameRelay.asDriver().map { "Hello, \($0)" }
/// greeting.drive(onNext: { label.text = $0 }).disposed(by: bag)   // "Hello, …" at once
/// ```
///
/// For events that must not be replayed (a tap, a navigation request), use ``Signal``.
public typealias Driver<Element> = SharedSequence<DriverSharingStrategy, Element>

/// The sharing strategy of ``Driver``: main-queue delivery, and a replay of the
/// latest element to each new subscriber.
public struct DriverSharingStrategy: SharingStrategyProtocol {
    /// The scheduler drivers deliver on: ``SharingScheduler/make``.
    public static var scheduler: any SchedulerType { SharingScheduler.make() }

    /// Shares `source` with `share(replay: 1, scope: .whileConnected)`.
    ///
    /// - Parameter source: The sequence to share.
    /// - Returns: The shared sequence, replaying its latest element.
    public static func share<Element>(_ source: Observable<Element>) -> Observable<Element> {
        source.share(replay: 1, scope: .whileConnected)
    }
}

extension SharedSequenceConvertibleType where SharingStrategy == DriverSharingStrategy {
    /// This value as a ``Driver``.
    ///
    /// - Returns: The driver it represents.
    public func asDriver() -> Driver<Element> {
        asSharedSequence()
    }
}
