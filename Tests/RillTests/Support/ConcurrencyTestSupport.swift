import Foundation
import Rill

/// A source that emits 1 and never ends, and records when its subscription is
/// disposed.
final class DisposalProbe: Sendable {
    private let disposed = LockedBox(false)

    var endless: Observable<Int> {
        let disposed = self.disposed
        return Observable.create { observer in
            observer.onNext(1)
            return Disposables.create { disposed.mutate { $0 = true } }
        }
    }

    /// Waits (bounded) until the subscription was disposed; true if it was.
    func waitForDisposal() async -> Bool {
        await eventually { disposed.value }
    }
}

/// Polls `condition` with short suspensions, up to ten seconds; true once it holds.
/// It runs on the caller's actor, so it may read that actor's state.
func eventually(isolation: isolated (any Actor)? = #isolation, _ condition: () -> Bool) async -> Bool {
    for _ in 0..<2_000 {
        if condition() { return true }
        try? await Task.sleep(nanoseconds: 5_000_000)
    }
    return condition()
}
