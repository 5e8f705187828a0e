import Foundation

/// State guarded by a lock, for RillTest's own bookkeeping (recorded events,
/// subscriptions, observer lists). Only reachable through `withLock`.
///
/// `NSLock` rather than Rill's internal lock, which this module cannot see; on
/// Linux it is a pthread mutex, which ThreadSanitizer understands.
final class TestLock<State>: @unchecked Sendable {
    // Sendable: `state` is touched only inside `withLock`, while `lock` is held.
    private let lock = NSLock()
    private var state: State

    init(_ state: State) {
        self.state = state
    }

    /// Runs `body` with exclusive access to the state. `body` must not call out:
    /// no event delivery, no user code.
    func withLock<Result>(_ body: (inout State) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&state)
    }
}
