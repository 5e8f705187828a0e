/// The error that `#` stands for in a marble diagram when no other error is given.
///
/// ```swift
/// let events = try Marble.events("-a#", values: ["a": 1])   // [.next(10, 1), .error(20, MarbleError())]
/// ```
public struct MarbleError: Swift.Error, Equatable, Sendable, CustomStringConvertible {
    /// Creates the error.
    public init() {}

    /// `marble error (#)`.
    public var description: String { "marble error (#)" }
}

/// A malformed marble diagram: a mistake in the test, reported with the place
/// and the reason.
///
/// Every marble function throws it instead of guessing, so the test fails with
/// a message such as:
///
/// ```
/// Malformed marble diagram: no value for 'c' (values has: a, b)
///   --a--c--|
///        ^
/// ```
public struct MarbleSyntaxError: Swift.Error, Equatable, Sendable, CustomStringConvertible {
    /// The diagram as written.
    public let diagram: String
    /// The offset, in characters, of the offending symbol.
    public let offset: Int
    /// What is wrong.
    public let reason: String

    /// Describes a mistake at `offset` in `diagram`.
    public init(diagram: String, offset: Int, reason: String) {
        self.diagram = diagram
        self.offset = offset
        self.reason = reason
    }

    /// The reason, then the diagram with a caret under the offending symbol.
    public var description: String {
        """
        Malformed marble diagram: \(reason)
          \(diagram)
          \(String(repeating: " ", count: offset))^
        """
    }
}

/// Thrown by `Marble.assertEqual` when the recorded events differ from the
/// expected ones; its description shows both as marble diagrams, one above the
/// other, followed by the first difference and both event lists.
public struct MarbleMismatch: Swift.Error, Sendable, CustomStringConvertible {
    /// The comparison's report.
    public let description: String
}
