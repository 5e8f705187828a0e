import Foundation
import Rill

/// Measures how many Rill resources a piece of test code leaves alive, one piece at
/// a time across the whole test process.
///
/// `Resources.total` (debug builds) counts live observables, sinks and `DisposeBase`s
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
        try await exclusively {
            try await count(settle: settle, body)
        }
    }

    private static func count(settle: TimeInterval, _ body: () async throws -> Void) async rethrows -> Int {
        let before = Resources.total
        try await body()
        let deadline = Date().addingTimeInterval(settle)
        while Resources.total != before && Date() < deadline {
            try? await Task.sleep(nanoseconds: 5_000_000)
        }
        return Int(Resources.total) - Int(before)
    }

    /// Runs `body` exclusively, with subscription tracking on, and reports what it left
    /// alive: the count of Rill resources (as `measure` does) and the subscriptions made
    /// inside `body` that are still running, with their call sites and chains.
    ///
    /// Tracking (`Resources.isTrackingSubscriptions`) is turned on for the body and set
    /// back afterwards, so only subscriptions made during the body are listed. The
    /// report's `description` is a failure message ready to print:
    ///
    /// ```swift
    /// let report = try await LeakCheck.check { try await runTheTest() }
    /// #expect(report.isClean, "\(report)")
    /// // leaked 3 Rill resources; 1 subscription made during the check is still running:
    /// //   1 × AppTests/SearchTests.swift:31 (oldest 12 ms)
    /// //       BehaviorSubject<String> → debounce → subscribe
    /// ```
    ///
    /// - Parameters:
    ///   - settle: How long to wait, at most, for work on other threads to release
    ///     what it held before counting.
    ///   - body: The code to check.
    /// - Returns: The resources and subscriptions `body` left alive.
    public static func check(
        settle: TimeInterval = 2, _ body: () async throws -> Void
    ) async rethrows -> Report {
        try await exclusively {
            try await report(settle: settle, body)
        }
    }

    private static func report(settle: TimeInterval, _ body: () async throws -> Void) async rethrows -> Report {
        let wasTracking = Resources.isTrackingSubscriptions
        Resources.isTrackingSubscriptions = true
        defer { Resources.isTrackingSubscriptions = wasTracking }
        let existing = Set(Resources.liveSubscriptions.map(\.id))
        let before = Resources.total
        try await body()
        let deadline = Date().addingTimeInterval(settle)
        while Resources.total != before && Date() < deadline {
            try? await Task.sleep(nanoseconds: 5_000_000)
        }
        let leaked = Resources.liveSubscriptions.filter { !existing.contains($0.id) }
        return Report(leakedResources: Int(Resources.total) - Int(before), leakedSubscriptions: leaked)
    }

    /// What `check` found: the resources and the running subscriptions a piece of test
    /// code left behind.
    public struct Report: Sendable, CustomStringConvertible {
        /// The change in `Resources.total` (debug builds; 0 in release builds).
        public let leakedResources: Int
        /// The subscriptions made during the check that are still running, oldest first.
        public let leakedSubscriptions: [LiveSubscription]

        /// Whether nothing was left behind.
        public var isClean: Bool { leakedResources == 0 && leakedSubscriptions.isEmpty }

        /// The failure message: the count, then the running subscriptions grouped by
        /// call site with their chains (`Resources.liveSubscriptionsReport()`'s format).
        public var description: String {
            if isClean { return "no Rill resources or subscriptions leaked" }
            let resources = leakedResources == 1 ? "1 Rill resource" : "\(leakedResources) Rill resources"
            guard !leakedSubscriptions.isEmpty else {
                return "leaked \(resources); no subscription made during the check is still running"
                    + " (look for observables or subjects kept alive)"
            }
            let count = leakedSubscriptions.count
            let subscriptions = count == 1
                ? "1 subscription made during the check is still running"
                : "\(count) subscriptions made during the check are still running"
            let report = LiveSubscription.report(leakedSubscriptions, trackingIsOn: true)
            let details = report.split(separator: "\n", omittingEmptySubsequences: false).dropFirst().joined(separator: "\n")
            return "leaked \(resources); \(subscriptions):\n\(details)"
        }
    }

    private static let gate = Gate()

    /// Whether this task already holds the gate: a check nested in another (a test that
    /// calls `check` inside a suite whose trait measures every test) runs at once.
    @TaskLocal private static var holdsGate = false

    private static func exclusively<Result>(_ body: () async throws -> Result) async rethrows -> Result {
        if holdsGate { return try await body() }
        await gate.acquire()
        defer { Task { await gate.release() } }
        return try await $holdsGate.withValue(true) { try await body() }
    }

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
