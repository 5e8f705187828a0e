/// Runs work on the current thread, queueing work scheduled from inside other
/// scheduled work instead of nesting it: a trampoline.
///
/// It is the default scheduler of the synchronous factories (`of`, `from`,
/// `range`, `generate`, `repeatElement`). When nothing is running on the current
/// thread, `schedule` runs the action at once and then every action it queued;
/// while something runs, `schedule` queues. So `Observable.range(start: 1, count: 10_000)`
/// delivers every element at the same stack depth, and two synchronous sources
/// merged together interleave one element at a time.
public final class CurrentThreadScheduler: ImmediateSchedulerType {
    /// The shared instance.
    public static let instance = CurrentThreadScheduler()

    private init() {}

    /// Whether scheduled work would run at once (`true`: nothing is running on this
    /// thread's trampoline) rather than be queued.
    public static var isScheduleRequired: Bool {
        !Trampoline.current.isActive
    }

    /// Runs `action` now if the current thread's trampoline is idle, otherwise
    /// queues it to run after the running work.
    public func schedule<StateType>(
        _ state: StateType, action: @escaping (StateType) -> any Disposable
    ) -> any Disposable {
        let trampoline = Trampoline.current
        if trampoline.isActive {
            let task = ScheduledTrampolineAction(state, action)
            trampoline.enqueue(task)
            return task
        }
        return Trampoline.run { _ in action(state) }
    }
}

/// An action queued on a trampoline, cancelable until it runs.
private final class ScheduledTrampolineAction<State>: TrampolineTask, Cancelable, @unchecked Sendable {
    // Sendable: `state` and `action` are used only on the trampoline's thread, once; disposal
    // from elsewhere goes through `result`, which is thread-safe.
    private let state: State
    private let action: (State) -> any Disposable
    private let result = SingleAssignmentDisposable()

    init(_ state: State, _ action: @escaping (State) -> any Disposable) {
        self.state = state
        self.action = action
    }

    var isDisposed: Bool { result.isDisposed }

    override func run(on trampoline: Trampoline) {
        guard !result.isDisposed else { return }
        result.setDisposable(action(state))
    }

    func dispose() {
        result.dispose()
    }
}
