import Foundation
import Testing
import Rill
import RillCocoa
import RillTest

/// The root of every suite in this target, as in RillTests: suites run one at a time
/// and each test checks that Rill's resource count returns to where it started.
/// (Test targets cannot share sources, so the trait below repeats RillTests' one.)
@Suite(.serialized, .checksLeaks)
enum AllTests {}

/// Checks that a test leaves `Resources.total` where it found it.
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

/// The error the tests fail their sources with.
enum TestFailure: Error, Equatable {
    case boom
}

/// Runs `body` with every shared sequence built inside it delivering on a new
/// `TestScheduler`, and returns what `body` returns.
func withTestScheduler<Result>(_ body: (TestScheduler) throws -> Result) rethrows -> Result {
    let scheduler = TestScheduler(initialClock: 0)
    var result: Result?
    try SharingScheduler.mock(scheduler: scheduler) {
        result = try body(scheduler)
    }
    return result!
}

/// Collects what a shared sequence delivers as strings: an element as its
/// description, completion as `|`.
final class Collected<Element>: @unchecked Sendable {
    // Sendable: the tests append from one thread at a time (the main queue, or the
    // test's thread under a TestScheduler) and read after delivery is over.
    private(set) var values: [String] = []

    func append(_ element: Element) { values.append("\(element)") }
    func complete() { values.append("|") }
}
