extension ObservableType {
    /// Collects elements into arrays, emitting one every `timeSpan` or as soon as
    /// it holds `count` elements, whichever comes first.
    ///
    /// A buffer is emitted when the time span elapses even if it is empty; filling
    /// a buffer emits it at once and restarts the time span. On completion the
    /// current buffer is emitted, then completion; on error the current buffer is
    /// dropped. Buffers are emitted on the scheduler's thread or the source's,
    /// one at a time.
    ///
    /// ```
    /// source:                       -1-2-3-----4|
    /// buffer(timeSpan: 5, count: 2): ---[1,2]--[3]-[4]|
    /// ```
    ///
    /// - Parameters:
    ///   - timeSpan: The longest time a buffer stays open.
    ///   - count: The most elements a buffer holds; must be positive.
    ///   - scheduler: Runs the timers.
    /// - Returns: An observable of buffers.
    @_alwaysEmitIntoClient
    public func buffer(timeSpan: RxTimeInterval, count: Int, scheduler: any SchedulerType) -> Observable<[Element]> {
        precondition(count > 0, "buffer(timeSpan:count:scheduler:) needs a positive count, got \(count)")
        return ChunkingObservable(source: asObservable()) { downstream in
            BufferSink(timeSpan: timeSpan, count: count, scheduler: scheduler, downstream: downstream)
        }
    }
}

@usableFromInline
final class BufferSink<Element>: ChunkingSink<Element>, @unchecked Sendable {
    // Sendable: `buffer` and `downstream` are touched only by ChunkingSink's queued work.
    private let downstream: Sink<[Element]>
    private var buffer: [Element] = []

    @usableFromInline
    init(timeSpan: RxTimeInterval, count: Int, scheduler: any SchedulerType, downstream: Sink<[Element]>) {
        self.downstream = downstream
        super.init(timeSpan: timeSpan, count: count, scheduler: scheduler)
    }

    override func add(_ element: Element) {
        buffer.append(element)
    }

    override func closeChunk() {
        let full = buffer
        buffer = []
        downstream.onNext(full)
    }

    override func end(_ termination: Termination) {
        if case .completed = termination { closeChunk() }
        termination.deliver(to: downstream)
    }
}
