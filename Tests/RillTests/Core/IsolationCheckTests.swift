import Foundation
import Testing
import Rill

/// An observable that emits `values` from a background queue after subscription.
private func emittedInTheBackground(_ values: [Int]) -> Observable<Int> {
    Observable.create { observer in
        DispatchQueue.global().async {
            for value in values { observer.onNext(value) }
            observer.onCompleted()
        }
        return Disposables.create()
    }
}

extension AllTests {
    /// Swift 6 isolation: a closure from main-actor code never runs off the main
    /// thread silently (DESIGN.md, "Concurrency and Sendable").
    @Suite struct IsolationCheckTests {
        @Test func mainActorClosureCalledFromABackgroundThreadStopsTheProcessNamingTheFix() async {
            let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
                let done = DispatchSemaphore(value: 0)
                let subscription = await MainActor.run {
                    emittedInTheBackground([1]).subscribe(onNext: { _ in done.signal() })
                }
                _ = done.wait(timeout: .now() + 5)
                subscription.dispose()
            }
            let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
            #expect(message.contains("observe(on: MainScheduler.instance)"))
        }

        @MainActor
        @Test func mainActorClosureCalledOnTheMainThreadRuns() {
            var received: [Int] = []
            let subscription = Observable.of(1, 2, 3).subscribe(onNext: { received.append($0) })
            #expect(received == [1, 2, 3])
            subscription.dispose()
        }

        @Test func nonisolatedClosureMayRunOnAnyThread() {
            let done = DispatchSemaphore(value: 0)
            let received = LockedBox<[Int]>([])
            let subscription = emittedInTheBackground([1, 2]).subscribe(
                onNext: { value in received.mutate { $0.append(value) } },
                onCompleted: { done.signal() }
            )
            #expect(done.wait(timeout: .now() + 5) == .success)
            #expect(received.value == [1, 2])
            subscription.dispose()
        }

        @MainActor
        @Test func passingNilIsolationHandsOverANonisolatedClosure() async {
            let finished = await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in
                let subscription = emittedInTheBackground([1]).subscribe(
                    onCompleted: { @Sendable in continuation.resume(returning: !Thread.isMainThread) },
                    isolation: nil
                )
                _ = subscription
            }
            #expect(finished)
        }
    }
}

extension AllTests.IsolationCheckTests {
    @Test func mainActorOperatorClosureCalledFromABackgroundThreadStopsTheProcess() async {
        await #expect(processExitsWith: .failure) {
            let done = DispatchSemaphore(value: 0)
            let mapped = await MainActor.run { emittedInTheBackground([1]).map { $0 + 1 } }
            let subscription = mapped.subscribe(onNext: { _ in done.signal() })
            _ = done.wait(timeout: .now() + 5)
            subscription.dispose()
        }
    }
}
