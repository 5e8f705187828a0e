import Rill

extension Recorded {
    /// An element recorded at `time`: `.next(210, 1)`.
    public static func next<T>(_ time: TestTime, _ element: T) -> Recorded<Event<T>> where Value == Event<T> {
        Recorded(time: time, value: .next(element))
    }

    /// Completion recorded at `time`: `.completed(300)`. Pass `type` only where
    /// the element type cannot be inferred.
    public static func completed<T>(_ time: TestTime, _ type: T.Type = T.self) -> Recorded<Event<T>> where Value == Event<T> {
        Recorded(time: time, value: .completed)
    }

    /// An error recorded at `time`: `.error(250, DemoError.boom)`. Pass `type`
    /// only where the element type cannot be inferred.
    public static func error<T>(
        _ time: TestTime, _ error: any Swift.Error, _ type: T.Type = T.self
    ) -> Recorded<Event<T>> where Value == Event<T> {
        Recorded(time: time, value: .error(error))
    }

    /// Collects recorded events into an array; useful where the element type
    /// cannot be inferred from context.
    ///
    /// ```swift
    /// let expected = Recorded.events(.next(210, 2), .next(220, 3), .completed(250))
    /// ```
    public static func events<T>(_ recordedEvents: Recorded<Event<T>>...) -> [Recorded<Event<T>>] where Value == Event<T> {
        recordedEvents
    }

    /// Returns `recordedEvents`; the array form of `events(_:)`.
    ///
    /// ```swift
    /// let expected = Recorded.events([.next(210, 2), .completed(250)])
    /// ```
    public static func events<T>(_ recordedEvents: [Recorded<Event<T>>]) -> [Recorded<Event<T>>] where Value == Event<T> {
        recordedEvents
    }
}
