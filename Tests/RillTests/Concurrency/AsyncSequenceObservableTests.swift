import Foundation
import Testing
import Rill
import RillBlocking

extension AllTests {
    @Suite struct AsyncSequenceObservableTests {
        @Test func emitsTheElementsThenCompletes() {
            let stream = AsyncStream<Int> { continuation in
                for value in 1...3 { continuation.yield(value) }
                continuation.finish()
            }
            guard case .completed(let elements) = stream.asObservable().toBlocking(timeout: 10).materialize() else {
                Issue.record("expected completion")
                return
            }
            #expect(elements == [1, 2, 3])
        }

        @Test func aThrownErrorBecomesTheErrorEvent() {
            let stream = AsyncThrowingStream<Int, any Error> { continuation in
                continuation.yield(1)
                continuation.finish(throwing: DemoError.boom)
            }
            guard case .failed(let elements, let error) = stream.asObservable().toBlocking(timeout: 10).materialize() else {
                Issue.record("expected failure")
                return
            }
            #expect(elements == [1])
            #expect(error as? DemoError == .boom)
        }

        @Test func eachSubscriptionIteratesTheSequenceAgain() throws {
            let countdown = Countdown(from: 3)
            let observable = countdown.asObservable()
            #expect(try observable.toBlocking(timeout: 10).toArray() == [3, 2, 1])
            #expect(try observable.toBlocking(timeout: 10).toArray() == [3, 2, 1])
        }

        @Test func disposingCancelsTheIteratingTask() {
            let firstElement = DispatchSemaphore(value: 0)
            let terminated = DispatchSemaphore(value: 0)
            let reasons = LockedLog()
            let endless = AsyncStream<Int> { continuation in
                continuation.onTermination = { reason in
                    reasons.append("\(reason)")
                    terminated.signal()
                }
                continuation.yield(1)
            }
            let subscription = endless.asObservable().subscribe(onNext: { _ in firstElement.signal() })
            #expect(firstElement.wait(timeout: .now() + 10) == .success)
            subscription.dispose()
            #expect(terminated.wait(timeout: .now() + 10) == .success)
            #expect(reasons.entries == ["cancelled"])
        }

        /// The iteration runs in a detached task: it does not inherit the main actor
        /// of the code that subscribed, so it does not run on the main queue. (The
        /// article's countdown example, which checks for a background thread, needs
        /// the main thread: it is in `MainRunLoopTests`, XCTest, in RillBlockingTests.)
        @MainActor @Test func elementsDoNotArriveOnTheSubscribersActor() throws {
            let onMainQueue = DispatchSpecificKey<Bool>()
            DispatchQueue.main.setSpecific(key: onMainQueue, value: true)
            defer { DispatchQueue.main.setSpecific(key: onMainQueue, value: nil) }
            let stream = AsyncStream<Int> { continuation in
                continuation.yield(1)
                continuation.finish()
            }
            // Tagged in a nonisolated function, as the article's `tagThreads` is: a
            // closure written here would be main-actor isolated, and Rill stops the
            // program when such a closure runs off the main actor.
            let queues = try tagQueues(stream.asObservable(), key: onMainQueue)
                .toBlocking(timeout: 10)
                .toArray()
            #expect(queues == ["elsewhere"])
        }
    }
}

/// Tags each element with whether it arrived on the main queue.
private nonisolated func tagQueues(_ source: Observable<Int>, key: DispatchSpecificKey<Bool>) -> Observable<String> {
    source.map { _ in DispatchQueue.getSpecific(key: key) == true ? "main queue" : "elsewhere" }
}

/// A `Sendable` async sequence that counts down to 1, freshly for each iteration.
private struct Countdown: AsyncSequence, Sendable {
    let from: Int

    struct AsyncIterator: AsyncIteratorProtocol {
        var remaining: Int

        mutating func next() async -> Int? {
            guard remaining > 0 else { return nil }
            defer { remaining -= 1 }
            return remaining
        }
    }

    func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(remaining: from)
    }
}
