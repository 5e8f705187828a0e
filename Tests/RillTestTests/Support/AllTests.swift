import Testing
import Rill
import RillTest

/// The root of every suite in RillTestTests. Suites are declared inside it
/// (`extension AllTests { @Suite struct TestSchedulerTests { ... } }`) so they run
/// one at a time and each test can check the process-wide resource count.
@Suite(.serialized, .releasesRillResources)
enum AllTests {}

/// Checks that a test leaves `Resources.total` where it found it.
///
/// `LeakCheck` serialises the measured tests with those of the other test targets
/// in the process, whose suites would otherwise run in parallel with these.
struct ReleasesRillResources: SuiteTrait, TestTrait, TestScoping {
    var isRecursive: Bool { true }

    func provideScope(
        for test: Test, testCase: Test.Case?,
        performing function: @Sendable () async throws -> Void
    ) async throws {
        guard testCase != nil else { return try await function() }
        let leaked = try await LeakCheck.measure { try await function() }
        #expect(leaked == 0, "\(test.name) left \(leaked) Rill resources alive")
    }
}

extension Trait where Self == ReleasesRillResources {
    /// Checks that each test releases every Rill resource it created.
    static var releasesRillResources: ReleasesRillResources { ReleasesRillResources() }
}

/// Errors the tests send through sequences.
enum DemoError: Error, Equatable {
    case boom
    case timeout
}
