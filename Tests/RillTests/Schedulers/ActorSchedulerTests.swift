import Foundation
import Testing
@testable import Rill

/// `count` numbers from `first` on, sent from a background queue after subscription.
private func producedInTheBackground(from first: Int, count: Int) -> Observable<Int> {
    Observable.create { observer in
        DispatchQueue.global().async {
            for value in first..<(first + count) { observer.onNext(value) }
            observer.onCompleted()
        }
        return Disposables.create()
    }
}

/// Numbers sent from a background thread as fast as it can until disposed; `stopped`
/// is set once the producing loop has seen the disposal and ended.
private func endlessInTheBackground(stopped: LockedBox<Bool>) -> Observable<Int> {
    Observable.create { observer in
        let disposed = LockedBox(false)
        Thread.detachNewThread {
            var value = 0
            while !disposed.value {
                observer.onNext(value)
                value += 1
            }
            stopped.mutate { $0 = true }
        }
        return Disposables.create { disposed.mutate { $0 = true } }
    }
}

/// Polls an async `condition` with short suspensions, up to ten seconds; true once it holds.
func eventuallyAsync(_ condition: () async -> Bool) async -> Bool {
    for _ in 0..<2_000 {
        if await condition() { return true }
        try? await Task.sleep(nanoseconds: 5_000_000)
    }
    return await condition()
}

/// An actor whose state Rx closures update directly, with no `await`.
private actor Ledger {
    private(set) var received: [Int] = []
    private(set) var lateDeliveries = 0
    private(set) var outcome: String?
    private var stopped = false
    private var subscription: (any Disposable)?

    /// Follows `source`, appending each element to `received` on this actor.
    func follow(_ source: Observable<Int>) {
        subscription = source
            .observe(on: self)
            .subscribe(onNext: { value in
                if self.stopped { self.lateDeliveries += 1 }
                self.received.append(value)
            })
    }

    /// Follows `source` without moving delivery onto this actor: a mistake.
    func followWithoutObserveOn(_ source: Observable<Int>) {
        subscription = source.subscribe(onNext: { self.received.append($0) })
    }

    /// Disposes on the actor; from now on a delivery is late.
    func stop() {
        subscription?.dispose()
        stopped = true
    }

    /// Whether `count` elements and an outcome arrived.
    func isSettled(count: Int) -> Bool {
        received.count == count && outcome != nil
    }

    func reset() {
        received = []
        stopped = false
        subscription = nil
    }

    /// Runs timers on an `ActorScheduler` of this actor.
    func tick(count: Int) {
        subscription = Observable<Int>.interval(.milliseconds(2), scheduler: ActorScheduler(self))
            .take(count)
            .subscribe(onNext: { self.received.append($0) })
    }

    /// The traits and `Infallible`, delivered here.
    func followTraits() {
        let bag = CompositeDisposable()
        _ = bag.insert(Single.just(10).subscribe(on: self).observe(on: self).subscribe(onSuccess: { self.received.append($0) }))
        _ = bag.insert(Maybe.just(20).observe(on: self).subscribe(onSuccess: { self.received.append($0) }))
        _ = bag.insert(Completable.empty().observe(on: self).subscribe(onCompleted: { self.outcome = "completed" }))
        _ = bag.insert(Infallible.just(30).subscribe(on: self).observe(on: self).subscribe(onNext: { self.received.append($0) }))
        subscription = bag
    }

    /// Schedules an action and disposes it before the actor's turn ends.
    func scheduleAndCancel(on scheduler: ActorScheduler) {
        scheduler.schedule(()) { _ in
            self.assumeIsolatedAppend(-1)
            return Disposables.create()
        }.dispose()
    }

    /// Subscribes on this actor to a source whose subscription work must run here.
    func subscribeOnSelf() -> any Disposable {
        Observable<Int>.create { observer in
            self.assumeIsolatedAppend(7)   // traps unless this runs isolated to the ledger
            observer.onCompleted()
            return Disposables.create()
        }
        .subscribe(on: self)
        .subscribe()
    }

    nonisolated func assumeIsolatedAppend(_ value: Int) {
        if #available(macOS 14, iOS 17, tvOS 17, watchOS 10, *) {
            assumeIsolated { $0.received.append(value) }
        }
    }
}

extension AllTests {
    /// `ActorScheduler` and `observe(on:)` / `subscribe(on:)` with an actor: Rx
    /// delivery served on the actor, in order, one hop per burst.
    @Suite struct ActorSchedulerTests {
        @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
        @Test func workFromSeveralThreadsRunsOnTheActorInTheOrderEachThreadScheduledIt() async {
            let ledger = Ledger()
            let scheduler = ActorScheduler(ledger)
            let threads = 4, perThread = 2_000
            DispatchQueue.concurrentPerform(iterations: threads) { thread in
                for index in 0..<perThread {
                    _ = scheduler.schedule(thread * perThread + index) { value in
                        // Traps unless this runs isolated to the ledger.
                        ledger.assumeIsolatedAppend(value)
                        return Disposables.create()
                    }
                }
            }
            #expect(await eventuallyAsync { await ledger.received.count == threads * perThread })
            let received = await ledger.received
            for thread in 0..<threads {
                let mine = received.filter { $0 / perThread == thread }
                #expect(mine == Array((thread * perThread)..<((thread + 1) * perThread)))
            }
        }

