import Foundation
import Rill

/// Measures how many Rill resources a piece of test code leaves alive, one piece at
/// a time across the whole test process.
///
/// `Resources.total` (debug builds) counts live observables and subscription sinks
/// process-wide, so two tests running in parallel disturb each other's counts. Swift
/// Testing runs suites in parallel, including suites of different test targets in the
/// same process; `LeakCheck.measure` serialises every body given to it, process-wide,
/// without blocking a thread, and reports the difference in the count once the body's
/// work on other threads has had time to release what it held (up to `settle` seconds).
///
/// ```swift
/// // A Swift Testing trait or an XCTest tearDown can wrap each test:
/// let leaked = try await LeakCheck.measure { try await runTheTest() }
/// #expect(leaked == 0)
/// ```
public enum LeakCheck {
    /// Runs `body` exclusively and returns the number of Rill resources it left alive
    /// (0 in release builds, where nothing is counted).
    public static func measure(
        settle: TimeInterval = 2, _ body: () async throws -> Void
    ) async rethrows -> Int {
        await gate.acquire()
        defer { Task { await gate.release() } }
        let before = Resources.total
        try await body()
        let deadline = Date().addingTimeInterval(settle)
        while Resources.total != before && Date() < deadline {
            try? await Task.sleep(nanoseconds: 5_000_000)
        }
        return Int(Resources.total) - Int(before)
    }

    private static let gate = Gate()

    /// A FIFO mutex for async code: waiting suspends instead of blocking a thread.
    private actor Gate {
        private var isHeld = false
        private var waiting: [CheckedContinuation<Void, Never>] = []

        func acquire() async {
            guard isHeld else {
                isHeld = true
                return
            }
            await withCheckedContinuation { waiting.append($0) }
        }

        func release() {
            if waiting.isEmpty {
                isHeld = false
            } else {
                waiting.removeFirst().resume()
            }
        }
    }
}
