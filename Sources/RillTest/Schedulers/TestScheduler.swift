import Rill

/// A virtual-time scheduler for testing: time is an `Int` tick count that moves
/// only while the scheduler runs, so time-based code runs instantly and the same
/// way every time.
///
/// ```swift
/// let scheduler = TestScheduler(initialClock: 0)
/// let xs = scheduler.createHotObservable([.next(150, 1), .next(210, 2), .completed(300)])
/// let observer = scheduler.start { xs.map { $0 * 10 } }
/// #expect(observer.events == [.next(210, 20), .completed(300)])
/// #expect(xs.subscriptions == [Subscription(200, 300)])
/// ```
///
/// Work scheduled through the `SchedulerType` methods (`schedule`,
/// `scheduleRelative`) for the current tick or earlier runs one tick later when
/// `simulateProcessingDelay` is on (the default): `observe(on: scheduler)` shifts
/// events by one tick, as in RxTest. `scheduleAt`, `scheduleAbsoluteVirtual` and
/// `scheduleRelativeVirtual` are never adjusted.
///
/// Drive it from the test's thread; see `VirtualTimeScheduler` for threading.
public class TestScheduler: VirtualTimeScheduler<TestSchedulerVirtualTimeConverter>, @unchecked Sendable {
    // Sendable: adds only immutable values (a flag, the resolution, the Sendable
    // clock driver) to VirtualTimeScheduler, whose state is behind its lock.

    /// The times `start(_:)` uses when none are given.
    public struct Defaults {
        /// When the observable under test is created: 100.
        public static let created = 100
        /// When it is subscribed to: 200.
        public static let subscribed = 200
        /// When the subscription is disposed: 1000.
        public static let disposed = 1000
    }

    private let simulateProcessingDelay: Bool
    /// Seconds of real time per tick: one tick of `virtualClock` (TestScheduler+Clock.swift).
    let resolution: Double
    /// Runs the jobs of tasks that prefer this scheduler as their executor, and `advance`.
    let virtualClockDriver = VirtualClockDriver()

    /// Creates a test scheduler.
    ///
    /// - Parameters:
    ///   - initialClock: The clock's starting tick.
    ///   - resolution: Seconds of real time per tick, for the `SchedulerType`
    ///     methods that take real times: `.seconds(n)` is `n / resolution` ticks.
    ///   - simulateProcessingDelay: When true, work scheduled through `schedule`
    ///     or `scheduleRelative` for now or earlier runs at the next tick.
    public init(initialClock: TestTime, resolution: Double = 1.0, simulateProcessingDelay: Bool = true) {
        self.simulateProcessingDelay = simulateProcessingDelay
        self.resolution = resolution
        super.init(initialClock: initialClock, converter: TestSchedulerVirtualTimeConverter(resolution: resolution))
    }

    /// Creates an observable whose events happen at the given absolute times,
    /// whether or not anyone is subscribed; a subscriber sees those from its
    /// subscription time on.
    ///
    /// - Parameter events: The script, with absolute times.
    /// - Returns: The observable, which also records its subscriptions.
    public func createHotObservable<Element>(_ events: [Recorded<Event<Element>>]) -> TestableObservable<Element> {
        HotObservable(testScheduler: self, recordedEvents: events)
    }

    /// Creates an observable that replays the given events to each subscriber,
    /// at times relative to that subscription.
    ///
    /// - Parameter events: The script, with times relative to subscription.
    /// - Returns: The observable, which also records its subscriptions.
    public func createColdObservable<Element>(_ events: [Recorded<Event<Element>>]) -> TestableObservable<Element> {
        ColdObservable(testScheduler: self, recordedEvents: events)
    }

    /// Creates an observer that records the events it receives with their times.
    ///
    /// - Parameter type: The element type, as a hint for type inference.
    public func createObserver<Element>(_ type: Element.Type) -> TestableObserver<Element> {
        TestableObserver(scheduler: self)
    }

    /// Runs `action` when the clock reaches `time` (at once on the next run if
    /// `time` has passed), after the work already scheduled for that time.
    public func scheduleAt(_ time: TestTime, action: @escaping () -> Void) {
        _ = scheduleAbsoluteVirtual((), time: time) { _ in
            action()
            return Disposables.create()
        }
    }

    /// Moves work due at or before the clock to the next tick when
    /// `simulateProcessingDelay` is on; otherwise to the clock itself.
    override public func adjustScheduledTime(_ time: VirtualTime) -> VirtualTime {
        let clock = self.clock
        guard time <= clock else { return time }
        return simulateProcessingDelay ? clock + 1 : clock
    }

    /// Runs the scheduler around one subscription: calls `create` at `created`,
    /// subscribes a recording observer to the result at `subscribed`, disposes
    /// that subscription at `disposed`, and returns when no work is left.
    ///
    /// ```swift
    /// let observer = scheduler.start(created: 100, subscribed: 200, disposed: 500) { xs.filter { $0 > 1 } }
    /// ```
    ///
    /// - Returns: The observer, with the events received while subscribed.
    /// - Precondition: `created <= subscribed <= disposed`.
    public func start<Element, OutputSequence: ObservableConvertibleType>(
        created: TestTime, subscribed: TestTime, disposed: TestTime,
        create: @escaping () -> OutputSequence
    ) -> TestableObserver<Element> where OutputSequence.Element == Element {
        precondition(
            created <= subscribed && subscribed <= disposed,
            "TestScheduler.start: expected created <= subscribed <= disposed, got \(created), \(subscribed), \(disposed)"
        )
        let observer = createObserver(Element.self)
        var source: Observable<Element>?
        var subscription: (any Disposable)?
        scheduleAt(created) { source = create().asObservable() }
        scheduleAt(subscribed) { subscription = source?.subscribe(observer) }
        scheduleAt(disposed) {
            subscription?.dispose()
            subscription = nil
            source = nil
        }
        start()
        return observer
    }

    /// `start(created:subscribed:disposed:create:)` with creation at 100 and
    /// subscription at 200.
    ///
    /// - Returns: The observer, with the events received while subscribed.
    public func start<Element, OutputSequence: ObservableConvertibleType>(
        disposed: TestTime, create: @escaping () -> OutputSequence
    ) -> TestableObserver<Element> where OutputSequence.Element == Element {
        start(created: Defaults.created, subscribed: Defaults.subscribed, disposed: disposed, create: create)
    }

    /// `start(created:subscribed:disposed:create:)` with creation at 100,
    /// subscription at 200 and disposal at 1000.
    ///
    /// - Returns: The observer, with the events received while subscribed.
    public func start<Element, OutputSequence: ObservableConvertibleType>(
        _ create: @escaping () -> OutputSequence
    ) -> TestableObserver<Element> where OutputSequence.Element == Element {
        start(created: Defaults.created, subscribed: Defaults.subscribed, disposed: Defaults.disposed, create: create)
    }
}
