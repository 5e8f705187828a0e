import Rill

extension TestScheduler {
    /// Creates a hot observable from a marble diagram: its events happen at
    /// absolute times, with `^` standing at `subscribed` (200, `start`'s default
    /// subscription time) and, without `^`, the first frame at time 0.
    ///
    /// ```swift
    /// let xs = try scheduler.createHotObservable("--a-^-b--|", values: ["a": 1, "b": 2], error: DemoError.boom)
    /// // [.next(180, 1), .next(210, 2), .completed(240)]
    /// ```
    ///
    /// See `Marble` for the syntax.
    /// - Throws: `MarbleSyntaxError` if the diagram is malformed.
    public func createHotObservable<Element>(
        _ diagram: String, values: [Character: Element], error: any Swift.Error = MarbleError(),
        frame: TestTime = Marble.defaultFrame, subscribed: TestTime = Defaults.subscribed
    ) throws -> TestableObservable<Element> {
        createHotObservable(try Marble.events(diagram, values: values, error: error, frame: frame, subscribed: subscribed))
    }

    /// Creates a hot observable from a marble diagram whose element symbols are
    /// the elements themselves (`"^-1-2-|"` for `Int`s).
    ///
    /// - Throws: `MarbleSyntaxError` if the diagram is malformed.
    public func createHotObservable<Element: LosslessStringConvertible>(
        _ diagram: String, error: any Swift.Error = MarbleError(),
        frame: TestTime = Marble.defaultFrame, subscribed: TestTime = Defaults.subscribed
    ) throws -> TestableObservable<Element> {
        createHotObservable(try Marble.events(diagram, error: error, frame: frame, subscribed: subscribed))
    }

    /// Creates a cold observable from a marble diagram: times are relative to
    /// each subscription, the first frame at 0, so the diagram has no `^`.
    ///
    /// ```swift
    /// let ys = try scheduler.createColdObservable("-a-(b|)", values: ["a": 1, "b": 2])
    /// // [.next(10, 1), .next(30, 2), .completed(30)]
    /// ```
    ///
    /// - Throws: `MarbleSyntaxError` if the diagram is malformed or has a `^`.
    public func createColdObservable<Element>(
        _ diagram: String, values: [Character: Element], error: any Swift.Error = MarbleError(),
        frame: TestTime = Marble.defaultFrame
    ) throws -> TestableObservable<Element> {
        let parsed = try Marble.parse(
            diagram, values: values, error: error, frame: frame, subscribed: 0, allowsSubscriptionPoint: false
        )
        return createColdObservable(parsed.events)
    }

    /// Creates a cold observable from a marble diagram whose element symbols are
    /// the elements themselves (`"-1-2-|"` for `Int`s).
    ///
    /// - Throws: `MarbleSyntaxError` if the diagram is malformed or has a `^`.
    public func createColdObservable<Element: LosslessStringConvertible>(
        _ diagram: String, error: any Swift.Error = MarbleError(), frame: TestTime = Marble.defaultFrame
    ) throws -> TestableObservable<Element> {
        let parsed: MarbleParser<Element>.Result = try Marble.parse(
            diagram, error: error, frame: frame, subscribed: 0, allowsSubscriptionPoint: false
        )
        return createColdObservable(parsed.events)
    }
}
