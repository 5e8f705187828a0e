/// The engine of the synchronous factories (`of`, `from`, `range`, `generate`,
/// `repeatElement`): emits one element per step until the source is exhausted
/// or the subscription is disposed.
///
/// On `CurrentThreadScheduler` the whole source runs in one trampoline task that
/// loops, checking disposal between elements, and yields (re-enqueues itself)
/// only when other scheduled work is waiting: the same order as one scheduled
/// action per element, at constant stack depth, without a scheduling per element.
/// On any other scheduler each step is one recursively scheduled action.
class LoopSink<Element>: TrampolineTask {
    // The subclass's iteration state is touched only by the running step, which
    // the trampoline or the recursive scheduler runs one at a time. `disposed` is
    // set from any thread, through the returned `FlagDisposable`.
    let downstream: Sink<Element>
    private let disposed = AtomicWord()

    init(downstream: Sink<Element>) {
        self.downstream = downstream
    }

    /// Emits elements while `shouldContinue()` returns true before each one.
    /// Returns true when the source has ended (its terminal event was emitted),
    /// false when it stopped because `shouldContinue()` returned false.
    ///
    /// Subclasses keep their iteration state in locals inside the loop and store
    /// it back before returning: per-element accesses to a class's stored `var`s
    /// would each pay a dynamic exclusivity check.
    func emit(while shouldContinue: () -> Bool) -> Bool {
        // Not a protocol: a generic `LoopSink<Source: LoopSource>` measured +22% instructions per `range` subscription.
        fatalError("Internal inconsistency: LoopSink.emit is abstract")
    }

    final override func run(on trampoline: Trampoline) {
        // One element per step, as if each were its own scheduled action: before
        // every element after the first, yield if other work is waiting.
        var isFirst = true
        let disposed = self.disposed
        let ended = emit {
            guard disposed.value == 0 else { return false }
            if isFirst {
                isFirst = false
                return true
            }
            return !trampoline.hasPending
        }
        if !ended && disposed.value == 0 { trampoline.enqueue(self) }
    }

    /// Starts emitting on `scheduler` and returns what stops it.
    final func start(on scheduler: any ImmediateSchedulerType) -> any Disposable {
        if scheduler is CurrentThreadScheduler {
            let trampoline = Trampoline.current
            if trampoline.isActive {
                trampoline.enqueue(self)
            } else {
                Trampoline.run { run(on: $0) }
            }
            return FlagDisposable(disposed)
        }
        let disposed = self.disposed
        let recursion = scheduler.scheduleRecursive(()) { [self] _, recurse in
            var emitted = false
            let ended = emit {
                guard !emitted, disposed.value == 0 else { return false }
                emitted = true
                return true
            }
            if !ended && disposed.value == 0 { recurse(()) }
        }
        return Disposables.create(FlagDisposable(disposed), recursion)
    }
}

/// Disposes by setting a flag that a running loop checks.
struct FlagDisposable: Disposable {
    let flag: AtomicWord

    init(_ flag: AtomicWord) {
        self.flag = flag
    }

    func dispose() {
        flag.store(1)
    }
}
