import Foundation
import Testing
import Rill

extension AllTests {
    @Suite struct SerializedSubjectTests {
        @Test func behavesAsAPublishSubject() {
            let subject = SerializedSubject<Int>()
            subject.onNext(0)
            var events: [String] = []
            let subscription = subject.subscribe { events.append($0.debugDescription) }
            subject.onNext(1)
            subject.onCompleted()
            subject.onNext(2)
            #expect(events == ["next(1)", "completed"])
            #expect(record(subject) == ["|"])
            subscription.dispose()
        }

        @Test func withNoOtherSendInProgressOnNextReturnsAfterDelivery() {
            let subject = SerializedSubject<Int>()
            var seen: [Int] = []
            let subscription = subject.subscribe(onNext: { seen.append($0) })
            subject.onNext(1)
            #expect(seen == [1])
            subject.onNext(2)
            #expect(seen == [1, 2])
            subscription.dispose()
        }

        @Test func aSendFromInsideASubscriberIsQueuedNotNested() {
            let subject = SerializedSubject<Int>()
            var log: [String] = []
            let first = subject.subscribe(onNext: { value in
                log.append("first \(value)")
                if value == 1 {
                    subject.onNext(2)
                    log.append("sent 2")      // returned before 2 was delivered
                }
            })
            let second = subject.subscribe(onNext: { log.append("second \($0)") })
            subject.onNext(1)
            #expect(log == ["first 1", "sent 2", "second 1", "first 2", "second 2"])
            first.dispose()
            second.dispose()
        }

        @Test func aTerminalEventSentFromInsideASubscriberFollowsTheCurrentElement() {
            let subject = SerializedSubject<Int>()
            var log: [String] = []
            let first = subject.subscribe(onNext: { _ in subject.onCompleted() })
            let second = subject.subscribe(onNext: { log.append("\($0)") }, onCompleted: { log.append("|") })
            subject.onNext(1)
            #expect(log == ["1", "|"])
            first.dispose()
            second.dispose()
        }

        /// Thread A's delivery blocks in the subscriber until thread B has sent: B's
        /// `onNext` must return without waiting for A (a blocking design deadlocks
        /// here), and A delivers B's element after its own, before A's `onNext` returns.
        @Test func withAnotherSendInProgressOnNextQueuesAndReturnsAtOnce() {
            let subject = SerializedSubject<String>()
            let log = SharedLog<String>()
            let aIsDelivering = DispatchSemaphore(value: 0)
            let bHasSent = DispatchSemaphore(value: 0)
            let subscription = subject.subscribe(onNext: { value in
                log.append("deliver \(value)")
                if value == "a" {
                    aIsDelivering.signal()
                    #expect(bHasSent.wait(timeout: .now() + 10) == .success, "B waited for A's delivery")
                }
            })
            let threadA = DispatchGroup()
            DispatchQueue.global().async(group: threadA) {
                subject.onNext("a")
                log.append("a returned")
            }
            aIsDelivering.wait()
            subject.onNext("b")
            log.append("b returned")
            bHasSent.signal()
            #expect(threadA.wait(timeout: .now() + 10) == .success)
            #expect(log.values == ["deliver a", "b returned", "deliver b", "a returned"])
            subscription.dispose()
        }

        @Test func eventsFromManyThreadsArriveOneAtATimeAndAllArrive() {
            let subject = SerializedSubject<Int>()
            var received = 0   // unsynchronised on purpose: deliveries never overlap
            let detector = OverlapDetector()
            let subscription = subject.subscribe(onNext: { _ in
                received += 1
                detector.deliver()
            })
            let finished = runOnThreads(4) { thread in
                for value in 0..<2_500 { subject.onNext(thread * 10_000 + value) }
            }
            #expect(finished)
            #expect(detector.deliveries == 10_000)
            #expect(detector.overlaps == 0)
            #expect(received == 10_000)
            subscription.dispose()
        }

        @Test func eachThreadsElementsArriveInTheOrderItSentThem() {
            let subject = SerializedSubject<Int>()
            let log = SharedLog<Int>()
            let subscription = subject.subscribe(onNext: { log.append($0) })
            let finished = runOnThreads(4) { thread in
                for value in 0..<1_000 { subject.onNext(thread * 10_000 + value) }
            }
            #expect(finished)
            let values = log.values
            for thread in 0..<4 {
                let own = values.filter { $0 / 10_000 == thread }
                #expect(own == (0..<1_000).map { thread * 10_000 + $0 })
            }
            subscription.dispose()
        }

        @Test func disposeDropsSubscribersAndFailsLaterOnes() {
            let subject = SerializedSubject<Int>()
            var events: [String] = []
            let subscription = subject.subscribe(onNext: { events.append("\($0)") })
            subject.dispose()
            subject.onNext(1)
            #expect(events == [])
            #expect(subject.isDisposed)
            #expect(!subject.hasObservers)
            #expect(record(subject) == ["x(Object `Rill.SerializedSubject<Swift.Int>` was already disposed.)"])
            withExtendedLifetime(subscription) {}
        }
    }
}
