import Foundation
import Testing
import Rill

/// A callback source whose cancellation does not stop what is already on its way:
/// it keeps the observer of every subscription, and the test sends to any of them,
/// also after that subscription was disposed (as a request finishing on another
/// thread while its cancellation runs). Written outside Rill, so no `create` guard
/// stops the late events before they reach the operator.
private final class LateCallbackSource: ObservableType, @unchecked Sendable {
    // Sendable: `observers` and `disposals` are behind `lock`.
    typealias Element = Int

    private let lock = NSLock()
    private var observers: [AnyObserver<Int>] = []
    private var disposalCount = 0

    var subscriptions: Int { lock.withLock { observers.count } }
    var disposals: Int { lock.withLock { disposalCount } }

    func subscribe<Observer: ObserverType>(_ observer: Observer) -> any Disposable where Observer.Element == Int {
        lock.withLock { observers.append(AnyObserver(observer)) }
        return Disposables.create { self.lock.withLock { self.disposalCount += 1 } }
    }

    /// Drops the observers: they reach the shared observable, which holds this
    /// source, so keeping them past the test would be a cycle.
    func forgetObservers() {
        lock.withLock { observers.removeAll() }
    }

    /// The observer of subscription `index` (from 0), disposed or not.
    func observer(_ index: Int) -> AnyObserver<Int> {
        lock.withLock { observers[index] }
    }
}

extension AllTests {
    /// `share(scope: .forever)` after a disconnection: the old connection and the new
    /// one feed one subject, and what the old source still sends must not reach it.
    @Suite struct ShareStaleConnectionTests {
        @Test func anElementTheOldConnectionSendsLateDoesNotReachTheNewSubscribers() {
            let source = LateCallbackSource()
            defer { source.forgetObservers() }
            let shared = source.share(scope: .forever)
            let first = EventLog<Int>()
            first.subscribe(shared.asObservable()).dispose()
            #expect(source.disposals == 1, "the last subscriber leaving disconnects")

            let second = EventLog<Int>()
            let subscription = second.subscribe(shared.asObservable())
            #expect(source.subscriptions == 2, "the next subscriber reconnects")
            source.observer(0).onNext(99)
            source.observer(1).onNext(7)
            subscription.dispose()

            #expect(second.events == ["7"])
            #expect(first.events == [])
        }

        @Test func anElementTheOldConnectionSendsLateDoesNotEnterTheReplayBuffer() {
            let source = LateCallbackSource()
            defer { source.forgetObservers() }
            let shared = source.share(replay: 1, scope: .forever)
            let first = EventLog<Int>()
            let firstSubscription = first.subscribe(shared.asObservable())
            source.observer(0).onNext(1)
            firstSubscription.dispose()

            // The next subscriber reconnects and first receives the old buffer.
            let second = EventLog<Int>()
            let secondSubscription = second.subscribe(shared.asObservable())
            source.observer(0).onNext(99)
            let third = EventLog<Int>()
            let thirdSubscription = third.subscribe(shared.asObservable())
            secondSubscription.dispose()
            thirdSubscription.dispose()

            #expect(first.events == ["1"])
            #expect(second.events == ["1"])
            #expect(third.events == ["1"], "the stale element replaced the buffer")
        }

        @Test func aTerminalEventTheOldConnectionSendsLateEndsNothing() {
            let source = LateCallbackSource()
            defer { source.forgetObservers() }
            let shared = source.share(scope: .forever)
            EventLog<Int>().subscribe(shared.asObservable()).dispose()

            let second = EventLog<Int>()
            let subscription = second.subscribe(shared.asObservable())
            source.observer(0).onError(DemoError.boom)
            source.observer(0).onCompleted()
            source.observer(1).onNext(7)
            source.observer(1).onCompleted()
            subscription.dispose()

            #expect(second.events == ["7", "|"])
            #expect(source.disposals == 2)
        }
    }
}
