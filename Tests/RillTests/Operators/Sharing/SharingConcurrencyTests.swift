import Foundation
import Testing
import Rill

extension AllTests {
    /// The deadlocks and crashes RxSwift 6.10 shipped in its sharing family, each run
    /// with bounded waits: a hang fails the test instead of stopping the run.
    @Suite struct SharingConcurrencyTests {
        /// The sharing operators whose first subscriber connects the source.
        static let connectingOnFirstSubscriber: [(String, @Sendable (Observable<Int>) -> Observable<Int>)] = [
            ("share()", { $0.share() }),
            ("share(replay: 1)", { $0.share(replay: 1) }),
            ("share(replay: 1, scope: .forever)", { $0.share(replay: 1, scope: .forever) }),
            ("publish().refCount()", { $0.publish().refCount() }),
            ("replay(1).refCount()", { $0.replay(1).refCount() }),
        ]

        /// RxSwift #2718: first subscriptions from 16 threads at once connect the source
        /// exactly once. (RxSwift's own test parks 32 blocks on GCD's global queue; on
        /// Linux the pool grows too slowly for its 5-second wait, so threads are used here.)
        @Test(arguments: 0..<5)
        func concurrentFirstSubscriptionsConnectOnce(_ index: Int) {
            let (name, share) = Self.connectingOnFirstSubscriber[index]
            for _ in 0..<20 {
                let sourceSubscriptions = LockedBox(0)
                let shared = share(Observable<Int>.never().do(onSubscribe: { sourceSubscriptions.mutate { $0 += 1 } }))
                let subscriptions = SharedLog<any Disposable>()
                let finished = runOnThreads(16, seconds: 20) { _ in subscriptions.append(shared.subscribe()) }
                #expect(finished, "\(name): deadlock")
                #expect(sourceSubscriptions.value == 1, "\(name)")
                for subscription in subscriptions.values { subscription.dispose() }
            }
        }

        /// RxSwift #2698: a connection is disposed on one thread while its source's
        /// teardown waits for a lock that another thread holds while subscribing to
        /// the connectable. The connectable's lock is not held during the teardown.
        @Test func disposingAConnectionDoesNotHoldTheLockASubscriberNeeds() {
            for _ in 0..<3 {
                let foreignLock = NSRecursiveLock()
                let foreignLockTaken = DispatchSemaphore(value: 0)
                let teardownStarted = DispatchSemaphore(value: 0)
                let teardownGotTheLock = LockedBox(false)
                let source = Observable<Int>.create { _ in
                    Disposables.create {
                        teardownStarted.signal()
                        if foreignLock.lock(before: Date().addingTimeInterval(5)) {
                            foreignLock.unlock()
                            teardownGotTheLock.mutate { $0 = true }
                        }
                    }
                }
                let connectable = source.multicast(PublishSubject<Int>())
                let connection = connectable.connect()
                let finished = runOnThreads(2, seconds: 20) { thread in
                    if thread == 0 {
                        foreignLock.lock()
                        foreignLockTaken.signal()
                        _ = teardownStarted.wait(timeout: .now() + 5)
                        let subscription = connectable.subscribe()
                        foreignLock.unlock()
                        subscription.dispose()
                    } else {
                        _ = foreignLockTaken.wait(timeout: .now() + 5)
                        connection.dispose()
                    }
                }
                #expect(finished, "deadlock")
                #expect(teardownGotTheLock.value)
            }
        }

        /// RxSwift #2698's other shape: connections disposed from another thread while
        /// the source emits, and from inside their own delivery.
        @Test func disposingAConnectionWhileTheSourceEmitsDoesNotDeadlock() {
            let source = PublishSubject<Int>()
            let published = source.publish()
            let delivered = LockedBox(0)
            let keep = published.subscribe(onNext: { _ in delivered.mutate { $0 += 1 } })
            let finished = runOnThreads(2, seconds: 30) { thread in
                if thread == 0 {
                    for value in 0..<20_000 { source.onNext(value) }
                } else {
                    for _ in 0..<500 { published.connect().dispose() }
                }
            }
            #expect(finished, "deadlock")
            #expect(!source.hasObservers)
            keep.dispose()

            let inside = PublishSubject<Int>()
            let selfEnding = inside.publish()
            let connection = LockedBox<(any Disposable)?>(nil)
            let subscription = selfEnding.subscribe(onNext: { _ in connection.value?.dispose() })
            connection.mutate { $0 = selfEnding.connect() }
            let ended = runOnThreads(1, seconds: 10) { _ in inside.onNext(1) }
            #expect(ended, "deadlock")
            #expect(!inside.hasObservers)
            subscription.dispose()
        }

