/// An element with the time it was received: what `timestamp(scheduler:)` emits.
public struct Timestamped<Element> {
    /// The element.
    public let value: Element
    /// The scheduler's `now` when the element arrived.
    public let timestamp: RxTime

    /// An element stamped with `timestamp`.
    ///
    /// - Parameters:
    ///   - value: The element.
    ///   - timestamp: When it arrived.
    public init(value: Element, timestamp: RxTime) {
        self.value = value
        self.timestamp = timestamp
    }
}

extension Timestamped: Equatable where Element: Equatable {}
extension Timestamped: Hashable where Element: Hashable {}
extension Timestamped: Sendable where Element: Sendable {}

extension ObservableType {
    /// Pairs each element with the time it arrived, read from `scheduler.now`.
    /// An addition to RxSwift (RxJava's `timestamp`).
    ///
    /// Nothing is scheduled: elements pass through on the source's thread at once,
    /// and errors and completion unchanged. On a `TestScheduler` the timestamp is
    /// the virtual time of the element.
    ///
    /// ```swift
    /// clicks.timestamp(scheduler: MainScheduler.instance)
    ///     .subscribe(onNext: { print($0.value, "at", $0.timestamp) })
    /// ```
    ///
    /// - Parameter scheduler: The clock to read.
    /// - Returns: The elements with their arrival times.
    @_alwaysEmitIntoClient
    public func timestamp(scheduler: any SchedulerType) -> Observable<Timestamped<Element>> {
        ClockReadingObservable(source: asObservable(), scheduler: scheduler) { element, now, _ in
            Timestamped(value: element, timestamp: now)
        }
    }
}

/// `timestamp` and `timeInterval`: each element is passed to `transform` with the
/// scheduler's `now` and the previous element's time (the subscription's, first).
// Sendable: immutable after init; each subscription keeps its own state.
@usableFromInline
final class ClockReadingObservable<Element, Output>: Observable<Output>, @unchecked Sendable {
    private let source: Observable<Element>
    private let scheduler: any SchedulerType
    private let transform: (Element, _ now: RxTime, _ previous: RxTime) -> Output

    @usableFromInline
    init(source: Observable<Element>, scheduler: any SchedulerType, transform: @escaping (Element, RxTime, RxTime) -> Output) {
        self.source = source
        self.scheduler = scheduler
        self.transform = transform
    }

    override func run(_ sink: Sink<Output>) -> any Disposable {
        source.run(ClockReadingSink(scheduler: scheduler, transform: transform, downstream: sink))
    }
}

/// No lock: `previous` is only touched by the source's events, which the grammar
/// serialises, and by `init` on the subscribing thread before them.
private final class ClockReadingSink<Element, Output>: Sink<Element> {
    private let scheduler: any SchedulerType
    private let transform: (Element, RxTime, RxTime) -> Output
    private let downstream: Sink<Output>
    private var previous: RxTime

    init(scheduler: any SchedulerType, transform: @escaping (Element, RxTime, RxTime) -> Output, downstream: Sink<Output>) {
        self.scheduler = scheduler
        self.transform = transform
        self.downstream = downstream
        previous = scheduler.now
    }

    override func onNext(_ element: Element) {
        let now = scheduler.now
        let output = transform(element, now, previous)
        previous = now
        downstream.onNext(output)
    }

    override func onError(_ error: any Swift.Error) { downstream.onError(error) }
    override func onCompleted() { downstream.onCompleted() }
}
