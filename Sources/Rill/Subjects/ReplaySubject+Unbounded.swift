extension ReplaySubject {
    /// A subject that replays every element it ever received.
    ///
    /// The buffer grows without limit: use it only for sequences known to be short.
    /// The same subject as `createUnbound()`, under RxSwift 6's name.
    ///
    /// - Returns: A new subject with an unbounded replay buffer.
    public static func createUnbounded() -> ReplaySubject<Element> {
        createUnbound()
    }
}
