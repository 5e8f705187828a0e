/// A disposable that disposes its underlying disposable on a scheduler.
///
/// `subscribe(on:)` uses it so that a subscription made on a scheduler is also
/// disposed there.
public final class ScheduledDisposable: Cancelable {
    /// The scheduler the underlying disposable is disposed on.
    public let scheduler: any ImmediateSchedulerType
    private let state = AtomicWord()
    private let disposable: any Disposable

    /// Wraps `disposable`, to be disposed on `scheduler`.
    public init(scheduler: any ImmediateSchedulerType, disposable: any Disposable) {
        self.scheduler = scheduler
        self.disposable = disposable
    }

    /// Whether `dispose()` has been called.
    public var isDisposed: Bool { state.value != 0 }

    /// Schedules the disposal of the underlying disposable, once.
    public func dispose() {
        guard state.fetchOr(1) == 0 else { return }
        let disposable = self.disposable
        _ = scheduler.schedule(()) { _ in
            disposable.dispose()
            return Disposables.create()
        }
    }
}
