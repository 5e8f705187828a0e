extension ObservableType {
    /// An observable that works like a `for` loop: it emits `initialState`, then
    /// each state `iterate` produces, while `condition` holds, then completes.
    ///
    /// An error thrown by `condition` or `iterate` becomes the error event.
    ///
    /// ```swift
    /// Observable.generate(initialState: 1, condition: { $0 < 100 }, iterate: { $0 * 3 })
    /// // 1, 3, 9, 27, 81, completed
    /// ```
    public static func generate(
        initialState: Element,
        condition: @escaping (Element) throws -> Bool,
        scheduler: any ImmediateSchedulerType = CurrentThreadScheduler.instance,
        iterate: @escaping (Element) throws -> Element
    ) -> Observable<Element> {
        GenerateObservable(initialState: initialState, condition: condition, iterate: iterate, scheduler: scheduler)
    }

    /// An observable that emits `element` forever. Use it with `take` or as a test source.
    public static func repeatElement(
        _ element: Element, scheduler: any ImmediateSchedulerType = CurrentThreadScheduler.instance
    ) -> Observable<Element> {
        GenerateObservable(initialState: element, condition: { _ in true }, iterate: { $0 }, scheduler: scheduler)
    }
}

// Sendable: immutable after init; each subscription keeps its own state.
private final class GenerateObservable<Element>: Observable<Element>, @unchecked Sendable {
    private let initialState: Element
    private let condition: (Element) throws -> Bool
    private let iterate: (Element) throws -> Element
    private let scheduler: any ImmediateSchedulerType

    init(
        initialState: Element, condition: @escaping (Element) throws -> Bool,
        iterate: @escaping (Element) throws -> Element, scheduler: any ImmediateSchedulerType
    ) {
        self.initialState = initialState
        self.condition = condition
        self.iterate = iterate
        self.scheduler = scheduler
    }

    override func run(_ sink: Sink<Element>) -> any Disposable {
        GenerateSink(self, downstream: sink).start(on: scheduler)
    }

    private final class GenerateSink: LoopSink<Element> {
        private let parent: GenerateObservable
        private var state: Element
        private var isFirst = true

        init(_ parent: GenerateObservable, downstream: Sink<Element>) {
            self.parent = parent
            self.state = parent.initialState
            super.init(downstream: downstream)
        }

        override func emit(while shouldContinue: () -> Bool) -> Bool {
            var state = self.state
            var isFirst = self.isFirst
            defer {
                self.state = state
                self.isFirst = isFirst
            }
            while shouldContinue() {
                do {
                    if isFirst {
                        isFirst = false
                    } else {
                        state = try parent.iterate(state)
                    }
                    guard try parent.condition(state) else {
                        downstream.onCompleted()
                        return true
                    }
                } catch {
                    downstream.onError(error)
                    return true
                }
                downstream.onNext(state)
            }
            return false
        }
    }
}
