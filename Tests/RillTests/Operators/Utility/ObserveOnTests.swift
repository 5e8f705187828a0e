import Dispatch
import Foundation
import Testing
import Rill

/// A source that sends `perThread` elements from each of `threads` threads at
/// once (through `DispatchQueue.concurrentPerform`), then completes: element
/// `thread * perThread + index`. It breaks the one-thread-at-a-time rule on
/// purpose, to show that `observe(on:)` serialises what reaches it.
private struct ConcurrentBurst: ObservableType {
    typealias Element = Int

    let threads: Int
    let perThread: Int

    func subscribe<Observer: ObserverType>(_ observer: Observer) -> any Disposable where Observer.Element == Int {
        let observer = AnyObserver(observer)
        DispatchQueue.concurrentPerform(iterations: threads) { thread in
            for index in 0..<perThread { observer.onNext(thread * perThread + index) }
        }
        observer.onCompleted()
        return Disposables.create()
    }
}

/// Events as the articles' `record` helper writes them, with the queue that
/// delivered each.
private final class DeliveryLog: @unchecked Sendable {
    // Sendable: everything goes through the `Collector`s, which lock.
    let events = Collector<String>()
    let queues = Collector<String?>()
    let finished = DispatchSemaphore(value: 0)

    func subscribe(_ source: Observable<Int>, onNext: @escaping (Int) -> Void = { _ in }) -> any Disposable {
        source.subscribe(
            onNext: { value in
                self.queues.append(QueueTag.current)
                self.events.append("\(value)")
                onNext(value)
            },
            onError: { error in
                self.queues.append(QueueTag.current)
                self.events.append("x(\(error))")
                self.finished.signal()
            },
            onCompleted: {
                self.queues.append(QueueTag.current)
                self.events.append("|")
                self.finished.signal()
            }
        )
    }
}

/// A serial scheduler whose queue is tagged `name`.
private func taggedSerialScheduler(_ name: String) -> SerialDispatchQueueScheduler {
    SerialDispatchQueueScheduler(internalSerialQueueName: "rill.test.\(name)") { QueueTag.tag($0, name) }
}

extension AllTests {
    @Suite struct ObserveOnTests {
        /// As in RxSwift, where the sink above disposes itself once it has passed
        /// the terminal event on: the source's subscription ends then, not when the
        /// scheduler delivers the event.
        @Test func theSourcesSubscriptionEndsAtItsTerminalEventBeforeTheSchedulerDeliversIt() {
            let serial = taggedSerialScheduler("target")
            let gate = QueueGate(blocking: serial)
            let source = DrivenSource<Int>()
            let upstreamDisposals = Collector<String>()
            let log = DeliveryLog()
            let subscription = log.subscribe(
                source.observable.do(onDispose: { upstreamDisposals.append("disposed") }).observe(on: serial)
            )
            source.onNext(1)
            source.onCompleted()
            #expect(upstreamDisposals.values == ["disposed"])
            #expect(log.events.values.isEmpty)   // still waiting behind the gate
            gate.open()
            #expect(waitFor(log.finished))
            #expect(log.events.values == ["1", "|"])
            #expect(upstreamDisposals.values == ["disposed"])
            subscription.dispose()
        }

        @Test func keepsTheOrderOfTenThousandElementsFromOneThreadAndDeliversOnTheScheduler() {
            let log = DeliveryLog()
            let subscription = log.subscribe(Observable.range(start: 0, count: 10_000).observe(on: taggedSerialScheduler("target")))
            #expect(waitFor(log.finished))
            #expect(log.events.values == (0..<10_000).map { "\($0)" } + ["|"])
            #expect(Set(log.queues.values) == ["target"])
            subscription.dispose()
        }

