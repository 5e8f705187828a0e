import Rill

/// Marble diagrams: recorded events written as a line of symbols, one symbol
/// per frame of virtual time. A Rill extra on top of RxTest's vocabulary.
///
/// ```swift
/// let xs = try scheduler.createHotObservable("--a-^-b--c--|", values: ["a": 1, "b": 2, "c": 3])
/// let observer = scheduler.start { xs.map { $0 * 10 } }
/// try Marble.assertEqual(observer.events, "^-x--y--|", values: ["x": 20, "y": 30])
/// ```
///
/// The symbols:
///
/// | symbol | meaning |
/// | --- | --- |
/// | `-` | one frame (10 ticks unless `frame:` says otherwise) passes |
/// | any other character | an element: `values[symbol]`, or the symbol read as the element (for `LosslessStringConvertible` elements) |
/// | `|` | completion |
/// | `#` | the error given as `error:` (by default `MarbleError()`) |
/// | `(ab)` | a group: everything inside happens in one frame, in order; the group takes one frame |
/// | `^` | the subscription point: it takes no time and stands at `subscribed:` (200, `start`'s default); without it the first frame is time 0 |
/// | space | ignored, to line diagrams up |
///
/// So with the defaults `"--a-^-b(c|)"` is `a` at 180, `b` at 210, and `c` and
/// completion at 220. Differences from RxJS marbles: a group is one frame wide
/// (in RxJS each of its characters is), and `^` takes no time, so an event at
/// the subscription time is written right after it (`"^(a|)"`).
///
/// A malformed diagram is a mistake in the test: the functions throw a
/// `MarbleSyntaxError` naming the column and the reason, and a test that throws
/// fails (in Swift Testing and in XCTest).
///
/// To check results, `Marble.assertEqual` throws a `MarbleMismatch` that draws
/// the expected and the actual diagram one above the other (it works in Swift
/// Testing and in throwing XCTest methods alike); `Marble.compare` returns the
/// comparison for `#expect(comparison.matches, "\(comparison)")`.
public enum Marble {
    /// The default length of a frame, in ticks: 10.
    public static let defaultFrame: TestTime = 10

    /// The recorded events that `diagram` describes, with elements looked up in
    /// `values`.
    ///
    /// ```swift
    /// try Marble.events("-a-(bc)|", values: ["a": 1, "b": 2, "c": 3])
    /// // [.next(10, 1), .next(30, 2), .next(30, 3), .completed(40)]
    /// ```
    ///
    /// - Parameters:
    ///   - diagram: The marble diagram.
    ///   - values: The element each symbol stands for.
    ///   - error: The error `#` stands for.
    ///   - frame: Ticks per frame.
    ///   - subscribed: The time of the `^` subscription point, if the diagram has one.
    /// - Throws: `MarbleSyntaxError` if the diagram is malformed.
    public static func events<Element>(
        _ diagram: String, values: [Character: Element], error: any Swift.Error = MarbleError(),
        frame: TestTime = defaultFrame, subscribed: TestTime = TestScheduler.Defaults.subscribed
    ) throws -> [Recorded<Event<Element>>] {
        try parse(diagram, values: values, error: error, frame: frame, subscribed: subscribed).events
    }

    /// The recorded events that `diagram` describes, each element symbol read as
    /// the element itself: `"-1-2|"` as `Int`s, `"-a-b|"` as `String`s.
    ///
    /// ```swift
    /// let events: [Recorded<Event<Int>>] = try Marble.events("-1-2|")   // [.next(10, 1), .next(30, 2), .completed(40)]
    /// ```
    ///
    /// - Throws: `MarbleSyntaxError` if the diagram is malformed or a symbol is
    ///   not a valid `Element`.
    public static func events<Element: LosslessStringConvertible>(
        _ diagram: String, error: any Swift.Error = MarbleError(),
        frame: TestTime = defaultFrame, subscribed: TestTime = TestScheduler.Defaults.subscribed
    ) throws -> [Recorded<Event<Element>>] {
        try parse(diagram, error: error, frame: frame, subscribed: subscribed).events
    }

    /// Draws `events` as a marble diagram: the inverse of `events(_:values:)` for
    /// events on frame boundaries.
    ///
    /// Elements found among `values` get their symbol; others their description
    /// if it is one character, or else a spare letter. An event between frame
    /// boundaries is drawn in the frame it falls in.
    ///
    /// ```swift
    /// Marble.diagram([.next(210, 1), .completed(250)], values: ["a": 1])   // "^-a---|"
    /// ```
    ///
    /// - Parameters:
    ///   - events: The recorded events to draw, as a ``TestableObserver`` or a
    ///     ``TestableObservable`` holds them.
    ///   - values: The symbols to draw elements with, keyed by symbol.
    ///   - frame: The ticks one symbol stands for (10 by default).
    ///   - subscribed: The time to draw as `^`; `nil` draws from time 0 without one.
    /// - Returns: The diagram, one symbol per frame.
    public static func diagram<Element>(
        _ events: [Recorded<Event<Element>>], values: [Character: Element] = [:],
        frame: TestTime = defaultFrame, subscribed: TestTime? = TestScheduler.Defaults.subscribed
    ) -> String {
        let renderer = MarbleRenderer(frame: frame, subscribed: subscribed, values: values, events: [events])
        return renderer.line(events, from: renderer.firstFrame(of: events))
    }

    static func parse<Element>(
        _ diagram: String, values: [Character: Element], error: any Swift.Error,
        frame: TestTime, subscribed: TestTime, allowsSubscriptionPoint: Bool = true
    ) throws -> MarbleParser<Element>.Result {
        let known = values.keys.sorted().map(String.init).joined(separator: ", ")
        return try MarbleParser(
            diagram: diagram, value: { values[$0] }, knownSymbols: known, error: error,
            frame: frame, subscribed: subscribed, allowsSubscriptionPoint: allowsSubscriptionPoint
        ).parse()
    }

    static func parse<Element: LosslessStringConvertible>(
        _ diagram: String, error: any Swift.Error,
        frame: TestTime, subscribed: TestTime, allowsSubscriptionPoint: Bool = true
    ) throws -> MarbleParser<Element>.Result {
        try MarbleParser(
            diagram: diagram, value: { Element(String($0)) }, knownSymbols: nil, error: error,
            frame: frame, subscribed: subscribed, allowsSubscriptionPoint: allowsSubscriptionPoint
        ).parse()
    }
}
