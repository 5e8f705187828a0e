import Foundation
import Testing
import Rill
import RillBlocking

/// A flag other threads may set.
private final class Flag: Sendable {
    private let box = LockedBox(false)
    func set() { box.mutate { $0 = true } }
    var isSet: Bool { box.value }
}

private nonisolated func awaitTraits() async throws -> [String] {
    var results: [String] = []
    results.append(try await Single.just("one").value)
    results.append(try await Maybe<String>.empty().value ?? "nothing")
    try await Completable.empty().value
    results.append("completed")
    do {
        _ = try await Single<String>.error(DemoError.timeout).value
    } catch {
        results.append("threw \(error)")
    }
    return results
}

extension AllTests {
    /// `value` on the traits and `Single.create(work:)` (article 004, "Bridging to
    /// async/await"): cancellation crosses the bridge in both directions.
    @Suite struct TraitValueTests {
        @Test func valueReturnsTheOutcomeOfEachTrait() throws {
            let results = try Single.create { try await awaitTraits() }.toBlocking(timeout: 10).single()
            #expect(results == ["one", "nothing", "completed", "threw timeout"])
        }

        @Test func maybeValueReturnsTheElement() async throws {
            let found = try await Maybe.just(4).value
            #expect(found == 4)
        }

        @Test func cancellingTheAwaitingTaskDisposesTheSubscription() async {
            let disposed = Flag()
            let subscribed = DispatchSemaphore(value: 0)
            let slowRequest = Single<Int>.create { _ in
                subscribed.signal()
                return Disposables.create { disposed.set() }
            }
            let task = Task { try await slowRequest.value }
            _ = subscribed.wait(timeout: .now() + 5)
            task.cancel()
            var thrown = "no error"
            do {
                _ = try await task.value
            } catch {
                thrown = "\(type(of: error))"
            }
            #expect(disposed.isSet)
            #expect(thrown == "CancellationError")
        }

        @Test func aTaskCancelledBeforeAwaitingSubscribesThenThrowsAndDisposes() async {
            let subscribed = Flag()
            let disposed = Flag()
            let request = Single<Int>.create { _ in
                subscribed.set()
                return Disposables.create { disposed.set() }
            }
            let task = Task {
                withUnsafeCurrentTask { $0?.cancel() }
                return try await request.value
            }
            await #expect(throws: CancellationError.self) { try await task.value }
            #expect(subscribed.isSet)
            #expect(disposed.isSet)
        }

        @Test func inACancelledTaskASynchronousOutcomeWinsOverTheCancellation() async throws {
            let task = Task { () -> [String] in
                withUnsafeCurrentTask { $0?.cancel() }
                var results: [String] = []
                try await Completable.empty().value
                results.append("completed")
                results.append("\(try await Maybe<Int>.empty().value.map(String.init) ?? "nil")")
                results.append("\(try await Maybe.just(3).value ?? 0)")
                results.append("\(try await Single.just(2).value)")
                do {
                    _ = try await Single<Int>.error(DemoError.boom).value
                } catch {
                    results.append("threw \(error)")
                }
                results.append("\(Task.isCancelled)")
                return results
            }
            #expect(try await task.value == ["completed", "nil", "3", "2", "threw boom", "true"])
        }

        @Test func aCancellationArrivingWhileSubscribingLosesToASynchronousOutcome() async throws {
            // RxSwift's `value` only disposes on cancellation, so an outcome the
            // subscription delivers synchronously always wins; here the task is
            // cancelled from inside the subscription, just before that outcome
            // (RxSwift's testCompletableNotThrowingCancellation hit this window when
            // its `cancel()` ran on another thread during the subscription).
            func cancellingWhileSubscribing<Trait, Element>(
                _ make: (@escaping () -> Void) -> PrimitiveSequence<Trait, Element>
            ) -> PrimitiveSequence<Trait, Element> {
                make { withUnsafeCurrentTask { $0?.cancel() } }
            }
            let task = Task { () -> [String] in
                var results: [String] = []
                try await cancellingWhileSubscribing { cancel in
                    Completable.create { observer in
                        cancel()
                        observer(.completed)
                        return Disposables.create()
                    }
                }.value
                results.append("completed")
                let maybe = try await cancellingWhileSubscribing { cancel in
                    Maybe<Int>.create { observer in
                        cancel()
                        observer(.success(3))
                        return Disposables.create()
                    }
                }.value
                results.append("\(maybe ?? 0)")
                let single = try await cancellingWhileSubscribing { cancel in
                    Single<Int>.create { observer in
                        cancel()
                        observer(.success(2))
                        return Disposables.create()
                    }
                }.value
                results.append("\(single)")
                results.append("\(Task.isCancelled)")
                return results
            }
            #expect(try await task.value == ["completed", "3", "2", "true"])
        }

        @Test func cancellationRacingASuccessResumesOnceAndNeverHangs() async {
            // The success arrives on another thread at the moment the task is
            // cancelled: each await ends with exactly one of the two outcomes.
            var outcomes = (successes: 0, cancellations: 0)
            for _ in 0..<300 {
                let go = DispatchSemaphore(value: 0)
                let racing = Single<Int>.create { observer in
                    DispatchQueue.global().async {
                        go.wait()
                        observer(.success(1))
                    }
                    return Disposables.create()
                }
                let task = Task { try await racing.value }
                go.signal()
                task.cancel()
                do {
                    _ = try await task.value
                    outcomes.successes += 1
                } catch {
                    outcomes.cancellations += 1
                }
            }
            #expect(outcomes.successes + outcomes.cancellations == 300)
        }

        @Test func disposingTheSubscriptionCancelsTheTask() {
            let sawCancellation = Flag()
            let finished = DispatchSemaphore(value: 0)
            let started = DispatchSemaphore(value: 0)
            let work = Single<Int>.create {
                started.signal()
                do {
                    try await Task.sleep(nanoseconds: 10_000_000_000)
                } catch {
                    sawCancellation.set()
                }
                finished.signal()
                return 0
            }
            let subscription = work.subscribe()
            _ = started.wait(timeout: .now() + 5)
            subscription.dispose()
            #expect(finished.wait(timeout: .now() + 5) == .success)
            #expect(sawCancellation.isSet)
        }

        @Test func createWorkFailureBecomesTheFailure() throws {
            let failing = Single<Int>.create(detached: true) { throw DemoError.boom }
            #expect(throws: DemoError.boom) { try failing.toBlocking(timeout: 10).single() }
        }

        @MainActor
        @Test func createWorkDoesNotRunOnTheCallersActor() async throws {
            let onMainQueue = DispatchSpecificKey<Bool>()
            DispatchQueue.main.setSpecific(key: onMainQueue, value: true)
            defer { DispatchQueue.main.setSpecific(key: onMainQueue, value: nil) }
            let ranOnMain = try await Single.create { DispatchQueue.getSpecific(key: onMainQueue) == true }.value
            #expect(!ranOnMain)
        }
    }
}
