import Foundation
import Testing
import Rill
import RillTest

/// The root of every suite in this target. Suites are declared inside it
/// (`extension AllTests { @Suite struct MapTests { ... } }`) so that they run one
/// at a time and each test can check the process-wide resource count.
@Suite(.serialized, .checksLeaks)
enum AllTests {}

/// Checks that a test leaves `Resources.total` where it found it: everything the
/// test built was released. `LeakCheck` serialises the measured tests across every
/// test target in the process and waits up to two seconds for work on other threads
/// to finish releasing before it reports a leak.
struct LeakCheckTrait: SuiteTrait, TestTrait, TestScoping {
    var isRecursive: Bool { true }

    func provideScope(
        for test: Test, testCase: Test.Case?,
        performing function: @Sendable () async throws -> Void
    ) async throws {
        guard testCase != nil else { return try await function() }
        let leaked = try await LeakCheck.measure { try await function() }
        #expect(leaked == 0, "leaked \(leaked) Rill resources")
    }
}

extension Trait where Self == LeakCheckTrait {
    /// Checks that each test releases every Rill resource it created.
    static var checksLeaks: LeakCheckTrait { LeakCheckTrait() }
}