        /// RxSwift #2708: `refCount` with subscribers coming and going on 8 threads. The
        /// source is subscribed as often as it is disposed, nothing is left connected,
        /// and (with a replay) every subscriber receives the element: none is counted
        /// into a connection that another thread is tearing down.
        @Test(arguments: [false, true])
        func refCountRacingSubscribeAndDisposeConnectsAsOftenAsItDisconnects(replaying: Bool) {
            let connected = LockedBox(0)
            let subscribed = LockedBox(0)
            let disposed = LockedBox(0)
            let source = Observable<Int>.create { observer in
                subscribed.mutate { $0 += 1 }
                connected.mutate { $0 += 1 }
                observer.onNext(1)
                return Disposables.create {
                    connected.mutate { $0 -= 1 }
                    disposed.mutate { $0 += 1 }
                }
            }
            let shared = replaying ? source.replay(1).refCount() : source.publish().refCount()
            let starved = LockedBox(0)
            let finished = runOnThreads(8, seconds: 60) { _ in
                for _ in 0..<300 {
                    let received = LockedBox(false)
                    let subscription = shared.subscribe(onNext: { _ in received.mutate { $0 = true } })
                    if replaying {
                        // The element may come from a connect that another thread performs.
                        var polls = 0
                        while !received.value && polls < 2_000 {
                            polls += 1
                            usleep(1_000)
                        }
                        if !received.value { starved.mutate { $0 += 1 } }
                    }
                    subscription.dispose()
                }
            }
            #expect(finished, "deadlock")
            #expect(subscribed.value == disposed.value)
            #expect(subscribed.value >= 1)
            #expect(connected.value == 0)
            #expect(starved.value == 0)
        }

        /// The interleaving behind #2708, made deterministic: the last subscriber's
        /// disconnect is held up inside the connection's dispose while a new subscriber
        /// arrives on another thread. The new subscriber must end up on a fresh
        /// connection, not on the one being disposed.
        @Test func aSubscriberArrivingDuringTheDisconnectGetsANewConnection() {
            let source = BehaviorSubject(value: 7)
            let disposeEntered = DispatchSemaphore(value: 0)
            let releaseDispose = DispatchSemaphore(value: 0)
            let connectable = SlowDisconnect(source.replay(1), entered: disposeEntered, release: releaseDispose)
            let shared = connectable.refCount()
            let first = shared.subscribe()
            let received = LockedBox<[Int]>([])
            let second = LockedBox<(any Disposable)?>(nil)
            let finished = runOnThreads(2, seconds: 20) { thread in
                if thread == 0 {
                    first.dispose()   // blocks in the slow dispose until released
                } else {
                    _ = disposeEntered.wait(timeout: .now() + 5)
                    second.mutate { $0 = shared.subscribe(onNext: { value in received.mutate { $0.append(value) } }) }
                    releaseDispose.signal()
                }
            }
            #expect(finished, "deadlock")
            source.onNext(8)
            #expect(received.value == [7, 8])
            #expect(connectable.connects == 2)
            second.value?.dispose()
            #expect(!source.hasObservers)
        }

        /// A connectable observable whose first connection's dispose waits for a signal.
        final class SlowDisconnect: ConnectableObservableType, @unchecked Sendable {
            // Sendable: `connects` is only read after the threads finished; the rest is immutable.
            typealias Element = Int
            let inner: ConnectableObservable<Int>
            let entered: DispatchSemaphore
            let release: DispatchSemaphore
            private let count = LockedBox(0)
            var connects: Int { count.value }

            init(_ inner: ConnectableObservable<Int>, entered: DispatchSemaphore, release: DispatchSemaphore) {
                self.inner = inner
                self.entered = entered
                self.release = release
            }

            func connect() -> any Disposable {
                count.mutate { $0 += 1 }
                let connection = inner.connect()
                guard connects == 1 else { return connection }
                return Disposables.create { [entered, release] in
                    entered.signal()
                    _ = release.wait(timeout: .now() + 5)
                    connection.dispose()
                }
            }

            func subscribe<Observer: ObserverType>(_ observer: Observer) -> any Disposable where Observer.Element == Int {
                inner.subscribe(observer)
            }
        }

        /// RxSwift #2653: 1,000 subscriptions, each on a pool thread, to a shared source
        /// that emits while it is being subscribed. RxSwift replayed under its lock
        /// and deadlocked; here every subscription ends.
        @Test(arguments: [1, 2, 4])
        func subscriptionsDuringTheFirstEmissionDoNotDeadlock(_ index: Int) {
            // Only replaying operators: without replay, a subscriber joining after the
            // one emission waits forever, as it should.
            let (name, share) = Self.connectingOnFirstSubscriber[index]
            let immediatelyEmitting = share(Observable<Int>.create { observer in
                observer.onNext(1)
                return Disposables.create()
            })
            let scheduler = ConcurrentDispatchQueueScheduler(qos: .userInitiated)
            let all = Observable.zip((0..<1_000).map { _ in
                Observable.just(()).observe(on: scheduler).flatMap { immediatelyEmitting }.take(1)
            })
            let done = DispatchSemaphore(value: 0)
            let subscription = all.subscribe(onCompleted: { done.signal() })
            #expect(done.wait(timeout: .now() + 30) == .success, "\(name): deadlock")
            subscription.dispose()
        }

