/// The integer types `range` accepts, as RxSwift names them.
public typealias RxAbstractInteger = FixedWidthInteger

extension ObservableType where Element: RxAbstractInteger {
    /// An observable that emits `count` consecutive integers from `start`, then completes.
    ///
    /// A negative `count` fails with `RxError.argumentOutOfRange`, and a range
    /// whose last element does not fit in `Element` fails with `RxError.overflow`
    /// (RxSwift stops the program for both).
    ///
    /// ```
    /// range(start: 5, count: 3): -5-6-7|
    /// ```
    ///
    /// - Parameters:
    ///   - start: The first value emitted.
    ///   - count: How many values to emit.
    ///   - scheduler: Where the elements are delivered; by default the
    ///     current thread's trampoline, so 10,000 elements arrive at one stack depth.
    public static func range(
        start: Element, count: Element,
        scheduler: any ImmediateSchedulerType = CurrentThreadScheduler.instance
    ) -> Observable<Element> {
        if count < 0 { return .error(RxError.argumentOutOfRange) }
        if count > 0 && start.addingReportingOverflow(count - 1).overflow { return .error(RxError.overflow) }
        return RangeObservable(start: start, count: count, scheduler: scheduler)
    }
}

// Sendable: immutable after init; each subscription keeps its own state.
private final class RangeObservable<Element: RxAbstractInteger>: Observable<Element>, @unchecked Sendable {
    private let start: Element
    private let count: Element
    private let scheduler: any ImmediateSchedulerType

    init(start: Element, count: Element, scheduler: any ImmediateSchedulerType) {
        self.start = start
        self.count = count
        self.scheduler = scheduler
    }

    override func run(_ sink: Sink<Element>) -> any Disposable {
        RangeSink(start: start, count: count, downstream: sink).start(on: scheduler)
    }
}

private final class RangeSink<Element: RxAbstractInteger>: LoopSink<Element> {
    private let start: Element
    private let count: Int
    private var emitted = 0

    init(start: Element, count: Element, downstream: Sink<Element>) {
        self.start = start
        self.count = Int(clamping: count)
        super.init(downstream: downstream)
    }

    override func emit(while shouldContinue: () -> Bool) -> Bool {
        if Element.self == Int.self { return emitInts(while: shouldContinue) }
        // Counts in `Int`, and advances the element by one `&+` per step: generic
        // integer arithmetic goes through protocol witnesses here.
        var emitted = self.emitted
        defer { self.emitted = emitted }
        let one: Element = 1
        var element = emitted == 0 ? start : start &+ Element(emitted)
        while shouldContinue() {
            guard emitted < count else {
                downstream.onCompleted()
                return true
            }
            emitted += 1
            downstream.onNext(element)
            element = element &+ one
        }
        return false
    }

    /// The same loop for `Int`, the usual element type: plain arithmetic instead of
    /// a protocol-witness call per element.
    private func emitInts(while shouldContinue: () -> Bool) -> Bool {
        let sink = unsafeDowncast(downstream, to: Sink<Int>.self)
        let first = start as! Int
        var emitted = self.emitted
        defer { self.emitted = emitted }
        while shouldContinue() {
            guard emitted < count else {
                sink.onCompleted()
                return true
            }
            sink.onNext(first &+ emitted)
            emitted += 1
        }
        return false
    }
}
