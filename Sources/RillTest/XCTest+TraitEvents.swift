#if canImport(XCTest)
import XCTest
import Rill

// XCTAssertEqual for arrays of the traits' events, as RxTest has. `SingleEvent` is
// `Result<Element, any Error>`, which cannot be `Equatable` (its error type is not),
// so XCTest's own generic assertion cannot compare arrays of it; these overloads
// compare elements with `==` and errors by RillTest's rule (see `Event`'s equality:
// same dynamic type, then `==` or equal `String(reflecting:)`).

/// Asserts that two arrays of `Single` outcomes are equal, element by element.
///
/// On failure the message lists both arrays and the first index where they differ.
///
/// ```swift
/// XCTAssertEqual(events, [.success(1)])
/// ```
///
/// - Parameters:
///   - lhs: The outcomes recorded.
///   - rhs: The outcomes expected.
///   - file: The file reported on failure (the caller's, by default).
///   - line: The line reported on failure (the caller's, by default).
public func XCTAssertEqual<Element: Equatable>(
    _ lhs: [SingleEvent<Element>], _ rhs: [SingleEvent<Element>],
    file: StaticString = #filePath, line: UInt = #line
) {
    assertEqualEvents(lhs, rhs, by: singleEventsAreEqual, file: file, line: line)
}

/// Asserts that two arrays of `Maybe` outcomes are equal, element by element.
///
/// On failure the message lists both arrays and the first index where they differ.
///
/// - Parameters:
///   - lhs: The outcomes recorded.
///   - rhs: The outcomes expected.
///   - file: The file reported on failure (the caller's, by default).
///   - line: The line reported on failure (the caller's, by default).
public func XCTAssertEqual<Element: Equatable>(
    _ lhs: [MaybeEvent<Element>], _ rhs: [MaybeEvent<Element>],
    file: StaticString = #filePath, line: UInt = #line
) {
    assertEqualEvents(lhs, rhs, by: { $0 == $1 }, file: file, line: line)
}

/// Asserts that two arrays of `Completable` outcomes are equal, element by element.
///
/// On failure the message lists both arrays and the first index where they differ.
///
/// - Parameters:
///   - lhs: The outcomes recorded.
///   - rhs: The outcomes expected.
///   - file: The file reported on failure (the caller's, by default).
///   - line: The line reported on failure (the caller's, by default).
public func XCTAssertEqual(
    _ lhs: [CompletableEvent], _ rhs: [CompletableEvent],
    file: StaticString = #filePath, line: UInt = #line
) {
    assertEqualEvents(lhs, rhs, by: { $0 == $1 }, file: file, line: line)
}

/// Asserts that two arrays of recorded `Single` outcomes are equal: same times,
/// equal outcomes.
///
/// - Parameters:
///   - lhs: The recordings made.
///   - rhs: The recordings expected.
///   - file: The file reported on failure (the caller's, by default).
///   - line: The line reported on failure (the caller's, by default).
public func XCTAssertEqual<Element: Equatable>(
    _ lhs: [Recorded<SingleEvent<Element>>], _ rhs: [Recorded<SingleEvent<Element>>],
    file: StaticString = #filePath, line: UInt = #line
) {
    assertEqualEvents(lhs, rhs, by: { $0.time == $1.time && singleEventsAreEqual($0.value, $1.value) }, file: file, line: line)
}

/// Whether two `Single` outcomes are equal: equal elements, or errors equal by
/// RillTest's rule.
func singleEventsAreEqual<Element: Equatable>(_ lhs: SingleEvent<Element>, _ rhs: SingleEvent<Element>) -> Bool {
    switch (lhs, rhs) {
    case let (.success(left), .success(right)): left == right
    case let (.failure(left), .failure(right)): errorsAreEqual(left, right)
    default: false
    }
}

private func assertEqualEvents<Value>(
    _ lhs: [Value], _ rhs: [Value], by equal: (Value, Value) -> Bool, file: StaticString, line: UInt
) {
    if lhs.count == rhs.count && zip(lhs, rhs).allSatisfy(equal) { return }
    let common = min(lhs.count, rhs.count)
    let firstDifference = (0..<common).first { !equal(lhs[$0], rhs[$0]) } ?? common
    XCTFail(
        "XCTAssertEqual failed: (\(lhs)) is not equal to (\(rhs)); first difference at index \(firstDifference)",
        file: file, line: line
    )
}
#endif
