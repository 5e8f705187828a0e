import Rill

/// Recorded events compared with expected ones, with a report that draws both
/// as marble diagrams, one above the other, so a difference in time shows as a
/// difference in column.
///
/// ```swift
/// let comparison = try Marble.compare(observer.events, "^-a--b--|", values: ["a": 1, "b": 2])
/// #expect(comparison.matches, "\(comparison)")
/// ```
///
/// On a mismatch the description reads:
///
/// ```
/// Marble diagrams differ:
///   expected: ^-a--b--|
///   actual:   ^-a-----b|
///   first difference (event 2): expected next(2) @ 240, actual next(2) @ 270
///   expected events: [next(1) @ 210, next(2) @ 240, completed @ 270]
///   actual events:   [next(1) @ 210, next(2) @ 270, completed @ 280]
/// ```
public struct MarbleComparison<Element: Equatable>: CustomStringConvertible {
    /// The events the test expected.
    public let expected: [Recorded<Event<Element>>]
    /// The events recorded.
    public let actual: [Recorded<Event<Element>>]
    /// `expected` drawn as a marble diagram, lined up with `actualDiagram`.
    public let expectedDiagram: String
    /// `actual` drawn as a marble diagram, lined up with `expectedDiagram`.
    public let actualDiagram: String
    private let legend: String

    init(
        actual: [Recorded<Event<Element>>], expected: [Recorded<Event<Element>>],
        values: [Character: Element], frame: TestTime, subscribed: TestTime?
    ) {
        self.actual = actual
        self.expected = expected
        let renderer = MarbleRenderer(frame: frame, subscribed: subscribed, values: values, events: [expected, actual])
        let first = min(renderer.firstFrame(of: expected), renderer.firstFrame(of: actual))
        expectedDiagram = renderer.line(expected, from: first)
        actualDiagram = renderer.line(actual, from: first)
        legend = renderer.legend.map { "\($0.symbol) = \($0.meaning)" }.joined(separator: ", ")
    }

    /// Whether the recorded events equal the expected ones, times included
    /// (errors compare by RillTest's rule; see `Event`'s `==`).
    public var matches: Bool {
        actual == expected
    }

    /// Both diagrams; on a mismatch also the first difference and both event lists.
    public var description: String {
        var lines = [
            matches ? "Marble diagrams match:" : "Marble diagrams differ:",
            "  expected: \(expectedDiagram)",
            "  actual:   \(actualDiagram)",
        ]
        if !legend.isEmpty { lines.append("  where \(legend)") }
        if !matches {
            lines.append("  first difference \(firstDifference)")
            lines.append("  expected events: \(expected)")
            lines.append("  actual events:   \(actual)")
        }
        return lines.joined(separator: "\n")
    }

    private var firstDifference: String {
        let common = min(expected.count, actual.count)
        let index = (0..<common).first { expected[$0] != actual[$0] } ?? common
        let wanted = index < expected.count ? "\(expected[index])" : "nothing more"
        let got = index < actual.count ? "\(actual[index])" : "nothing more"
        return "(event \(index + 1)): expected \(wanted), actual \(got)"
    }
}

extension Marble {
    /// Compares recorded events with expected ones.
    ///
    /// - Parameters:
    ///   - actual: The recorded events, usually `observer.events`.
    ///   - expected: The expected events.
    ///   - values: Symbols to draw elements with.
    ///   - frame: Ticks per frame in the drawings.
    ///   - subscribed: The time drawn as `^`; `nil` draws from time 0 without one.
    public static func compare<Element: Equatable>(
        _ actual: [Recorded<Event<Element>>], _ expected: [Recorded<Event<Element>>],
        values: [Character: Element] = [:], frame: TestTime = defaultFrame,
        subscribed: TestTime? = TestScheduler.Defaults.subscribed
    ) -> MarbleComparison<Element> {
        MarbleComparison(actual: actual, expected: expected, values: values, frame: frame, subscribed: subscribed)
    }

