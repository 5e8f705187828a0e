extension ObservableType {
    /// An observable that emits each argument in order, then completes.
    ///
    /// The parameter is variadic: `of([1, 2, 3])` emits one element, the array.
    /// Use `from(_:)` to emit the elements of an array.
    ///
    /// ```
    /// of(1, 2, 3): -1-2-3|
    /// ```
    ///
    /// - Parameters:
    ///   - elements: The elements to emit, in order.
    ///   - scheduler: Where the elements are delivered; by default the
    ///     current thread's trampoline (see `CurrentThreadScheduler`).
    public static func of(
        _ elements: Element..., scheduler: any ImmediateSchedulerType = CurrentThreadScheduler.instance
    ) -> Observable<Element> {
        ArrayObservable(elements, scheduler: scheduler)
    }

    /// An observable that emits the elements of `array` in order, then completes.
    public static func from(
        _ array: [Element], scheduler: any ImmediateSchedulerType = CurrentThreadScheduler.instance
    ) -> Observable<Element> {
        ArrayObservable(array, scheduler: scheduler)
    }

    /// An observable that emits the elements of `sequence`, pulled one per step,
    /// then completes.
    ///
    /// The sequence is not copied: each subscription makes an iterator and asks it
    /// for one element at a time, so an infinite sequence works when something
    /// downstream (such as `take(3)`) ends the subscription.
    public static func from<Source: Sequence>(
        _ sequence: Source, scheduler: any ImmediateSchedulerType = CurrentThreadScheduler.instance
    ) -> Observable<Element> where Source.Element == Element {
        SequenceObservable(sequence, scheduler: scheduler)
    }

    /// An observable that emits the wrapped value, if any, then completes.
    public static func from(optional: Element?) -> Observable<Element> {
        if let optional { return JustValue.make(optional) }
        return .empty()
    }

    /// An observable that emits the wrapped value, if any, then completes, on `scheduler`.
    public static func from(optional: Element?, scheduler: any ImmediateSchedulerType) -> Observable<Element> {
        ArrayObservable(optional.map { [$0] } ?? [], scheduler: scheduler)
    }
}

/// Spells `Observable.just` from a context where `Self` is not `Observable`.
private enum JustValue {
    static func make<Element>(_ element: Element) -> Observable<Element> { .just(element) }
}

// Sendable: immutable after init; each subscription keeps its own state.
private final class SequenceObservable<Source: Sequence>: Observable<Source.Element>, @unchecked Sendable {
    private let sequence: Source
    private let scheduler: any ImmediateSchedulerType

    init(_ sequence: Source, scheduler: any ImmediateSchedulerType) {
        self.sequence = sequence
        self.scheduler = scheduler
    }

    override func run(_ sink: Sink<Source.Element>) -> any Disposable {
        SequenceSink(sequence.makeIterator(), downstream: sink).start(on: scheduler)
    }
}

private final class SequenceSink<Iterator: IteratorProtocol>: LoopSink<Iterator.Element> {
    private var iterator: Iterator

    init(_ iterator: Iterator, downstream: Sink<Iterator.Element>) {
        self.iterator = iterator
        super.init(downstream: downstream)
    }

    override func emit(while shouldContinue: () -> Bool) -> Bool {
        var iterator = self.iterator
        defer { self.iterator = iterator }
        while shouldContinue() {
            guard let element = iterator.next() else {
                downstream.onCompleted()
                return true
            }
            downstream.onNext(element)
        }
        return false
    }
}

/// `of` and `from(array)`: indexes the array directly. Iterating it through the
/// generic `IteratorProtocol` from Rill's unspecialised code would allocate a
/// coroutine frame per element.
private final class ArrayObservable<Element>: Observable<Element>, @unchecked Sendable {
    // Sendable: immutable after init; each subscription keeps its own state.
    private let elements: [Element]
    private let scheduler: any ImmediateSchedulerType

    init(_ elements: [Element], scheduler: any ImmediateSchedulerType) {
        self.elements = elements
        self.scheduler = scheduler
    }

    override func run(_ sink: Sink<Element>) -> any Disposable {
        ArraySink(elements, downstream: sink).start(on: scheduler)
    }
}

private final class ArraySink<Element>: LoopSink<Element> {
    private let elements: [Element]
    private var index = 0

    init(_ elements: [Element], downstream: Sink<Element>) {
        self.elements = elements
        super.init(downstream: downstream)
    }

    override func emit(while shouldContinue: () -> Bool) -> Bool {
        elements.withUnsafeBufferPointer { buffer in
            var index = self.index
            defer { self.index = index }
            while shouldContinue() {
                guard index < buffer.count else {
                    downstream.onCompleted()
                    return true
                }
                index += 1
                downstream.onNext(buffer[index - 1])
            }
            return false
        }
    }
}
