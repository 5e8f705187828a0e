extension PrimitiveSequence where Trait == MaybeTrait, Element: RxAbstractInteger {
    /// A `Maybe` that succeeds with 0 after `dueTime`, on `scheduler`.
    ///
    /// ```swift
    /// Maybe<Int>.timer(.seconds(2), scheduler: MainScheduler.instance)
    ///     .subscribe(onSuccess: { _ in print("two seconds later") })
    /// ```
    ///
    /// - Parameters:
    ///   - dueTime: How long after subscription the element comes.
    ///   - scheduler: Runs the timer and delivers the element.
    /// - Returns: A `Maybe` of 0, `dueTime` after subscription.
    @_alwaysEmitIntoClient
    public static func timer(_ dueTime: RxTimeInterval, scheduler: any SchedulerType) -> Maybe<Element> {
        Maybe(raw: Observable<Element>.timer(dueTime, scheduler: scheduler))
    }
}