        @Test func anActorClosureAfterObserveOnSelfUpdatesTheActorsStateInOrder() async {
            let ledger = Ledger()
            let producers = (0..<4).map { producedInTheBackground(from: $0 * 1_000, count: 1_000) }
            await ledger.follow(Observable.merge(producers))
            #expect(await eventuallyAsync { await ledger.received.count == 4_000 })
            let received = await ledger.received
            for producer in 0..<4 {
                #expect(received.filter { $0 / 1_000 == producer } == Array((producer * 1_000)..<((producer + 1) * 1_000)))
            }
            await ledger.stop()
        }

        @Test func nothingReachesTheClosureAfterDisposeReturnsOnTheActor() async {
            let ledger = Ledger()
            for _ in 0..<50 {
                let stopped = LockedBox(false)
                await ledger.follow(endlessInTheBackground(stopped: stopped))
                #expect(await eventuallyAsync { await ledger.received.count >= 10 })
                await ledger.stop()
                #expect(await eventually { stopped.value })
                // Whatever was queued before the disposal has had its turn now.
                await ledger.reset()
                #expect(await ledger.lateDeliveries == 0)
            }
        }

        @Test func aTimedActionRunsWhenItsDisposableIsDropped() async {
            let scheduler = ActorScheduler(Ledger())
            let ran = LockedBox(false)
            _ = scheduler.scheduleRelative((), dueTime: .milliseconds(1)) { _ in
                ran.mutate { $0 = true }
                return Disposables.create()
            }
            #expect(await eventually { ran.value })
        }

        @Test func timeOperatorsRunOnTheActorScheduler() async {
            let ledger = Ledger()
            await ledger.tick(count: 3)
            #expect(await eventuallyAsync { await ledger.received == [0, 1, 2] })
        }

        @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
        @Test func anActionDisposedOnTheActorBeforeItsTurnNeverRuns() async {
            let ledger = Ledger()
            let scheduler = ActorScheduler(ledger)
            await ledger.scheduleAndCancel(on: scheduler)
            // An action scheduled after it runs, so the cancelled one had its chance.
            let after = LockedBox(false)
            _ = scheduler.schedule(()) { _ in
                after.mutate { $0 = true }
                return Disposables.create()
            }
            #expect(await eventually { after.value })
            #expect(await ledger.received.isEmpty)
        }

        @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
        @Test func subscribeOnAnActorRunsTheSubscriptionWorkThere() async {
            let ledger = Ledger()
            let subscription = await ledger.subscribeOnSelf()
            #expect(await eventuallyAsync { await ledger.received == [7] })
            subscription.dispose()
        }

        @Test func traitsAndInfallibleDeliverOnTheActor() async {
            let ledger = Ledger()
            await ledger.followTraits()
            #expect(await eventuallyAsync { await ledger.isSettled(count: 3) })
            #expect(await ledger.received.sorted() == [10, 20, 30])
            #expect(await ledger.outcome == "completed")
            await ledger.stop()
        }

        @MainActor
        @Test func theMainActorSchedulerDeliversToMainActorClosures() async {
            var received: [Int] = []
            let subscription = producedInTheBackground(from: 1, count: 3)
                .observe(on: MainActor.shared)
                .subscribe(onNext: { received.append($0) })   // checked: main actor
            #expect(await eventually { received == [1, 2, 3] })
            subscription.dispose()
            #expect(ActorScheduler.for(MainActor.shared) === ActorScheduler.main)
            #expect(ActorScheduler.main.actor is MainActor)
        }

        @Test func anActorClosureCalledOffTheActorStopsTheProcess() async {
            await #expect(processExitsWith: .failure) {
                let ledger = Ledger()
                await ledger.followWithoutObserveOn(producedInTheBackground(from: 0, count: 100))
                _ = await eventuallyAsync { await ledger.received.count == 100 }
            }
        }

        @Test func theIsolationMessageNamesObserveOnWithTheCallersActor() {
            let message = IsolationCheck.message("subscribe(onNext:)", actor: "Ledger")
            #expect(message.contains("isolated to Ledger"))
            #expect(message.contains("observe(on: self) inside Ledger"))
            #expect(!message.contains("MainScheduler"))
            let main = IsolationCheck.message("subscribe(onNext:)", actor: "the main actor")
            #expect(main.contains("observe(on: MainScheduler.instance) before subscribe(onNext:)"))
        }
    }
}