        /// RxSwift #2713's shape on the connectable operators: subscribers come and go
        /// while another thread emits, so the replay buffer is read while it is written.
        /// Each subscriber sees a run of consecutive elements (replay, then live ones,
        /// nothing missing, repeated or out of order).
        @Test(arguments: [1, 3])
        func replayBufferReadWhileWrittenGivesConsecutiveElements(bufferSize: Int) {
            let source = PublishSubject<Int>()
            expectConsecutiveElementsWhileSubscribersComeAndGo(source, shared: source.replay(bufferSize).refCount())
            #expect(!source.hasObservers)
        }

        /// RxSwift #2653's shape: `zip` and `combineLatest` of one shared source, each
        /// subscribed from several threads at once while the source emits.
        @Test(arguments: 0..<5)
        func zipAndCombineLatestOfOneSharedSourceFromSeveralThreads(_ index: Int) {
            let (name, share) = Self.connectingOnFirstSubscriber[index]
            let source = PublishSubject<Int>()
            let shared = share(source.asObservable())
            let emitting = LockedBox(true)
            let misaligned = LockedBox<String?>(nil)
            let finished = runOnThreads(5, seconds: 60) { thread in
                if thread == 0 {
                    for value in 0..<5_000 { source.onNext(value) }
                    emitting.mutate { $0 = false }
                    return
                }
                var rounds = 0
                while emitting.value || rounds < 20 {
                    rounds += 1
                    let pairs = thread % 2 == 0
                        ? Observable.zip(shared, shared) { ($0, $1) }
                        : Observable.combineLatest(shared, shared) { ($0, $1) }
                    // One thread emits, so each input sees consecutive elements: zip
                    // pairs the inputs at a fixed distance (the second may have joined
                    // an element later); each combination of combineLatest advances
                    // exactly one input by one element.
                    //
                    // With `scope: .forever` the replay buffer outlives each disconnection,
                    // as in RxSwift: an input first receives the element recorded before
                    // the last disconnect, then the new connection's live elements, so
                    // its first step may jump over what was sent while nobody was
                    // connected. Every later step must follow the rules above.
                    let staleReplayPossible = name.contains(".forever")
                    var firstHasMoved = false
                    var secondHasMoved = false
                    var previous: (Int, Int)?
                    let subscription = pairs.subscribe(onNext: { first, second in
                        defer { previous = (first, second) }
                        guard let (lastFirst, lastSecond) = previous else { return }
                        let firstMoved = first != lastFirst
                        let secondMoved = second != lastSecond
                        defer {
                            firstHasMoved = firstHasMoved || firstMoved
                            secondHasMoved = secondHasMoved || secondMoved
                        }
                        if staleReplayPossible, (firstMoved && !firstHasMoved) || (secondMoved && !secondHasMoved) {
                            // An input's first step: it may leave a stale replayed element.
                            let forward = first >= lastFirst && second >= lastSecond
                            if !forward {
                                misaligned.mutate { $0 = $0 ?? "backwards: \((lastFirst, lastSecond)) then \((first, second))" }
                            }
                            return
                        }
                        let inOrder = thread % 2 == 0
                            ? first - second == lastFirst - lastSecond && first == lastFirst + 1
                            : (first - lastFirst) + (second - lastSecond) == 1 && first >= lastFirst && second >= lastSecond
                        if !inOrder {
                            let kind = thread % 2 == 0 ? "zip" : "combineLatest"
                            misaligned.mutate { $0 = $0 ?? "\(kind): \((lastFirst, lastSecond)) then \((first, second))" }
                        }
                    })
                    subscription.dispose()
                }
            }
            #expect(misaligned.value == nil, "\(name)")
            #expect(finished, "\(name): deadlock")
            #expect(!source.hasObservers, "\(name)")
        }
    }
}

/// Keeps one subscriber on `shared` while 200 others come and go and another thread
/// sends 0..<10,000 into `source`: every subscriber must see consecutive elements,
/// the one that stayed all of them.
func expectConsecutiveElementsWhileSubscribersComeAndGo(_ source: PublishSubject<Int>, shared: Observable<Int>) {
    let stable = SharedLog<Int>()
    let keepAlive = shared.subscribe(onNext: { stable.append($0) })
    let logs = subscribeWhileEmitting(shared, subscribers: 200, count: 10_000) { source.onNext($0) }
    for log in logs {
        #expect(isConsecutive(log), "\(log.prefix(20))")
    }
    #expect(stable.values == Array(0..<10_000))
    keepAlive.dispose()
}
