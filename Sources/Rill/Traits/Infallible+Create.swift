/// An event of an `Infallible`: an element or completion. There is no error case.
public enum InfallibleEvent<Element> {
    /// An element of the sequence.
    case next(Element)
    /// The sequence finished; nothing follows.
    case completed
}

extension InfallibleEvent: Sendable where Element: Sendable {}

extension InfallibleEvent: EventConvertible {
    /// The same event as an `Event`.
    public var event: Event<Element> {
        switch self {
        case .next(let element): return .next(element)
        case .completed: return .completed
        }
    }
}

extension Infallible {
    /// The observer that `Infallible.create` hands to its closure: call it with
    /// `.next(element)` and at most one `.completed`.
    ///
    /// It is `@Sendable`, so a `@Sendable` completion handler can capture it. Call it
    /// from one thread at a time (the Rx grammar).
    public typealias InfallibleObserver = @Sendable (InfallibleEvent<Element>) -> Void

    /// An infallible whose subscriptions run `subscribe`: the way to wrap a callback,
    /// delegate or notification API that cannot fail.
    ///
    /// The contract is `Observable.create`'s: send events in order from one thread at
    /// a time, nothing after `.completed`; return a `Disposable` that releases what
    /// the subscription started (it also runs after completion); `subscribe` runs
    /// once per subscription.
    ///
    /// ```swift
    /// let ticks = Infallible<Int>.create { observer in
    ///     observer(.next(1))
    ///     observer(.completed)
    ///     return Disposables.create()
    /// }
    /// ```
    @_alwaysEmitIntoClient
    public static func create(
        subscribe: @escaping (@escaping InfallibleObserver) -> any Disposable
    ) -> Infallible<Element> {
        Infallible(Observable.create { observer in
            subscribe { event in
                switch event {
                case .next(let element): observer.onNext(element)
                case .completed: observer.onCompleted()
                }
            }
        })
    }
}

extension InfallibleType {
    /// An infallible that emits `element` and completes.
    ///
    /// `element` is evaluated once, when `just` is called. Use `deferred` for a
    /// value computed per subscription.
    ///
    /// ```
    /// just(1): --1|
    /// ```
    @_alwaysEmitIntoClient
    public static func just(_ element: Element) -> Infallible<Element> {
        Infallible(Observable.just(element))
    }

    /// An infallible that emits `element` and completes, delivered on `scheduler`.
    @_alwaysEmitIntoClient
    public static func just(_ element: Element, scheduler: any ImmediateSchedulerType) -> Infallible<Element> {
        Infallible(Observable.just(element, scheduler: scheduler))
    }

    /// An infallible that completes at once without elements.
    ///
    /// ```
    /// empty(): |
    /// ```
    @_alwaysEmitIntoClient
    public static func empty() -> Infallible<Element> {
        Infallible(Observable.empty())
    }

    /// An infallible that never emits anything and never completes.
    @_alwaysEmitIntoClient
    public static func never() -> Infallible<Element> {
        Infallible(Observable.never())
    }

    /// An infallible that calls `observableFactory` for each subscription and
    /// subscribes to the infallible it returns.
    ///
    /// The factory must not throw: an `Infallible` has no way to deliver the error.
    /// If it does, the subscription ends and debug builds report it on standard error.
    ///
    /// ```swift
    /// let now = Infallible.deferred { Infallible.just(Date()) }   // a fresh date per subscriber
    /// ```
    @_alwaysEmitIntoClient
    public static func deferred(
        _ observableFactory: @escaping () throws -> Infallible<Element>
    ) -> Infallible<Element> {
        Infallible(Observable.deferred { try observableFactory().asObservable() })
    }
}

extension Infallible {
    /// An infallible that emits each argument in order, then completes.
    ///
    /// ```
    /// of(1, 2, 3): -1-2-3|
    /// ```
    ///
    /// - Parameters:
    ///   - elements: The elements to emit, in order.
    ///   - scheduler: Where the elements are delivered; by default the
    ///     current thread's trampoline (see `CurrentThreadScheduler`).
    @_alwaysEmitIntoClient
    public static func of(
        _ elements: Element..., scheduler: any ImmediateSchedulerType = CurrentThreadScheduler.instance
    ) -> Infallible<Element> {
        Infallible(Observable.from(elements, scheduler: scheduler))
    }

    /// An infallible that emits the elements of `array` in order, then completes.
    @_alwaysEmitIntoClient
    public static func from(
        _ array: [Element], scheduler: any ImmediateSchedulerType = CurrentThreadScheduler.instance
    ) -> Infallible<Element> {
        Infallible(Observable.from(array, scheduler: scheduler))
    }

    /// An infallible that emits the elements of `sequence`, pulled one per step, then
    /// completes. An infinite sequence works when something downstream ends the
    /// subscription.
    @_alwaysEmitIntoClient
    public static func from<Source: Sequence>(
        _ sequence: Source, scheduler: any ImmediateSchedulerType = CurrentThreadScheduler.instance
    ) -> Infallible<Element> where Source.Element == Element {
        Infallible(Observable.from(sequence, scheduler: scheduler))
    }
}
