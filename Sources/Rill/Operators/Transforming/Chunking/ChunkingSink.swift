/// The state shared by `buffer(timeSpan:count:scheduler:)` and
/// `window(timeSpan:count:scheduler:)`: which chunk is open, how full it is, and
/// whether the sequence has stopped.
///
/// The state decides under the lock (is the chunk full? is this timer stale?);
/// what follows (appending to the buffer, emitting it, scheduling the next
/// timer) is work the sink claims or queues in its `SerialDrain` in the same
/// critical section and runs outside the lock, one item at a time, in the order
/// decided. So the chunk itself needs no lock, and the downstream is never called
/// from two threads at once.
struct BufferState {
    /// The open chunk's number; a timer for an older chunk is stale.
    private(set) var chunk = 0
    /// Elements in the open chunk.
    private var count = 0
    let maxCount: Int
    private(set) var isStopped = false

    init(maxCount: Int) {
        self.maxCount = maxCount
    }

    /// An element arrived: returns true if it closes the chunk (which then
    /// becomes the next one).
    mutating func elementArrived() -> Bool {
        count += 1
        guard count >= maxCount else { return false }
        closeChunk()
        return true
    }

    /// The timer for chunk `number` fired: returns true if it closes the open chunk.
    mutating func timerFired(_ number: Int) -> Bool {
        guard number == chunk && !isStopped else { return false }
        closeChunk()
        return true
    }

    private mutating func closeChunk() {
        count = 0
        chunk += 1
    }

    /// The source ended or the operator was disposed: nothing more is decided.
    mutating func stop() {
        isStopped = true
    }
}

/// Runs `BufferState` for `buffer` and `window`: the lock, the serial work and
/// the timer. Subclasses hold the chunk (touched only by queued work) and say
/// what opening, filling and closing a chunk means.
@usableFromInline
class ChunkingSink<Element>: Sink<Element>, Disposable, @unchecked Sendable {
    // Sendable: `state` is behind its lock; the subclass's chunk and the
    // downstream are touched only by work run through `work`, one item at a
    // time; `timer` and `subscription` are thread-safe disposables.
    let state: Locked<BufferState>
    /// The work the state decided, run one item at a time in the order decided.
    private let work = SerialDrain<() -> Void>()
    private let timeSpan: RxTimeInterval
    private let scheduler: any SchedulerType
    private let timer = SerialDisposable()
    let subscription = SingleAssignmentDisposable()

    init(timeSpan: RxTimeInterval, count: Int, scheduler: any SchedulerType) {
        self.state = Locked(BufferState(maxCount: count))
        self.timeSpan = timeSpan
        self.scheduler = scheduler
    }

    /// Opens the first chunk, before the source is subscribed.
    func open() {}
    /// Appends `element` to the open chunk (queued work).
    func add(_ element: Element) {}
    /// Closes the open chunk and opens the next one (queued work).
    func closeChunk() {}
    /// Ends with `termination` (queued work).
    func end(_ termination: Termination) {}

    /// Starts the first chunk's timer and subscribes to `source`.
    final func start(_ source: Observable<Element>) {
        open()
        scheduleTimer(for: 0)
        subscription.setDisposable(source.run(self))
    }

    override final func onNext(_ element: Element) {
        perform { state in
            guard !state.isStopped else { return nil }
            let closes = state.elementArrived()
            let next = state.chunk
            return { [self] in
                add(element)
                if closes {
                    closeChunk()
                    scheduleTimer(for: next)
                }
            }
        }
    }

    override final func onError(_ error: any Swift.Error) {
        terminate(.error(error))
    }

    override final func onCompleted() {
        terminate(.completed)
    }

    private func terminate(_ termination: Termination) {
        perform { state in
            guard !state.isStopped else { return nil }
            state.stop()
            return { [self] in
                timer.dispose()
                end(termination)
            }
        }
    }

    private func timerFired(_ number: Int) {
        perform { state in
            guard state.timerFired(number) else { return nil }
            let next = state.chunk
            return { [self] in
                closeChunk()
                scheduleTimer(for: next)
            }
        }
    }

    /// Replaces the timer; run only from queued work (or before subscribing), so
    /// timers are replaced in the order the chunks were opened.
    private func scheduleTimer(for number: Int) {
        timer.disposable = scheduler.scheduleRelative(number, dueTime: timeSpan) { [weak self] number in
            self?.timerFired(number)
            return Disposables.create()
        }
    }

    /// Decides under the lock, claiming or queueing the resulting work there;
    /// runs it, and what others queued meanwhile, if this caller claimed it.
    private func perform(_ decide: (inout BufferState) -> (() -> Void)?) {
        let claimed = state.withLock { state -> (() -> Void)? in
            guard let item = decide(&state), work.claimOrQueue(item) else { return nil }
            return item
        }
        guard let claimed else { return }
        claimed()
        work.drain { $0() }
    }

    @usableFromInline
    func dispose() {
        state.withLock { $0.stop() }
        work.close()
        timer.dispose()
        subscription.dispose()
    }
}

/// The observable behind `buffer` and `window`: makes a `ChunkingSink` per
/// subscription and starts it.
// Sendable: immutable after init; each subscription keeps its own state.
@usableFromInline
final class ChunkingObservable<Element, Output>: Observable<Output>, @unchecked Sendable {
    private let source: Observable<Element>
    private let makeSink: (Sink<Output>) -> ChunkingSink<Element>

    @usableFromInline
    init(source: Observable<Element>, makeSink: @escaping (Sink<Output>) -> ChunkingSink<Element>) {
        self.source = source
        self.makeSink = makeSink
    }

    override func run(_ sink: Sink<Output>) -> any Disposable {
        let chunkingSink = makeSink(sink)
        chunkingSink.start(source)
        return chunkingSink
    }
}
