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
        return OperatorObservable { downstream in
            let slots = sources.map { _ in CombineLatestSlot<Sources.Element.Element>() }
            let core = CombineLatestCore(slots: slots, project: { try resultSelector(slots.map(\.value)) }, downstream: downstream)
            return core.run {
                sources.indices.map { core.subscribe(sources[$0], at: $0, slot: slots[$0]) }
            }
        }
    }

    /// Emits an array of the latest elements of the observables in `collection`
    /// whenever any of them emits, once each has emitted; see
    /// `combineLatest(_:resultSelector:)`.
    public static func combineLatest<Sources: Swift.Collection>(_ collection: Sources) -> Observable<[Element]>
        where Sources.Element: ObservableType, Sources.Element.Element == Element {
        Observable<[Element]>.combineLatest(collection) { $0 }
    }
}

/// One input's latest value and its queued elements.
///
/// `value` is touched only by the holder of the delivery role (see
/// `CombineLatestState`), one thread at a time; `queue` only under the core's lock.
/// A one-element buffer rather than an `Optional`, so reading it per element
/// needs no generic metadata.
class CombineLatestSlotBase {
    /// Moves the oldest queued element into the value. Under the core's lock.
    func applyQueued() {}
    /// Drops the queued elements. Under the core's lock.
    func dropQueued() {}
}

final class CombineLatestSlot<Element>: CombineLatestSlotBase {
    private let storage = UnsafeMutablePointer<Element>.allocate(capacity: 1)
    @exclusivity(unchecked) private var isInitialized = false
    @exclusivity(unchecked) private var queue: [Element] = []
    @exclusivity(unchecked) private var head = 0

    deinit {
        if isInitialized { storage.deinitialize(count: 1) }
        storage.deallocate()
    }

    /// The latest value; only once the input has produced one.
    var value: Element { storage.pointee }

    func store(_ element: Element) {
        if isInitialized {
            storage.pointee = element
        } else {
            storage.initialize(to: element)
            isInitialized = true
        }
    }

    @inline(never)
    func enqueue(_ element: Element) {
        queue.append(element)
    }

    override func applyQueued() {
        store(queue[head])
        head += 1
        if head == queue.count {
            queue.removeAll(keepingCapacity: queue.capacity <= 64)
            head = 0
        }
    }

    override func dropQueued() {
        queue.removeAll()
        head = 0
    }
}

/// The shared end of every input: the state machine behind the lock, the typed
/// slots, the selector, and delivery.
final class CombineLatestCore<Result>: ResourceCounted, Disposable, @unchecked Sendable {
    // Sendable: `state` and the slots' queues are touched only under `state`'s
    // lock; the slots' values, the selector and the downstream only by the holder
    // of the delivery role; `subscriptions` is set once before any input runs.
    private let state: Locked<CombineLatestState>
    private let slots: [CombineLatestSlotBase]
    private let project: () throws -> Result
    private let downstream: Sink<Result>
    private var subscriptions: (any Disposable)?

    /// - Parameter project: Builds the result from the slots' values.
    init(slots: [CombineLatestSlotBase], project: @escaping () throws -> Result, downstream: Sink<Result>) {
        state = Locked(CombineLatestState(count: slots.count))
        self.slots = slots
        self.project = project
        self.downstream = downstream
    }

    /// Subscribes the inputs that `subscribe` returns and returns what ends them all.
    func run(_ subscribe: () -> [any Disposable]) -> any Disposable {
        if slots.isEmpty {
            downstream.onCompleted()
            return Disposables.create()
        }
        subscriptions = Disposables.create(subscribe())
        return self
    }

    /// Subscribes `source` as input `index`, writing into `slot`.
    func subscribe<Element>(_ source: Observable<Element>, at index: Int, slot: CombineLatestSlot<Element>) -> any Disposable {
        source.run(CombineLatestInputSink(core: self, index: index, slot: slot))
    }

    fileprivate func elementArrived<Element>(_ element: Element, at index: Int, slot: CombineLatestSlot<Element>) {
        let arrival = state.withLock { state -> CombineLatestState.Arrival in
            let arrival = state.elementArrived(at: index)
            if arrival == .queue { slot.enqueue(element) }
            return arrival
        }
        guard case .deliver(let step) = arrival else { return }
        slot.store(element)
        guard perform(step) else { return }
        drain()
    }

    fileprivate func ended(_ ending: CombineLatestState.Ending, error: (any Swift.Error)?) {
        guard ending == .deliver else { return }
        if let error { downstream.onError(error) } else { downstream.onCompleted() }
        drain()
    }

    fileprivate func completed(at index: Int) {
        ended(state.withLock { $0.completed(at: index) }, error: nil)
    }

    fileprivate func failed(_ error: any Swift.Error) {
        ended(state.withLock { $0.failed(error) }, error: error)
    }

    /// Acts on a step as the delivery role holder. Returns false if the selector
    /// threw (the role's queue was dropped and the error delivered).
    private func perform(_ step: CombineLatestState.Step) -> Bool {
        switch step {
        case .wait:
            return true
        case .complete:
            state.withLock { state in for slot in slots { slot.dropQueued() } }
            downstream.onCompleted()
            return true
        case .emit:
            let result: Result
            do {
                result = try project()
            } catch {
                let deliver = state.withLock { state -> Bool in
                    for slot in slots { slot.dropQueued() }
                    return state.failWhileDelivering()
                }
                if deliver { downstream.onError(error) }
                return true
            }
            downstream.onNext(result)
            return true
        }
    }

    private func drain() {
        while !state.withLock({ $0.releaseIfIdle() }) {
            let next = state.withLock { state -> CombineLatestState.Next in
                let next = state.next()
                if case .apply(let index, _) = next { slots[index].applyQueued() }
                return next
            }
            switch next {
            case .release: return
            case .apply(_, let step): _ = perform(step)
            case .end(let error): if let error { downstream.onError(error) } else { downstream.onCompleted() }
            }
        }
    }

    func dispose() {
        state.withLock { state in
            state.dispose()
            for slot in slots { slot.dropQueued() }
        }
        subscriptions?.dispose()
    }
}

/// One input of `combineLatest`: forwards to the core with its index and slot.
private final class CombineLatestInputSink<Element, Result>: Sink<Element> {
    private let core: CombineLatestCore<Result>
    private let index: Int
    private let slot: CombineLatestSlot<Element>

    init(core: CombineLatestCore<Result>, index: Int, slot: CombineLatestSlot<Element>) {
        self.core = core
        self.index = index
        self.slot = slot
    }

    override func onNext(_ element: Element) { core.elementArrived(element, at: index, slot: slot) }
    override func onError(_ error: any Swift.Error) { core.failed(error) }
    override func onCompleted() { core.completed(at: index) }
}