    /// Compares recorded events with the events a marble diagram describes;
    /// see `events(_:values:error:frame:subscribed:)` for the parameters.
    ///
    /// ```swift
    /// let comparison = try Marble.compare(observer.events, "^-a--|", values: ["a": 1])
    /// #expect(comparison.matches, "\(comparison)")
    /// ```
    ///
    /// - Throws: `MarbleSyntaxError` if `expected` is malformed.
    public static func compare<Element: Equatable>(
        _ actual: [Recorded<Event<Element>>], _ expected: String, values: [Character: Element],
        error: any Swift.Error = MarbleError(), frame: TestTime = defaultFrame,
        subscribed: TestTime = TestScheduler.Defaults.subscribed
    ) throws -> MarbleComparison<Element> {
        let parsed = try parse(expected, values: values, error: error, frame: frame, subscribed: subscribed)
        return compare(actual, parsed, values: values, frame: frame, subscribed: subscribed)
    }

    /// Compares recorded events with the events a marble diagram describes, each
    /// element symbol read as the element itself (`"^-1--2--|"`).
    ///
    /// - Throws: `MarbleSyntaxError` if `expected` is malformed.
    public static func compare<Element: Equatable & LosslessStringConvertible>(
        _ actual: [Recorded<Event<Element>>], _ expected: String,
        error: any Swift.Error = MarbleError(), frame: TestTime = defaultFrame,
        subscribed: TestTime = TestScheduler.Defaults.subscribed
    ) throws -> MarbleComparison<Element> {
        let parsed: MarbleParser<Element>.Result = try parse(expected, error: error, frame: frame, subscribed: subscribed)
        return compare(actual, parsed, values: [:], frame: frame, subscribed: subscribed)
    }

    /// Throws unless the recorded events equal those the marble diagram
    /// describes: an assertion for Swift Testing and XCTest alike (a test that
    /// throws fails, showing the error's description).
    ///
    /// ```swift
    /// try Marble.assertEqual(observer.events, "^-a--b--|", values: ["a": 1, "b": 2])
    /// ```
    ///
    /// - Throws: `MarbleMismatch`, whose description draws both diagrams, or
    ///   `MarbleSyntaxError` if `expected` is malformed.
    public static func assertEqual<Element: Equatable>(
        _ actual: [Recorded<Event<Element>>], _ expected: String, values: [Character: Element],
        error: any Swift.Error = MarbleError(), frame: TestTime = defaultFrame,
        subscribed: TestTime = TestScheduler.Defaults.subscribed
    ) throws {
        try require(compare(actual, expected, values: values, error: error, frame: frame, subscribed: subscribed))
    }

    /// Throws unless the recorded events equal those the marble diagram
    /// describes, each element symbol read as the element itself.
    ///
    /// ```swift
    /// try Marble.assertEqual(observer.events, "^-1--2--|")
    /// ```
    ///
    /// - Throws: `MarbleMismatch` or `MarbleSyntaxError`.
    public static func assertEqual<Element: Equatable & LosslessStringConvertible>(
        _ actual: [Recorded<Event<Element>>], _ expected: String,
        error: any Swift.Error = MarbleError(), frame: TestTime = defaultFrame,
        subscribed: TestTime = TestScheduler.Defaults.subscribed
    ) throws {
        try require(compare(actual, expected, error: error, frame: frame, subscribed: subscribed))
    }

    /// Draws against the subscription point only if the diagram marked one.
    private static func compare<Element: Equatable>(
        _ actual: [Recorded<Event<Element>>], _ parsed: MarbleParser<Element>.Result,
        values: [Character: Element], frame: TestTime, subscribed: TestTime
    ) -> MarbleComparison<Element> {
        MarbleComparison(
            actual: actual, expected: parsed.events, values: values, frame: frame,
            subscribed: parsed.hasSubscriptionPoint ? subscribed : nil
        )
    }

    private static func require<Element>(_ comparison: MarbleComparison<Element>) throws {
        guard comparison.matches else { throw MarbleMismatch(description: comparison.description) }
    }
}
