import Foundation
import Rill

/// A counter that tests can bump from any thread.
final class LockedCounter: @unchecked Sendable {
    // Sendable: `count` is touched only while holding `lock`.
    private let lock = NSLock()
    private var count = 0

    var value: Int {
        lock.lock()
        defer { lock.unlock() }
        return count
    }

    func increment() {
        lock.lock()
        count += 1
        lock.unlock()
    }
}

/// A list of strings that tests can append to from any thread.
final class LockedLog: @unchecked Sendable {
    // Sendable: `storage` is touched only while holding `lock`.
    private let lock = NSLock()
    private var storage: [String] = []

    var entries: [String] {
        lock.lock()
        defer { lock.unlock() }
        return storage
    }

    func append(_ entry: String) {
        lock.lock()
        storage.append(entry)
        lock.unlock()
    }
}

/// An observable that emits `elements` and then `end` from a background queue,
/// and counts how often it was disposed.
func emittingOnAnotherThread<Element: Sendable>(
    _ elements: [Element], then end: Event<Element> = .completed, disposals: LockedCounter = LockedCounter()
) -> Observable<Element> {
    Observable.create { observer in
        DispatchQueue.global().async {
            for element in elements { observer.onNext(element) }
            observer.on(end)
        }
        return Disposables.create { disposals.increment() }
    }
}

/// An observable that counts 1, 2, 3, ... on a background thread until it is
/// disposed; it counts its disposals and signals `stopped` when its loop ends.
func countingOnAnotherThreadUntilDisposed(
    disposals: LockedCounter, stopped: DispatchSemaphore = DispatchSemaphore(value: 0)
) -> Observable<Int> {
    Observable.create { observer in
        let stop = BooleanDisposable()
        DispatchQueue.global().async {
            var next = 1
            while !stop.isDisposed {
                observer.onNext(next)
                next += 1
            }
            stopped.signal()
        }
        return Disposables.create {
            stop.dispose()
            disposals.increment()
        }
    }
}

/// The natural numbers 1, 2, 3, ..., counting in `pulls` each element pulled after
/// the first.
func naturals(countingPullsIn pulls: LockedCounter) -> UnfoldFirstSequence<Int> {
    sequence(first: 1) { previous in
        pulls.increment()
        return previous + 1
    }
}

/// Whether `error` is `RxError.timeout`.
func isTimeout(_ error: any Error) -> Bool {
    if case RxError.timeout = error { return true }
    return false
}
