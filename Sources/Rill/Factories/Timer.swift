extension ObservableType where Element: RxAbstractInteger {
    /// An observable that emits 0, 1, 2, ... every `period`, on `scheduler`, until disposed.
    ///
    /// The first element comes one `period` after subscribing. Elements are
    /// delivered on the scheduler's thread, one at a time; the count wraps around
    /// at `Element.max`. It never completes.
    ///
    /// ```
    /// interval(.seconds(1)): ---0---1---2---3--> (one dash: a quarter second)
    /// ```
    ///
    /// - Parameters:
    ///   - period: The time between elements, and before the first.
    ///   - scheduler: Where the elements are timed and delivered.
    public static func interval(_ period: RxTimeInterval, scheduler: any SchedulerType) -> Observable<Element> {
        TimerObservable(dueTime: period, period: period, scheduler: scheduler)
    }

    /// An observable that emits 0 after `dueTime`, then, if `period` is given,
    /// 1, 2, ... every `period` until disposed; without a `period` it completes
    /// after the 0.
    ///
    /// Elements are delivered on the scheduler's thread, one at a time; the count
    /// wraps around at `Element.max`.
    ///
    /// ```
    /// timer(.seconds(2)):                     --------0|
    /// timer(.seconds(2), period: .seconds(1)): --------0---1---2-->
    /// ```
    ///
    /// - Parameters:
    ///   - dueTime: The time before the first element.
    ///   - period: The time between later elements; `nil` for a single element.
    ///   - scheduler: Where the elements are timed and delivered.
    public static func timer(
        _ dueTime: RxTimeInterval, period: RxTimeInterval? = nil, scheduler: any SchedulerType
    ) -> Observable<Element> {
        TimerObservable(dueTime: dueTime, period: period, scheduler: scheduler)
    }
}

// Sendable: immutable after init; each subscription keeps its own state.
private final class TimerObservable<Element: RxAbstractInteger>: Observable<Element>, @unchecked Sendable {
    private let dueTime: RxTimeInterval
    private let period: RxTimeInterval?
    private let scheduler: any SchedulerType

    init(dueTime: RxTimeInterval, period: RxTimeInterval?, scheduler: any SchedulerType) {
        self.dueTime = dueTime
        self.period = period
        self.scheduler = scheduler
    }

    override func run(_ sink: Sink<Element>) -> any Disposable {
        // Scheduled runs never overlap (one action, or a periodic schedule), so the
        // sink is called one event at a time. `stopped` keeps a run that was already
        // under way on another thread when the subscription was disposed from
        // delivering anything.
        let stopped = AtomicWord()
        let timer: any Disposable
        if let period {
            timer = scheduler.schedulePeriodic(Element.zero, startAfter: dueTime, period: period) { count in
                if stopped.value == 0 { sink.onNext(count) }
                return count &+ 1
            }
        } else {
            timer = scheduler.scheduleRelative((), dueTime: dueTime) { _ in
                if stopped.value == 0 { sink.onNext(Element.zero) }
                if stopped.value == 0 { sink.onCompleted() }
                return Disposables.create()
            }
        }
        return Disposables.create(FlagDisposable(stopped), timer)
    }
}
