import Foundation
import Testing
import Rill

/// A value several threads append to, for concurrency tests. Guarded by an
/// `NSLock` (pthread-based, which ThreadSanitizer understands).
final class SharedLog<Value>: @unchecked Sendable {
    // Sendable: `values` is only touched under `lock`.
    private let lock = NSLock()
    private var storage: [Value] = []

    func append(_ value: Value) {
        lock.lock()
        storage.append(value)
        lock.unlock()
    }

    var values: [Value] {
        lock.lock()
        defer { lock.unlock() }
        return storage
    }

    var count: Int { values.count }
}

/// The article's overlap detector: counts deliveries to one subscriber and how many
/// of them started while another delivery to it was still running.
final class OverlapDetector: @unchecked Sendable {
    // Sendable: the counters are only touched under `lock`.
    private let lock = NSLock()
    private var inFlight = 0
    private var deliveryCount = 0
    private var overlapCount = 0

    func deliver() {
        lock.lock()
        inFlight += 1
        if inFlight > 1 { overlapCount += 1 }
        lock.unlock()
        for _ in 0..<200 { _ = 0 }    // stand-in for real work, as in the article
        lock.lock()
        deliveryCount += 1
        inFlight -= 1
        lock.unlock()
    }

    var deliveries: Int {
        lock.lock()
        defer { lock.unlock() }
        return deliveryCount
    }

    var overlaps: Int {
        lock.lock()
        defer { lock.unlock() }
        return overlapCount
    }
}

/// Runs `body(index)` on `threads` threads at once and waits for all of them.
/// Returns false if they did not finish within `seconds` (a deadlock).
@discardableResult
func runOnThreads(_ threads: Int, seconds: Int = 60, _ body: @escaping @Sendable (Int) -> Void) -> Bool {
    let group = DispatchGroup()
    let start = DispatchSemaphore(value: 0)
    for index in 0..<threads {
        Thread.detachNewThread {
            group.enter()
            start.signal()
            body(index)
            group.leave()
        }
        start.wait()
    }
    return group.wait(timeout: .now() + .seconds(seconds)) == .success
}

/// Sends 2,000 elements from each of 8 threads into `send` and returns how many
/// deliveries reached `subscribe`'s subscriber and how many overlapped: the
/// article's `sendFromEightThreads`.
func sendFromEightThreads<Source: ObservableType>(
    _ source: Source, send: @escaping @Sendable (Int) -> Void
) -> (deliveries: Int, overlaps: Int) where Source.Element == Int {
    let detector = OverlapDetector()
    let subscription = source.subscribe(onNext: { _ in detector.deliver() })
    let finished = runOnThreads(8) { _ in
        for value in 0..<2_000 { send(value) }
    }
    #expect(finished, "the senders did not finish: deadlock")
    subscription.dispose()
    return (detector.deliveries, detector.overlaps)
}

/// Checks that `values` is a run of consecutive integers: what a subscriber of a
/// replaying subject must see when one thread emits 0, 1, 2, ... while it
/// subscribes (no element missing, repeated, early or out of order).
func isConsecutive(_ values: [Int]) -> Bool {
    zip(values, values.dropFirst()).allSatisfy { $1 == $0 + 1 }
}

/// Subscribes to `source`, emitting `0..<count` from another thread into `send`
/// while `subscribers` subscriptions come and go on the calling thread; returns
/// what each of those subscribers received, in order. The subscribers' closures
/// run one at a time (one emitting thread), so they need no lock of their own.
func subscribeWhileEmitting<Source: ObservableType>(
    _ source: Source, subscribers: Int, count: Int, send: @escaping @Sendable (Int) -> Void
) -> [[Int]] where Source.Element == Int {
    let logs = (0..<subscribers).map { _ in SharedLog<Int>() }
    let emitter = DispatchGroup()
    DispatchQueue.global().async(group: emitter) {
        for value in 0..<count { send(value) }
    }
    for log in logs {
        let subscription = source.subscribe(onNext: { log.append($0) })
        for _ in 0..<50 { _ = 0 }
        subscription.dispose()
    }
    #expect(emitter.wait(timeout: .now() + 60) == .success, "the emitter did not finish: deadlock")
    return logs.map(\.values)
}

/// Counts deinits of `Tracked` values, to see each released exactly once.
final class DeinitCounter {
    var value = 0
}

/// A value that counts its deinit.
final class Tracked {
    let deinits: DeinitCounter

    init(_ deinits: DeinitCounter) {
        self.deinits = deinits
    }

    deinit { deinits.value += 1 }
}