        @Test func deliversSixteenThousandElementsFromEightThreadsWithoutOverlap() {
            let scheduler = CountingScheduler(ConcurrentDispatchQueueScheduler(qos: .default))
            let probe = InFlightProbe()
            let received = Collector<Int>()
            let finished = DispatchSemaphore(value: 0)
            let subscription = ConcurrentBurst(threads: 8, perThread: 2_000)
                .observe(on: scheduler)
                .subscribe(
                    onNext: { value in probe.measure { received.append(value) } },
                    onCompleted: { finished.signal() }
                )
            #expect(waitFor(finished))
            #expect(received.count == 16_000)
            #expect(probe.overlaps == 0)
            #expect(Set(received.values) == Set(0..<16_000))
            for thread in 0..<8 {
                let range = (thread * 2_000)..<((thread + 1) * 2_000)
                #expect(received.values.filter(range.contains) == Array(range), "thread \(thread)'s elements out of order")
            }
            #expect(scheduler.scheduleCount < 16_000)
            subscription.dispose()
        }

        @Test func aBurstWaitingForTheSchedulerTakesOneSchedulingHop() {
            let serial = taggedSerialScheduler("target")
            let scheduler = CountingScheduler(serial)
            let gate = QueueGate(blocking: serial)
            let log = DeliveryLog()
            let subscription = log.subscribe(Observable.range(start: 0, count: 1_000).observe(on: scheduler))
            gate.open()
            #expect(waitFor(log.finished))
            #expect(log.events.count == 1_001)
            #expect(scheduler.scheduleCount == 1)
            subscription.dispose()
        }

        @Test func deliversTheErrorAfterTheElementsBeforeIt() {
            let log = DeliveryLog()
            let source = Observable<Int>.create { observer in
                observer.onNext(1)
                observer.onNext(2)
                observer.onError(DemoError.boom)
                observer.onNext(3)
                return Disposables.create()
            }
            let subscription = log.subscribe(source.observe(on: taggedSerialScheduler("target")))
            #expect(waitFor(log.finished))
            #expect(log.events.values == ["1", "2", "x(boom)"])
            #expect(Set(log.queues.values) == ["target"])
            subscription.dispose()
        }

        @Test func deliversCompletionAfterTheElementsBeforeIt() {
            let log = DeliveryLog()
            let subscription = log.subscribe(Observable.of(1, 2, 3).observe(on: taggedSerialScheduler("target")))
            #expect(waitFor(log.finished))
            #expect(log.events.values == ["1", "2", "3", "|"])
            #expect(log.queues.values == ["target", "target", "target", "target"])
            subscription.dispose()
        }

        @Test func deliversNothingQueuedOnceDisposed() {
            let scheduler = taggedSerialScheduler("target")
            let gate = QueueGate(blocking: scheduler)
            let log = DeliveryLog()
            let subscription = log.subscribe(Observable.range(start: 0, count: 100).observe(on: scheduler))
            subscription.dispose()
            gate.open()
            #expect(waitForQueuedWork(on: scheduler))
            #expect(log.events.values.isEmpty)
        }

        @Test func disposingFromAnElementStopsTheRestOfTheBatch() {
            let scheduler = taggedSerialScheduler("target")
            let gate = QueueGate(blocking: scheduler)
            let log = DeliveryLog()
            let slot = DisposableSlot()
            slot.set(log.subscribe(Observable.range(start: 0, count: 100).observe(on: scheduler)) { value in
                if value == 4 { slot.dispose() }
            })
            gate.open()
            #expect(waitForQueuedWork(on: scheduler))
            #expect(log.events.values == ["0", "1", "2", "3", "4"])
        }

        @Test func disposingDisposesTheUpstreamSubscription() {
            let upstreamDisposed = Collector<String>()
            let source = Observable<Int>.create { _ in
                Disposables.create { upstreamDisposed.append("disposed") }
            }
            let scheduler = taggedSerialScheduler("target")
            let subscription = source.observe(on: scheduler).subscribe()
            #expect(upstreamDisposed.values.isEmpty)
            subscription.dispose()
            #expect(upstreamDisposed.values == ["disposed"])
        }

