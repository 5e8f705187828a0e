extension ObservableType {
    /// Combines the latest elements of the observables in `collection` with
    /// `resultSelector` whenever any of them emits, once each has emitted.
    ///
    /// Completes when every source has completed (or when a source emits while
    /// all the others have completed and one has never emitted); fails as soon as
    /// one fails. `resultSelector` runs on the thread that delivers, never
    /// concurrently with itself; an error it throws ends the sequence.
    ///
    /// ```
    /// a:              -1---2----|
    /// b:              ---x---y--|
    /// combineLatest:  ---1x-2x-2y-|
    /// ```
    public static func combineLatest<Sources: Swift.Collection>(
        _ collection: Sources, resultSelector: @escaping ([Sources.Element.Element]) throws -> Element
    ) -> Observable<Element> where Sources.Element: ObservableType {
        let sources = collection.map { $0.asObservable() }
        return CombineLatestObservable(
            initial: [Sources.Element.Element?](repeating: nil, count: sources.count),
            count: sources.count,
            subscribe: { sink in
                sources.enumerated().map { index, source in
                    sink.subscribe(source, at: index) { $0[index] = $1 }
                }
            },
            project: { values in try resultSelector(values.map { $0! }) }
        )
    }

    /// Emits an array of the latest elements of the observables in `collection`
    /// whenever any of them emits, once each has emitted; see
    /// `combineLatest(_:resultSelector:)`.
    public static func combineLatest<Sources: Swift.Collection>(_ collection: Sources) -> Observable<[Element]>
        where Sources.Element: ObservableType, Sources.Element.Element == Element {
        Observable<[Element]>.combineLatest(collection) { $0 }
    }
}

// Sendable: immutable after init; each subscription keeps its own state.
final class CombineLatestObservable<Values, Result>: Observable<Result>, @unchecked Sendable {
    typealias Subscribe = (CombineLatestSink<Values, Result>) -> [any Disposable]

    private let initial: Values
    private let count: Int
    private let subscribe: Subscribe
    private let project: (Values) throws -> Result

    /// - Parameters:
    ///   - initial: `Values` with no element for any input.
    ///   - subscribe: Subscribes each input through `CombineLatestSink.subscribe(_:at:write:)`.
    ///   - project: Builds the result from a snapshot in which every input has a value.
    init(initial: Values, count: Int, subscribe: @escaping Subscribe, project: @escaping (Values) throws -> Result) {
        self.initial = initial
        self.count = count
        self.subscribe = subscribe
        self.project = project
    }

    override func run(_ sink: Sink<Result>) -> any Disposable {
        let combine = CombineLatestSink(initial: initial, count: count, project: project, downstream: sink)
        if count == 0 {
            sink.onCompleted()
            return Disposables.create()
        }
        combine.subscriptions = Disposables.create(subscribe(combine))
        return combine
    }
}

/// The shared end of every input: the state machine behind the lock, the
/// selector, and delivery. The lock guards `state` (latest values, bookkeeping,
/// delivery queue); the selector and the downstream run outside it.
final class CombineLatestSink<Values, Result>: Disposable, @unchecked Sendable {
    // Sendable: `state` is behind its lock; `subscriptions` is set once in `run`,
    // before anything else can reach this object.
    private let state: Locked<CombineLatestState<Values>>
    private let project: (Values) throws -> Result
    private let downstream: Sink<Result>
    fileprivate var subscriptions: (any Disposable)?

    init(initial: Values, count: Int, project: @escaping (Values) throws -> Result, downstream: Sink<Result>) {
        state = Locked(CombineLatestState(values: initial, count: count))
        self.project = project
        self.downstream = downstream
        #if DEBUG
        Resources.increment()
        #endif
    }

    deinit {
        #if DEBUG
        Resources.decrement()
        #endif
    }

    /// Subscribes input `index`; `write` stores its element into the values.
    func subscribe<Element>(
        _ source: Observable<Element>, at index: Int, write: @escaping (inout Values, Element) -> Void
    ) -> any Disposable {
        source.run(CombineLatestInputSink(parent: self, index: index, write: write))
    }

    fileprivate func elementReceived<Element>(_ element: Element, at index: Int, write: (inout Values, Element) -> Void) {
        let action = state.withLock { state in
            write(&state.values, element)
            return state.elementReceived(at: index)
        }
        perform(action) { downstream.onCompleted() }
    }

    fileprivate func completed(at index: Int) {
        perform(state.withLock { $0.completed(at: index) }) { downstream.onCompleted() }
    }

    fileprivate func failed(_ error: any Swift.Error) {
        perform(state.withLock { $0.failed(error) }) { downstream.onError(error) }
    }

    private func perform(_ action: CombineLatestState<Values>.Action, terminal: () -> Void) {
        switch action {
        case .none: return
        case .deliver(let values): guard emit(values) else { return }
        case .deliverTerminal: terminal()
        }
        state.drainDeliveries(finish: { $0.delivery.finishDelivery() }, take: { $0.delivery.takePending() }) { item in
            switch item {
            case .value(let values): emit(values)
            case .error(let error): downstream.onError(error)
            case .completed: downstream.onCompleted()
            }
        }
    }

    /// Runs the selector and emits its result; a throw becomes the error event.
    /// Returns false if it threw (the queue has then been emptied).
    @discardableResult
    private func emit(_ values: Values) -> Bool {
        downstream.onNext(values, projectedBy: project) { state.withLock { $0.delivery.failWhileDelivering() } }
    }

    func dispose() {
        state.withLock { $0.delivery.dispose() }
        subscriptions?.dispose()
    }
}

/// One input of `combineLatest`: forwards to the shared sink with its index.
private final class CombineLatestInputSink<Element, Values, Result>: Sink<Element> {
    private let parent: CombineLatestSink<Values, Result>
    private let index: Int
    private let write: (inout Values, Element) -> Void

    init(parent: CombineLatestSink<Values, Result>, index: Int, write: @escaping (inout Values, Element) -> Void) {
        self.parent = parent
        self.index = index
        self.write = write
    }

    override func onNext(_ element: Element) { parent.elementReceived(element, at: index, write: write) }
    override func onError(_ error: any Swift.Error) { parent.failed(error) }
    override func onCompleted() { parent.completed(at: index) }
}
