import Rill

/// An observable that replays scripted events in virtual time and records when
/// it was subscribed to and disposed. Make one with
/// `TestScheduler.createHotObservable(_:)` or `createColdObservable(_:)`.
///
/// ```swift
/// let xs = scheduler.createHotObservable([.next(210, 1), .completed(300)])
/// let observer = scheduler.start { xs.map { $0 * 10 } }
/// #expect(observer.events == [.next(210, 10), .completed(300)])
/// #expect(xs.subscriptions == [Subscription(200, 300)])
/// ```
///
/// Subscribing directly (`xs.subscribe(observer)`) delivers the script exactly
/// as written, as RxTest does: nothing enforces the Rx grammar, and a terminal
/// event does not end the subscription by itself. Through an operator (or
/// `asObservable()`), the subscription ends at the observable's own terminal
/// event, as in RxSwift, even when the operator delivers that event later:
/// `xs.observe(on: scheduler)` of `[.next(210, 1), .completed(300)]` shows
/// `Subscription(200, 300)`. Events scripted after the first terminal event are
/// then not delivered.
///
/// A test observable holds its scheduler weakly; it must not be subscribed to
/// after the scheduler is released.
public class TestableObservable<Element>: ObservableType, @unchecked Sendable {
    // Sendable: `recordedEvents` is immutable; the subscription log is behind its
    // lock; `testScheduler` is a weak reference to a Sendable scheduler.

    /// The events this observable replays, as it was created with.
    public let recordedEvents: [Recorded<Event<Element>>]

    weak var testScheduler: TestScheduler?
    private let subscriptionLog = TestLock<[Subscription]>([])

    init(testScheduler: TestScheduler, recordedEvents: [Recorded<Event<Element>>]) {
        self.testScheduler = testScheduler
        self.recordedEvents = recordedEvents
    }

    /// Every subscription so far, in subscription order, each with the time it
    /// was made and the time it was disposed (`Int.max` while it lasts).
    public var subscriptions: [Subscription] {
        subscriptionLog.withLock { $0 }
    }

    /// Subscribes `observer` to the scripted events; see the type's description
    /// for hot and cold behaviour.
    ///
    /// - Returns: A disposable that ends the subscription and records its end time.
    public func subscribe<Observer: ObserverType>(_ observer: Observer) -> any Disposable
        where Observer.Element == Element {
        subscribe(AnyObserver(observer), endingAtTerminalEvent: false)
    }

    /// Subscribes `observer`; with `endingAtTerminalEvent`, the subscription ends
    /// (and is recorded as ended) right after the first terminal event it receives.
    func subscribe(_ observer: AnyObserver<Element>, endingAtTerminalEvent: Bool) -> any Disposable {
        preconditionFailure("Internal inconsistency: \(type(of: self)) does not override subscribe(_:endingAtTerminalEvent:)")
    }

    /// This observable as an `Observable`, the way every operator subscribes to it:
    /// each subscription ends at the first terminal event it receives (recorded in
    /// `subscriptions` at that time), and later scripted events are dropped.
    ///
    /// - Returns: An observable that subscribes to this one for each subscriber.
    public func asObservable() -> Observable<Element> {
        // Not `Observable.create`: its sink would hold the subscription while the
        // observable holds the sink, a cycle that outlives a test which never
        // disposes (RxTest has it too; Rill's leak checks would report it).
        EndingAtTerminalEvent(source: self).asObservable()
    }

    /// The scheduler, which must still exist when someone subscribes.
    func requireScheduler() -> TestScheduler {
        guard let testScheduler else {
            preconditionFailure("A \(type(of: self)) was subscribed to after its TestScheduler was released; keep the scheduler alive for the whole test")
        }
        return testScheduler
    }

    /// Logs a subscription made now; returns its index for `recordUnsubscription(at:)`.
    func recordSubscription(at time: TestTime) -> Int {
        subscriptionLog.withLock { log in
            log.append(Subscription(time))
            return log.count - 1
        }
    }

    /// Logs the end of the subscription at `index`, at the scheduler's clock. When
    /// the scheduler is gone (the test is over), nothing is left to log against.
    /// Callers log each subscription's end once.
    func recordUnsubscription(at index: Int) {
        guard let time = testScheduler?.clock else { return }
        subscriptionLog.withLock { log in
            log[index] = Subscription(log[index].subscribe, time)
        }
    }
}

/// A test observable seen the way operators see it: each subscription ends at
/// its first terminal event (see `TestableObservable.asObservable()`).
private struct EndingAtTerminalEvent<Element>: ObservableType {
    let source: TestableObservable<Element>

    func subscribe<Observer: ObserverType>(_ observer: Observer) -> any Disposable where Observer.Element == Element {
        source.subscribe(AnyObserver(observer), endingAtTerminalEvent: true)
    }
}