        @Test func elementsSentFromADeliveryJoinTheQueueInsteadOfNesting() {
            // The subscriber feeds the source from inside its own onNext, on the
            // scheduler's thread: deliveries must follow each other, not nest.
            let scheduler = taggedSerialScheduler("target")
            let relay = Collector<AnyObserver<Int>>()
            let source = Observable<Int>.create { observer in
                relay.append(observer)
                observer.onNext(0)
                return Disposables.create()
            }
            let probe = InFlightProbe()
            let received = Collector<Int>()
            let done = DispatchSemaphore(value: 0)
            let subscription = source.observe(on: scheduler).subscribe(onNext: { value in
                probe.measure {
                    received.append(value)
                    if value < 50 { relay.values[0].onNext(value + 1) } else { done.signal() }
                }
            })
            #expect(waitFor(done))
            #expect(received.values == Array(0...50))
            #expect(probe.overlaps == 0)
            subscription.dispose()
            relay.removeAll()   // the relay and the subscription hold each other
        }

        @Test func onTheTrampolineDeliversSynchronouslyInOrder() {
            #expect(record(Observable.of(1, 2, 3).observe(on: CurrentThreadScheduler.instance)) == ["1", "2", "3", "|"])
        }

        @Test func onTheMainSchedulerABackgroundCallbackArrivesOnTheMainQueue() {
            // The article's wrapped callback: the element is produced on a loader's
            // queue and must reach the subscriber on the main queue.
            let loaderQueue = DispatchQueue(label: "rill.test.loader")
            QueueTag.tag(loaderQueue, "loader")
            let producedOn = Collector<String?>()
            let thumbnail = Observable<String>.create { observer in
                loaderQueue.async {
                    producedOn.append(QueueTag.current)
                    observer.onNext("thumbnail of fox")
                    observer.onCompleted()
                }
                return Disposables.create()
            }
            let deliveredOn = Collector<String>()
            let done = DispatchSemaphore(value: 0)
            let subscription = thumbnail
                .observe(on: MainScheduler.instance)
                .subscribe(
                    onNext: { deliveredOn.append("\($0) on \(QueueTag.isMainQueue ? "main" : "another queue")") },
                    onCompleted: { done.signal() }
                )
            #expect(waitFor(done))
            #expect(producedOn.values == ["loader"])
            #expect(deliveredOn.values == ["thumbnail of fox on main"])
            subscription.dispose()
        }

        @MainActor
        @Test func aMainActorClosureReceivesTheElementAfterObserveOnMain() async throws {
            // The article's example written in main-actor code: the closure writes
            // main-actor state. The test awaits (so the main queue is free to
            // deliver) with a bounded number of short suspensions.
            let loaderQueue = DispatchQueue(label: "rill.test.loader")
            let thumbnail = Observable<String>.create { observer in
                loaderQueue.async {
                    observer.onNext("thumbnail of fox")
                    observer.onCompleted()
                }
                return Disposables.create()
            }
            var lastThumbnail = ""
            var deliveredOnMainQueue = false
            let subscription = thumbnail
                .observe(on: MainScheduler.instance)
                .subscribe(onNext: {
                    lastThumbnail = $0
                    deliveredOnMainQueue = QueueTag.isMainQueue
                })
            var attempts = 0
            while lastThumbnail.isEmpty && attempts < 2_000 {
                attempts += 1
                try await Task.sleep(nanoseconds: 5_000_000)
            }
            #expect(lastThumbnail == "thumbnail of fox")
            #expect(deliveredOnMainQueue)
            subscription.dispose()
        }

        @Test func onTheMainSchedulerEventsFromTheMainQueueArriveAtOnce() {
            let steps = Collector<String>()
            #expect(runOnMainQueue {
                let subscription = Observable.of(1, 2).observe(on: MainScheduler.instance).subscribe(onNext: { steps.append("\($0)") })
                steps.append("subscribed")
                subscription.dispose()
            })
            #expect(steps.values == ["1", "2", "subscribed"])
        }
    }
}
