import Foundation
import Testing
import Rill
import RillBlocking

/// The blocking methods, to run one contract over all of them.
enum BlockingMethod: String, CaseIterable, Sendable {
    case toArray, first, last, single

    func call(_ blocking: BlockingObservable<Int>) throws {
        switch self {
        case .toArray: _ = try blocking.toArray()
        case .first: _ = try blocking.first()
        case .last: _ = try blocking.last()
        case .single: _ = try blocking.single()
        }
    }
}

extension AllTests {
    @Suite struct BlockingTimeoutTests {
        @Test(arguments: BlockingMethod.allCases)
        func aSequenceThatNeverEndsTimesOut(method: BlockingMethod) {
            let error = #expect(throws: RxError.self) {
                try method.call(Observable<Int>.never().toBlocking(timeout: 0.05))
            }
            #expect(error.map(isTimeout) == true)
            #expect(error.map { "\($0)" } == "Sequence timeout.")
        }

        @Test func aTimeoutDisposesTheSubscriptionBeforeReturning() {
            let disposals = LockedCounter()
            let silent = Observable<Int>.create { _ in Disposables.create { disposals.increment() } }
            #expect(throws: RxError.self) { try silent.toBlocking(timeout: 0.05).toArray() }
            #expect(disposals.value == 1)
        }

        @Test func aTimeoutStopsAnInfiniteSynchronousSequence() {
            // The source emits on the waiting thread itself, inside the subscription.
            let naturals = Observable.from(sequence(first: 0) { $0 + 1 })
            let error = #expect(throws: RxError.self) { try naturals.toBlocking(timeout: 0.05).toArray() }
            #expect(error.map(isTimeout) == true)
        }

        @Test func aSequenceThatEndsInTimeIsNotAffectedByTheTimeout() throws {
            #expect(try emittingOnAnotherThread([1, 2]).toBlocking(timeout: 10).toArray() == [1, 2])
        }

        @Test func aTimeoutKeepsTheElementsDeliveredFromAnotherThreadSoFar() {
            let disposals = LockedCounter()
            let stopped = DispatchSemaphore(value: 0)
            let endless = countingOnAnotherThreadUntilDisposed(disposals: disposals, stopped: stopped)
            guard case .failed(let elements, let error) = endless.toBlocking(timeout: 0.02).materialize() else {
                Issue.record("expected the timeout")
                return
            }
            #expect(isTimeout(error))
            #expect(elements == Array(1..<(elements.count + 1)))
            #expect(disposals.value == 1)
            #expect(stopped.wait(timeout: .now() + 5) == .success)
        }
    }

    @Suite struct BlockingThreadTests {
        /// The mechanism of the article's `Observable.of(1, 2, scheduler:
        /// MainScheduler.asyncInstance).toBlocking().toArray() == [1, 2]`: elements
        /// delivered later by main-queue work. Swift Testing runs this test off the
        /// main thread, where the main queue runs on its own (on the main thread's run
        /// loop on Apple platforms, on a dispatch worker on Linux) while the test
        /// sleeps. The main-thread path is tested by `MainRunLoopTests` (XCTest) in
        /// RillBlockingTests.
        @Test func waitsForElementsDeliveredByMainQueueWork() throws {
            // One main-queue block per event, as a scheduler delivers them.
            let later = Observable<Int>.create { observer in
                for event in [Event.next(1), .next(2), .completed] {
                    DispatchQueue.main.async { observer.on(event) }
                }
                return Disposables.create()
            }
            #expect(try later.toBlocking().toArray() == [1, 2])
        }

        /// Main-actor code is itself a job on the main queue, so main-queue work the
        /// sequence needs cannot run while it waits: only the timeout ends the wait.
        @MainActor @Test func mainActorCodeCannotWaitForMainQueueWork() {
            let delivered = LockedCounter()
            let later = Observable<Int>.create { observer in
                DispatchQueue.main.async {
                    delivered.increment()
                    observer.onNext(1)
                    observer.onCompleted()
                }
                return Disposables.create()
            }
            let error = #expect(throws: RxError.self) { try later.toBlocking(timeout: 0.05).toArray() }
            #expect(error.map(isTimeout) == true)
            #expect(delivered.value == 0)
        }

        @Test func waitingInsideAnotherSubscriptionsDeliveryDoesNotDeadlock() {
            var inner: [Int]?
            _ = Observable.just(1).subscribe(onNext: { _ in
                inner = try? Observable.of(2, 3).toBlocking(timeout: 10).toArray()
            })
            #expect(inner == [2, 3])
        }

        @Test func manyCallsWithSourcesOnOtherThreadsGetEveryElementInOrder() throws {
            let expected = Array(0..<50)
            for _ in 0..<200 {
                #expect(try emittingOnAnotherThread(expected).toBlocking(timeout: 10).toArray() == expected)
            }
        }
    }
}
