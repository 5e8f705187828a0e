/// A value together with the virtual time at which it happened: what
/// `TestableObserver` records and what test observables replay.
///
/// ```swift
/// let expected: [Recorded<Event<Int>>] = [.next(210, 1), .completed(300)]
/// #expect(observer.events == expected)
/// ```
///
/// XCTest users write `XCTAssertEqual(observer.events, expected)`: recorded
/// events are `Equatable`, so XCTest's own assertion applies; for the traits'
/// outcomes (`SingleEvent`, which cannot be `Equatable`, `MaybeEvent`,
/// `CompletableEvent`) RillTest adds `XCTAssertEqual` overloads where XCTest is
/// available. `try Marble.assertEqual(...)` works in both frameworks.
public struct Recorded<Value>: CustomDebugStringConvertible {
    /// The virtual time of the value.
    public let time: TestTime
    /// The recorded value, usually an `Event`.
    public let value: Value

    /// Records `value` at `time`.
    public init(time: TestTime, value: Value) {
        self.time = time
        self.value = value
    }

    /// `value @ time`, for example `next(1) @ 210`.
    public var debugDescription: String {
        "\(value) @ \(time)"
    }
}

/// Two recordings are equal when their times and values are equal; for events
/// see `Event`'s equality in RillTest (errors compare by type and value).
extension Recorded: Equatable where Value: Equatable {}

extension Recorded: Sendable where Value: Sendable {}
