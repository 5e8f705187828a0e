import Rill

/// An observer that records every event it receives with the `TestScheduler`'s
/// clock at that moment. Make one with `TestScheduler.createObserver(_:)`, or
/// get one from `TestScheduler.start`.
///
/// ```swift
/// let observer = scheduler.createObserver(Int.self)
/// scheduler.scheduleAt(200) { subscription = xs.subscribe(observer) }
/// scheduler.start()
/// #expect(observer.events == [.next(210, 1), .completed(300)])
/// ```
///
/// It records whatever it is sent, in order, without enforcing the Rx grammar,
/// so a test can see a misbehaving source. Recording is thread-safe.
///
/// The observer holds its scheduler weakly (so pending work never keeps a
/// scheduler alive through a cycle); it must not receive events after the
/// scheduler is released.
public final class TestableObserver<Element>: ObserverType, @unchecked Sendable {
    // Sendable: `recorded` is behind its lock; `scheduler` is a weak reference to a
    // Sendable scheduler, read atomically by the runtime.
    private weak var scheduler: TestScheduler?
    private let recorded = TestLock<[Recorded<Event<Element>>]>([])

    init(scheduler: TestScheduler) {
        self.scheduler = scheduler
    }

    /// The events received so far, each with the virtual time it arrived.
    public var events: [Recorded<Event<Element>>] {
        recorded.withLock { $0 }
    }

    /// Records `event` at the scheduler's current clock.
    ///
    /// - Precondition: The scheduler that created this observer still exists.
    public func on(_ event: Event<Element>) {
        guard let scheduler else {
            preconditionFailure("TestableObserver received \(event) after its TestScheduler was released; keep the scheduler alive for the whole test")
        }
        let time = scheduler.clock
        recorded.withLock { $0.append(Recorded(time: time, value: event)) }
    }
}
