import Foundation
import Testing
import Rill

/// An Infallible that emits `values` from a background queue after subscription.
private func infallibleInTheBackground(_ values: [Int]) -> Infallible<Int> {
    Infallible.create { observer in
        DispatchQueue.global().async {
            for value in values { observer(.next(value)) }
            observer(.completed)
        }
        return Disposables.create()
    }
}

extension AllTests {
    /// Infallible's operators forward the caller's isolation to the Observable ones.
    @Suite struct InfallibleIsolationTests {
        @Test func mainActorInfallibleScanClosureCalledOffTheMainActorStopsTheProcess() async {
            await #expect(processExitsWith: .failure) {
                let done = DispatchSemaphore(value: 0)
                let scanned = await MainActor.run { infallibleInTheBackground([1]).scan(0) { $0 + $1 } }
                let subscription = scanned.subscribe(onNext: { _ in done.signal() })
                _ = done.wait(timeout: .now() + 5)
                subscription.dispose()
            }
        }

        @Test func nonisolatedInfallibleClosuresRunOnAnyThread() {
            let done = DispatchSemaphore(value: 0)
            let sums = LockedBox<[Int]>([])
            let subscription = infallibleInTheBackground([1, 2, 3])
                .scan(0) { $0 + $1 }
                .compactMap { $0 > 1 ? $0 : nil }
                .flatMap { Infallible.just($0) }
                .subscribe(onNext: { value in sums.mutate { $0.append(value) } }, onCompleted: { done.signal() })
            #expect(done.wait(timeout: .now() + 5) == .success)
            #expect(sums.value == [3, 6])
            subscription.dispose()
        }
    }
}
