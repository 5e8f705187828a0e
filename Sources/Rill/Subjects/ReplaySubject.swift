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
/// Threading and ordering are those of `PublishSubject`, except that a new
/// subscriber takes its place among the subscribers once its replay is done, as in
/// RxSwift: one that subscribed from inside that replay is called before it.
public final class ReplaySubject<Element>: Observable<Element>, SubjectType, ObserverType, Disposable,
    @unchecked Sendable {
    // Sendable: all mutable state is in `core`, behind its lock.
    let core: SubjectCore<Element>

    private init(capacity: Int) {
        core = SubjectCore(replay: capacity, replaysAfterTermination: true, placesAfterReplay: true)
        super.init()
    }

    private init(capacity: Int, window: ReplayWindow) {
        core = SubjectCore(replay: capacity, window: window, replaysAfterTermination: true, placesAfterReplay: true)
        super.init()
    }

    override var subscriptionStyle: SubscriptionStyle { .subject }

    /// Its subscribers stay in its list until they leave or it ends.
    override var holdsSubscriberWhileRunning: Bool { true }

    /// A subject that replays the last `bufferSize` elements.
    ///
    /// - Precondition: `bufferSize >= 0`.
    public static func create(bufferSize: Int) -> ReplaySubject<Element> {
        ReplaySubject(capacity: bufferSize)
    }

    /// A subject that replays at most the last `bufferSize` elements, and of those
    /// only the ones it received less than `window` ago.
    ///
    /// An addition beyond RxSwift (RxJava's `createWithTimeAndSize`). Each element is
    /// stamped with `scheduler.now` when the subject receives it. A new subscriber
    /// is replayed the buffered elements whose age, by `scheduler.now` when it
    /// subscribes, is less than `window` (RxJava's rule: an element exactly `window`
    /// old is no longer replayed; times within a microsecond count as equal). Live
    /// elements are delivered to current subscribers whatever their age.
    ///
    /// ```
    /// time (s):  0    1    2    3    4    5    6
    /// onNext:    a----b----c---------d----|
    /// create(bufferSize: 2, window: .seconds(2), scheduler: s)
    /// subscriber from 3.5:
    ///                             c--d----|   (b is 2.5 s old: too old)
    /// subscriber from 6:                       |   (c and d are 2 s old or more)
    /// ```
    ///
    /// - `window` of zero or less: no element is replayed, only the terminal event
    ///   (like `create(bufferSize: 0)`); `.never`: no time limit
    ///   (like `create(bufferSize:)`).
    /// - `bufferSize` `Int.max`: only the window limits the buffer, which grows as
    ///   needed.
    ///
    /// Old elements are dropped, oldest first, when a new element arrives and when
    /// someone subscribes; until then they stay in memory. The oldest element still
    /// inside the window stops the dropping, so a replay never has gaps even if
    /// `scheduler`'s clock went backwards; elements then stay until it catches up.
    /// The subject reads `scheduler.now` outside its lock. An element leaving the
    /// buffer is released inside it, so its deinit must not send to this subject.
    ///
    /// A subscriber arriving after the terminal event receives the buffered elements
    /// still inside the window, then that event. Threading and ordering are those
    /// of `create(bufferSize:)`.
    ///
    /// ```swift
    /// // Late subscribers see the last 10 readings of the past minute, at most.
    /// let readings = ReplaySubject<Double>.create(
    ///     bufferSize: 10, window: .seconds(60), scheduler: MainScheduler.instance)
    /// ```
    ///
    /// - Parameters:
    ///   - bufferSize: The most elements replayed. Must not be negative.
    ///   - window: How long after it arrived an element is still replayed.
    ///   - scheduler: The clock that times the elements (only its `now` is read;
    ///     nothing is scheduled on it).
    /// - Returns: A new subject.
    public static func create(
        bufferSize: Int, window: RxTimeInterval, scheduler: any SchedulerType
    ) -> ReplaySubject<Element> {
        ReplaySubject(capacity: bufferSize, window: ReplayWindow(window, clock: scheduler))
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

extension ReplaySubject: DeliversWithoutOwnSink {}
