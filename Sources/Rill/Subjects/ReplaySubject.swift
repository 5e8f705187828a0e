/// A subject that replays its last elements to each new subscriber, then delivers
/// live elements, then the terminal event.
///
/// ```swift
/// let log = ReplaySubject<String>.create(bufferSize: 2)
/// log.onNext("a"); log.onNext("b"); log.onNext("c")
/// let subscription = log.subscribe(onNext: { print($0) })   // prints "b", "c"
/// ```
///
/// A subscriber arriving after the terminal event receives the buffered elements
/// and then that event. The replay is delivered on the subscribing thread, outside
/// the subject's lock; elements sent meanwhile from another thread follow the replay
/// in order, never before or in the middle of it.
///
/// Threading and ordering are those of `PublishSubject`.
public final class ReplaySubject<Element>: Observable<Element>, SubjectType, ObserverType, Disposable,
    @unchecked Sendable {
    // Sendable: all mutable state is in `core`, behind its lock.
    private let core: SubjectCore<Element>

    private init(capacity: Int) {
        core = SubjectCore(replay: capacity, replaysAfterTermination: true)
        super.init()
    }

    override var subscriptionStyle: SubscriptionStyle { .direct }

    /// A subject that replays the last `bufferSize` elements.
    ///
    /// - Precondition: `bufferSize >= 0`.
    public static func create(bufferSize: Int) -> ReplaySubject<Element> {
        ReplaySubject(capacity: bufferSize)
    }

    /// A subject that replays every element it ever received. The buffer grows
    /// without limit: use it only for sequences known to be short.
    public static func createUnbound() -> ReplaySubject<Element> {
        ReplaySubject(capacity: Int.max)
    }

    /// Whether the subject has subscribers now.
    public var hasObservers: Bool { core.hasObservers }

    /// Sends `event` to the current subscribers. An error or completion ends the
    /// subject: later subscribers receive the buffered elements, then it. Later
    /// events are ignored.
    public func on(_ event: Event<Element>) {
        core.on(event, from: self)
    }

    /// Buffers `element` and sends it to the current subscribers. Ignored after a
    /// terminal event or `dispose()`.
    public func onNext(_ element: Element) {
        core.onNext(element, from: self)
    }

    /// Returns the subject itself, as its observer side.
    public func asObserver() -> ReplaySubject<Element> {
        self
    }

    /// An observable that only forwards subscriptions to this subject.
    public override func asObservable() -> Observable<Element> {
        HiddenObservable(self)
    }

    /// Tears the subject down: removes the subscribers without an event, drops the
    /// buffer, and fails later subscribers with `RxError.disposed(object:)`.
    public func dispose() {
        core.dispose()
    }

    override func run(_ sink: Sink<Element>) -> any Disposable {
        core.subscribe(sink, owner: self)
    }
}
