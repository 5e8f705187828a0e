import Dispatch
import Foundation
import Testing
import Rill

extension AllTests {
    @Suite struct SubscribeOnTests {
        /// As in RxSwift, where the sink above disposes itself once it has passed
        /// the terminal event on: the source's subscription ends then, on the
        /// source's thread, not later on the scheduler.
        @Test func theSourcesSubscriptionEndsAtItsTerminalEventNotOnTheScheduler() {
            let scheduler = Self.scheduler()
            let source = DrivenSource<Int>()
            let log = Collector<String>()
            let subscription = source.observable
                .do(onDispose: { log.append("upstream disposed") })
                .subscribe(on: scheduler)
                .subscribe(onCompleted: { log.append("|") })
            #expect(waitForQueuedWork(on: scheduler))   // subscribed
            let gate = QueueGate(blocking: scheduler)
            source.onCompleted()
            #expect(log.values == ["|", "upstream disposed"])   // not waiting behind the gate
            gate.open()
            #expect(waitForQueuedWork(on: scheduler))
            #expect(log.values == ["|", "upstream disposed"])
            subscription.dispose()
        }

        /// A serial scheduler on a queue tagged "subscriber".
        private static func scheduler() -> SerialDispatchQueueScheduler {
            SerialDispatchQueueScheduler(internalSerialQueueName: "rill.test.subscribe-on") { QueueTag.tag($0, "subscriber") }
        }

        @Test func subscribesOnTheSchedulersThreadAfterSubscribeReturns() {
            let scheduler = Self.scheduler()
            let steps = Collector<String>()
            let source = Observable<Int>.create { observer in
                steps.append("subscribed on \(QueueTag.current ?? "another queue")")
                observer.onNext(1)
                observer.onCompleted()
                return Disposables.create()
            }
            let done = DispatchSemaphore(value: 0)
            let gate = QueueGate(blocking: scheduler)
            let subscription = source.subscribe(on: scheduler).subscribe(
                onNext: { steps.append("\($0) on \(QueueTag.current ?? "another queue")") },
                onCompleted: { done.signal() }
            )
            steps.append("subscribe returned")
            gate.open()
            #expect(waitFor(done))
            #expect(steps.values == ["subscribe returned", "subscribed on subscriber", "1 on subscriber"])
            subscription.dispose()
        }

        @Test func disposesTheSubscriptionOnTheScheduler() {
            let scheduler = Self.scheduler()
            let disposedOn = Collector<String?>()
            let subscribed = DispatchSemaphore(value: 0)
            let source = Observable<Int>.create { _ in
                subscribed.signal()
                return Disposables.create { disposedOn.append(QueueTag.current) }
            }
            let subscription = source.subscribe(on: scheduler).subscribe()
            #expect(waitFor(subscribed))
            subscription.dispose()
            #expect(waitForQueuedWork(on: scheduler))
            #expect(disposedOn.values == ["subscriber"])
        }

        @Test func disposingBeforeTheScheduledSubscriptionNeverSubscribes() {
            let scheduler = Self.scheduler()
            let gate = QueueGate(blocking: scheduler)
            let subscriptions = Collector<String>()
            let source = Observable<Int>.create { _ in
                subscriptions.append("subscribed")
                return Disposables.create()
            }
            let subscription = source.subscribe(on: scheduler).subscribe()
            subscription.dispose()
            gate.open()
            #expect(waitForQueuedWork(on: scheduler))
            #expect(subscriptions.values.isEmpty)
        }

        @Test func aSynchronousSourceEmitsEverythingOnTheSchedulerInOrder() {
            let scheduler = Self.scheduler()
            let events = Collector<String>()
            let done = DispatchSemaphore(value: 0)
            let subscription = Observable.range(start: 1, count: 1_000).subscribe(on: scheduler).subscribe(
                onNext: { events.append(QueueTag.current == "subscriber" ? "\($0)" : "\($0) elsewhere") },
                onCompleted: {
                    events.append("|")
                    done.signal()
                }
            )
            #expect(waitFor(done))
            #expect(events.values == (1...1_000).map { "\($0)" } + ["|"])
            subscription.dispose()
        }

        @Test func anErrorReachesTheSubscriber() {
            let scheduler = Self.scheduler()
            let events = Collector<String>()
            let done = DispatchSemaphore(value: 0)
            let subscription = Observable<Int>.error(DemoError.boom).subscribe(on: scheduler).subscribe(
                onError: {
                    events.append("x(\($0))")
                    done.signal()
                }
            )
            #expect(waitFor(done))
            #expect(events.values == ["x(boom)"])
            subscription.dispose()
        }

        @Test func onTheTrampolineSubscribesSynchronously() {
            #expect(record(Observable.of(1, 2).subscribe(on: CurrentThreadScheduler.instance)) == ["1", "2", "|"])
        }

        @Test func anInfiniteSynchronousSourceStopsWhenAnOperatorEndsTheSequence() {
            // The source is attached inside the trampoline, and the disposal that
            // the error triggers runs at once on the scheduler's queue, so the
            // source stops before its next element.
            let scheduler = Self.scheduler()
            let gate = QueueGate(blocking: scheduler)   // subscribe returns first
            let seen = Collector<Int>()
            let events = Collector<String>()
            let done = DispatchSemaphore(value: 0)
            let subscription = Observable.repeatElement(7)
                .subscribe(on: scheduler)
                .map { value -> Int in
                    seen.append(value)
                    if seen.count == 3 { throw DemoError.boom }
                    return value
                }
                .subscribe(
                    onNext: { events.append("\($0)") },
                    onError: {
                        events.append("x(\($0))")
                        done.signal()
                    }
                )
            gate.open()
            #expect(waitFor(done))
            #expect(waitForQueuedWork(on: scheduler))
            #expect(events.values == ["7", "7", "x(boom)"])
            #expect(seen.count == 3)
            subscription.dispose()
        }
    }
}
