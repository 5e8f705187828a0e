import Foundation
import Testing
@testable import Rill

extension AllTests {
    @Suite struct SubjectConcurrencyTests {
        @Test func eightThreadsSendingDirectlyDeliverEveryElementWithOverlaps() {
            let subject = PublishSubject<Int>()
            let result = sendFromEightThreads(subject.asObservable()) { subject.onNext($0) }
            print("8 threads, direct:", result)   // overlaps depend on timing: printed, not asserted
            #expect(result.deliveries == 16_000)
        }

        @Test func eightThreadsSendingThroughASerializedSubjectNeverOverlap() {
            let subject = SerializedSubject<Int>()
            let reportsBefore = Anomalies.reported
            let result = sendFromEightThreads(subject.asObservable()) { subject.onNext($0) }
            print("8 threads, serialized:", result)
            #expect(result.deliveries == 16_000)
            #expect(result.overlaps == 0)
            #expect(Anomalies.reported == reportsBefore)
        }

        /// Holds the first delivery inside the subscriber while the test thread sends
        /// `count` more elements, which therefore all overlap it.
        private func overlapDeliberately(_ subject: PublishSubject<Int>, count: Int) {
            let entered = DispatchSemaphore(value: 0)
            let release = DispatchSemaphore(value: 0)
            let subscription = subject.subscribe(onNext: { value in
                guard value == 0 else { return }
                entered.signal()
                release.wait()
            })
            let blocked = DispatchGroup()
            DispatchQueue.global().async(group: blocked) { subject.onNext(0) }
            entered.wait()
            for value in 1...count { subject.onNext(value) }
            release.signal()
            #expect(blocked.wait(timeout: .now() + 30) == .success)
            subscription.dispose()
        }

        @Test func overlappingDeliveriesAreReportedOncePerSubjectWithACount() {
            let subject = PublishSubject<Int>()
            let before = Anomalies.reported
            overlapDeliberately(subject, count: 100)
            #expect(Anomalies.reported == before + 1)
            let message = Anomalies.lastMessage ?? ""
            #expect(message.contains("PublishSubject<Int>"))
            #expect(message.contains("100 deliveries overlapped"))
            #expect(message.contains("observe(on:)"))
            #expect(message.contains("serial queue"))

            overlapDeliberately(subject, count: 10)
            #expect(Anomalies.reported == before + 1)

            overlapDeliberately(PublishSubject<Int>(), count: 5)
            #expect(Anomalies.reported == before + 2)
        }

        @Test func nestedDeliveryOnOneThreadIsNotAnOverlap() {
            let subject = PublishSubject<Int>()
            let before = Anomalies.reported
            var seen: [Int] = []
            let subscription = subject.subscribe(onNext: { value in
                seen.append(value)
                if value < 3 { subject.onNext(value + 1) }
            })
            subject.onNext(0)
            #expect(seen == [0, 1, 2, 3])
            #expect(Anomalies.reported == before)
            subscription.dispose()
        }

        /// Subscribers come and go on four threads while four others send: nothing
        /// crashes or deadlocks, the subscribers present throughout receive exactly
        /// every element, and every subscription is released.
        private func stress<Subject: ObservableType & Sendable>(
            _ subject: Subject, send: @escaping @Sendable (Int) -> Void
        ) where Subject.Element == Int {
            let stable = SharedLog<Int>()
            let stableSubscription = subject.subscribe(onNext: { stable.append($0) })
            let transientDeliveries = SharedLog<Int>()
            let finished = runOnThreads(8) { thread in
                if thread < 4 {
                    for value in 0..<1_000 { send(thread * 1_000 + value) }
                } else {
                    for _ in 0..<300 {
                        let subscription = subject.subscribe(onNext: { transientDeliveries.append($0) })
                        subscription.dispose()
                    }
                }
            }
            #expect(finished, "deadlock")
            stableSubscription.dispose()
            // Replaying subjects also deliver their initial value (-1) first.
            let received = stable.values.filter { $0 >= 0 }
            #expect(received.count == 4_000)
            let everyElementOnce = received.sorted() == Array(0..<4_000)
            #expect(everyElementOnce)
            print("\(Subject.self): transient subscribers received \(transientDeliveries.count) elements")
        }

