import Foundation
import Testing
import XCTest
import Rill
import RillTest

private enum OutcomeError: Error, Equatable {
    case first
    case second
}

extension AllTests {
    /// `MaybeEvent` and `CompletableEvent` equality, and the XCTest assertions over
    /// the traits' outcomes (`SingleEvent` arrays included).
    @Suite struct TraitEventEqualityTests {
        @Test func maybeEventsAreEqualWhenTheCaseAndContentsAre() {
            #expect(MaybeEvent.success(1) == .success(1))
            #expect(MaybeEvent.success(1) != .success(2))
            #expect(MaybeEvent<Int>.completed == .completed)
            #expect(MaybeEvent<Int>.error(OutcomeError.first) == .error(OutcomeError.first))
            #expect(MaybeEvent<Int>.error(OutcomeError.first) != .error(OutcomeError.second))
            #expect(MaybeEvent<Int>.completed != .success(1))
            #expect(MaybeEvent<Int>.completed != .error(OutcomeError.first))
        }

        @Test func completableEventsAreEqualWhenTheCaseAndErrorAre() {
            #expect(CompletableEvent.completed == .completed)
            #expect(CompletableEvent.error(OutcomeError.first) == .error(OutcomeError.first))
            #expect(CompletableEvent.error(OutcomeError.first) != .error(OutcomeError.second))
            #expect(CompletableEvent.completed != .error(OutcomeError.first))
        }

        @Test func xctestAssertionsAcceptEqualOutcomeArrays() {
            // Each overload is the one chosen here: `SingleEvent` has no `Equatable`,
            // so this line compiles only through RillTest's overload.
            XCTAssertEqual([SingleEvent<Int>.success(1), .failure(OutcomeError.first)], [.success(1), .failure(OutcomeError.first)])
            XCTAssertEqual([MaybeEvent<Int>.success(1), .completed, .error(OutcomeError.second)], [.success(1), .completed, .error(OutcomeError.second)])
            XCTAssertEqual([CompletableEvent.completed, .error(OutcomeError.first)], [.completed, .error(OutcomeError.first)])
            XCTAssertEqual(
                [Recorded(time: 210, value: SingleEvent<Int>.success(3))],
                [Recorded(time: 210, value: SingleEvent<Int>.success(3))]
            )
        }

        @Test func aTraitSubscriptionsOutcomesCompareWithTheAssertion() {
            var events: [SingleEvent<Int>] = []
            _ = Single.just(4).subscribe { events.append($0) }
            _ = Single<Int>.error(OutcomeError.second).subscribe { events.append($0) }
            XCTAssertEqual(events, [.success(4), .failure(OutcomeError.second)])
            var maybe: [MaybeEvent<Int>] = []
            _ = Maybe<Int>.empty().subscribe { maybe.append($0) }
            #expect(maybe == [.completed])
        }
    }
}

/// The failing side of the XCTest overloads: run as an XCTest case, where an
/// assertion failure is recorded (and expected) rather than fatal.
final class TraitEventAssertionFailureTests: XCTestCase {
    private var recorded: [String] = []

    #if os(Linux)
    override func recordFailure(withDescription description: String, inFile filePath: String, atLine lineNumber: Int, expected: Bool) {
        recorded.append(description)
    }
    #else
    override func record(_ issue: XCTIssue) {
        recorded.append(issue.compactDescription)
    }
    #endif

    func testDifferentSingleOutcomesFailTheAssertion() {
        XCTAssertEqual([SingleEvent<Int>.success(1)], [.success(2)])
        XCTAssertEqual([SingleEvent<Int>.failure(OutcomeError.first)], [.failure(OutcomeError.second)])
        XCTAssertEqual([MaybeEvent<Int>.completed], [.completed, .completed])
        XCTAssertEqual([CompletableEvent.completed], [.error(OutcomeError.first)])
        XCTAssertEqual([Recorded(time: 210, value: SingleEvent<Int>.success(1))], [Recorded(time: 211, value: SingleEvent<Int>.success(1))])
        let failures = recorded
        recorded = []
        XCTAssertEqual(failures.count, 5)
        XCTAssertTrue(failures.allSatisfy { $0.contains("is not equal to") })
        XCTAssertTrue(failures[2].contains("first difference at index 1"))
    }
}
