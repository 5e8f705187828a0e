import Rill

extension SharedSequenceConvertibleType {
    /// Emits an element, then ignores elements for `dueTime`; with `latest`, the last
    /// element ignored is emitted when the time is up. Timed on the strategy's scheduler.
    ///
    /// ```
    /// source:          -12-3------4-|
    /// throttle(3):     -1---3-----4-|
    /// ```
    ///
    /// - Parameters:
    ///   - dueTime: The quiet time after each emitted element.
    ///   - latest: Whether to emit the latest element ignored when the time is up.
    /// - Returns: A shared sequence with at most one element per `dueTime`.
    public func throttle(_ dueTime: RxTimeInterval, latest: Bool = true) -> SharedSequence<SharingStrategy, Element> {
        lift { $0.throttle(dueTime, latest: latest, scheduler: SharingStrategy.scheduler) }
    }

    /// Emits an element only after `dueTime` has passed with no newer element. Timed
    /// on the strategy's scheduler.
    ///
    /// ```
    /// source:       -12-3------|
    /// debounce(2):  ------3----|
    /// ```
    ///
    /// - Parameter dueTime: The quiet time an element must be followed by.
    /// - Returns: A shared sequence of the elements that were followed by quiet.
    public func debounce(_ dueTime: RxTimeInterval) -> SharedSequence<SharingStrategy, Element> {
        lift { $0.debounce(dueTime, scheduler: SharingStrategy.scheduler) }
    }

    /// Shifts every element and the completion later by `dueTime`, on the strategy's
    /// scheduler.
    ///
    /// ```
    /// source:    -1-2|
    /// delay(2):  ---1-2|
    /// ```
    ///
    /// - Parameter dueTime: How much later each event arrives.
    /// - Returns: The same shared sequence, later.
    public func delay(_ dueTime: RxTimeInterval) -> SharedSequence<SharingStrategy, Element> {
        lift { $0.delay(dueTime, scheduler: SharingStrategy.scheduler) }
    }
}