        @Test func publishSubjectSurvivesConcurrentSubscribeDisposeAndSend() {
            let subject = PublishSubject<Int>()
            stress(subject) { subject.onNext($0) }
            #expect(!subject.hasObservers)
        }

        @Test func behaviorSubjectSurvivesConcurrentSubscribeDisposeAndSend() {
            let subject = BehaviorSubject(value: -1)
            stress(subject.asObservable()) { subject.onNext($0) }
            #expect(!subject.hasObservers)
        }

        @Test func replaySubjectSurvivesConcurrentSubscribeDisposeAndSend() {
            let subject = ReplaySubject<Int>.create(bufferSize: 3)
            let stable = SharedLog<Int>()
            let stableSubscription = subject.subscribe(onNext: { stable.append($0) })
            let finished = runOnThreads(8) { thread in
                if thread < 4 {
                    for value in 0..<1_000 { subject.onNext(thread * 1_000 + value) }
                } else {
                    for _ in 0..<300 { subject.subscribe(onNext: { _ in }).dispose() }
                }
            }
            #expect(finished, "deadlock")
            stableSubscription.dispose()
            #expect(stable.count == 4_000)
            let everyElementOnce = stable.values.sorted() == Array(0..<4_000)
            #expect(everyElementOnce)
            #expect(!subject.hasObservers)
        }

        @Test func asyncSubjectSurvivesConcurrentSubscribeDisposeAndSend() {
            let subject = AsyncSubject<Int>()
            let last = SharedLog<Int>()
            let stableSubscription = subject.subscribe(onNext: { last.append($0) })
            let finished = runOnThreads(8) { thread in
                if thread < 4 {
                    for value in 0..<1_000 { subject.onNext(value) }
                } else {
                    for _ in 0..<300 { subject.subscribe(onNext: { _ in }).dispose() }
                }
            }
            #expect(finished, "deadlock")
            subject.onCompleted()
            #expect(last.values == [999])
            stableSubscription.dispose()
        }

        @Test func serializedSubjectSurvivesConcurrentSubscribeDisposeAndSend() {
            let subject = SerializedSubject<Int>()
            stress(subject) { subject.onNext($0) }
            #expect(!subject.hasObservers)
        }

        @Test func relaysSurviveConcurrentSubscribeDisposeAndAccept() {
            let publish = PublishRelay<Int>()
            stress(publish) { publish.accept($0) }
            let behavior = BehaviorRelay(value: -1)
            stress(behavior) { behavior.accept($0) }
            let replay = ReplayRelay<Int>.create(bufferSize: 2)
            stress(replay) { replay.accept($0) }
        }

        @Test func terminatingWhileOthersSubscribeAndSendEndsEverySubscriber() {
            for _ in 0..<20 {
                let subject = ReplaySubject<Int>.create(bufferSize: 2)
                let ended = SharedLog<String>()
                let subscriptions = SharedLog<any Disposable>()
                // The two producers take turns (the Rx grammar: a subject's events
                // must not overlap), so the completion lands at a random point among
                // the elements, while the subscribers race with both.
                let producing = NSLock()
                let finished = runOnThreads(4) { thread in
                    switch thread {
                    case 0: for value in 0..<200 { producing.withLock { subject.onNext(value) } }
                    case 1: producing.withLock { subject.onCompleted() }
                    default:
                        for _ in 0..<20 {
                            subscriptions.append(subject.subscribe(onCompleted: { ended.append("|") }))
                        }
                    }
                }
                #expect(finished, "deadlock")
                #expect(ended.count == 40)   // every subscriber, early or late, completes once
                subscriptions.values.forEach { $0.dispose() }
            }
        }

        @Test func disposingWhileOthersSubscribeAndSendNeverDeadlocks() {
            for _ in 0..<20 {
                let subject = BehaviorSubject(value: 0)
                let subscriptions = SharedLog<any Disposable>()
                let finished = runOnThreads(4) { thread in
                    switch thread {
                    case 0: for value in 0..<200 { subject.onNext(value) }
                    case 1: subject.dispose()
                    default: for _ in 0..<20 { subscriptions.append(subject.subscribe()) }
                    }
                }
                #expect(finished, "deadlock")
                #expect(!subject.hasObservers)
                #expect(throws: RxError.self) { try subject.value() }
                subscriptions.values.forEach { $0.dispose() }
            }
        }
    }
}
