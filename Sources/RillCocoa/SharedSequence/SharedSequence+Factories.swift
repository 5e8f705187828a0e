import Rill

extension SharedSequence {
    /// A shared sequence that completes at once, on the strategy's scheduler.
    ///
    /// ```
    /// empty(): |
    /// ```
    ///
    /// - Returns: A sequence with no elements.
    public static func empty() -> SharedSequence<SharingStrategy, Element> {
        SharedSequence(raw: Observable.empty().subscribe(on: SharingStrategy.scheduler))
    }

    /// A shared sequence that never emits and never completes.
    ///
    /// - Returns: A sequence whose subscribers are never called.
    public static func never() -> SharedSequence<SharingStrategy, Element> {
        SharedSequence(raw: Observable.never())
    }

    /// A shared sequence of one element, then completion, sent on the strategy's
    /// scheduler.
    ///
    /// ```
    /// just(1): 1|
    /// ```
    ///
    /// - Parameter element: The element to emit.
    /// - Returns: A sequence of `element`.
    public static func just(_ element: Element) -> SharedSequence<SharingStrategy, Element> {
        SharedSequence(raw: Observable.just(element).subscribe(on: SharingStrategy.scheduler))
    }

    /// A shared sequence that calls `observableFactory` for each subscription to its
    /// shared source and emits what the sequence it returns emits.
    ///
    /// The factory runs on the thread that subscribes, when the first subscriber
    /// (of the shared source) arrives.
    ///
    /// ```swift
    /// let now = Driver<Date>.deferred { .just(Date()) }
    /// ```
    ///
    /// - Parameter observableFactory: Makes the sequence to run.
    /// - Returns: A sequence that defers to the factory's sequence.
    public static func deferred(
        _ observableFactory: @escaping () -> SharedSequence<SharingStrategy, Element>
    ) -> SharedSequence<SharingStrategy, Element> {
        SharedSequence(Observable.deferred { observableFactory().asObservable() })
    }

    /// A shared sequence of the given elements, sent one by one on the strategy's
    /// scheduler, then completion.
    ///
    /// ```
    /// of(1, 2, 3): 1-2-3|
    /// ```
    ///
    /// - Parameter elements: The elements to emit.
    /// - Returns: A sequence of `elements`.
    public static func of(_ elements: Element...) -> SharedSequence<SharingStrategy, Element> {
        from(elements)
    }

    /// A shared sequence of the array's elements, sent one by one on the strategy's
    /// scheduler, then completion.
    ///
    /// - Parameter array: The elements to emit.
    /// - Returns: A sequence of the elements of `array`.
    public static func from(_ array: [Element]) -> SharedSequence<SharingStrategy, Element> {
        SharedSequence(raw: Observable.from(array, scheduler: SharingStrategy.scheduler))
    }

    /// A shared sequence of the elements of `sequence`, sent one by one on the
    /// strategy's scheduler, then completion. `sequence` is iterated anew for each
    /// subscription.
    ///
    /// - Parameter sequence: The elements to emit.
    /// - Returns: A sequence of the elements of `sequence`.
    public static func from<Sequence: Swift.Sequence>(
        _ sequence: Sequence
    ) -> SharedSequence<SharingStrategy, Element> where Sequence.Element == Element {
        SharedSequence(raw: Observable.from(sequence, scheduler: SharingStrategy.scheduler))
    }

    /// A shared sequence of the optional's value, if there is one, then completion,
    /// sent on the strategy's scheduler.
    ///
    /// - Parameter optional: The element to emit, or `nil` for none.
    /// - Returns: A sequence of at most one element.
    public static func from(optional: Element?) -> SharedSequence<SharingStrategy, Element> {
        SharedSequence(raw: Observable.from(optional: optional, scheduler: SharingStrategy.scheduler))
    }
}

extension SharedSequence where Element: RxAbstractInteger {
    /// A shared sequence of 0, 1, 2, ..., one element each `period`, on the
    /// strategy's scheduler. Subscribers share one timer.
    ///
    /// ```
    /// interval(10): ----0----1----2--...
    /// ```
    ///
    /// - Parameter period: The time between two elements, and before the first.
    /// - Returns: An endless sequence of counts.
    public static func interval(_ period: RxTimeInterval) -> SharedSequence<SharingStrategy, Element> {
        SharedSequence(Observable.interval(period, scheduler: SharingStrategy.scheduler))
    }

    /// A shared sequence that emits 0 after `dueTime`, then 1, 2, ... each `period`,
    /// on the strategy's scheduler. Subscribers share one timer.
    ///
    /// ```
    /// timer(5, period: 10): --0----1----2--...
    /// ```
    ///
    /// - Parameters:
    ///   - dueTime: The time before the first element.
    ///   - period: The time between later elements.
    /// - Returns: An endless sequence of counts.
    public static func timer(_ dueTime: RxTimeInterval, period: RxTimeInterval) -> SharedSequence<SharingStrategy, Element> {
        SharedSequence(Observable.timer(dueTime, period: period, scheduler: SharingStrategy.scheduler))
    }
}
