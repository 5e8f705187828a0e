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
            let emit = { downstream.onNext(try resultSelector(slots.map(\.value))) }
            let core = CombineLatestCore(slots: slots, emit: emit, downstream: downstream)
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
/// `value` is touched only by the holder of the core's delivery turn, one thread
/// at a time; `queue` only under the lock of the core's drain queue. A
/// one-element buffer rather than an `Optional`, so reading it per element needs
/// no generic metadata.
@usableFromInline
class CombineLatestSlotBase {
    @usableFromInline
    init() {}

    /// Moves the oldest queued element into the value. Under the drain queue's lock.
    @usableFromInline
    func applyQueued() {}

    /// Drops the queued elements. Under the drain queue's lock.
    @usableFromInline
    func dropQueued() {}
}

/// The typed slot of one input.
@usableFromInline
final class CombineLatestSlot<Element>: CombineLatestSlotBase {
    @usableFromInline let storage = UnsafeMutablePointer<Element>.allocate(capacity: 1)
    @usableFromInline @exclusivity(unchecked) var isInitialized = false
    /// Elements that arrived while another input held the turn; under the drain queue's lock.
    @exclusivity(unchecked) private var queue = DeliveryQueue<Element>()

    @usableFromInline
    override init() {}

    deinit {
        if isInitialized { storage.deinitialize(count: 1) }
        storage.deallocate()
    }

    /// The latest value; only once the input has produced one.
    @inlinable
    var value: Element { storage.pointee }

    @inlinable
    func store(_ element: Element) {
        if isInitialized {
            storage.pointee = element
        } else {
            storage.initialize(to: element)
            isInitialized = true
        }
    }

    @usableFromInline @inline(never)
    func enqueue(_ element: Element) {
        queue.append(element)
    }

    override func applyQueued() {
        if let element = queue.removeFirst() { store(element) }
    }

    override func dropQueued() {
        queue.removeAll()
    }
}

/// The shared end of every input: the state machine, the typed slots, the
/// selector, and delivery, serialised by a `SerialDrain`.
///
/// Uncontended, an element is stored and combined by the thread that delivers it,
/// with one compare-and-swap to claim the turn and one to release it. An element
/// that arrives while another thread (or, re-entrantly, the downstream) holds the
/// turn waits in its slot's queue, its input's index in the drain's queue, and
/// the holder applies it in order before letting go.
///
/// Visible to inlinable code: the fixed-arity `combineLatest` overloads are
/// inlinable, so an element's path (the input's closure, storing the value,
/// combining) is compiled in the caller's specialised code, with no generic
/// value-witness calls.
@usableFromInline
final class CombineLatestCore<Result>: ResourceCounted, Disposable, @unchecked Sendable {
    // Sendable: the slots' queues are touched only under the lock of `delivery`'s
    // queue; `state`, the slots' values, the selector and the downstream only by
    // the holder of `delivery`'s turn; `subscriptions` is set once, by `run`.
    @usableFromInline let delivery = SerialDrain<InputEvent>()
    @usableFromInline @exclusivity(unchecked) var state: CombineLatestState
    private let slots: [CombineLatestSlotBase]
    /// Combines the slots' values and delivers the result; throws what the result selector threw.
    @usableFromInline let emit: () throws -> Void
    @usableFromInline let downstream: Sink<Result>
    private var subscriptions: (any Disposable)?

    /// - Parameter emit: Combines the slots' values and delivers the result to
    ///   `downstream`. Built by the caller, where the element types are known.
    @usableFromInline
    init(slots: [CombineLatestSlotBase], emit: @escaping () throws -> Void, downstream: Sink<Result>) {
        state = CombineLatestState(count: slots.count)
        self.slots = slots
        self.emit = emit
        self.downstream = downstream
    }

    /// Subscribes the inputs that `subscribe` returns and returns what ends them all.
    @usableFromInline
    func run(_ subscribe: () -> [any Disposable]) -> any Disposable {
        if slots.isEmpty {
            downstream.onCompleted()
            return Disposables.create()
        }
        subscriptions = Disposables.create(subscribe())
        return self
    }

    /// Subscribes input `index`, whose values go to `slot`.
    @inlinable
    func subscribe<Element>(_ source: Observable<Element>, at index: Int, slot: CombineLatestSlot<Element>) -> any Disposable {
        source.run(MultiInputSink(
            arrived: { self.elementArrived($0, at: index, slot: slot) },
            ended: { self.ended($0) },
            index: index
        ))
    }

    @inlinable @inline(__always)
    func elementArrived<Element>(_ element: Element, at index: Int, slot: CombineLatestSlot<Element>) {
        guard delivery.tryClaim() else { return offer(element, at: index, slot: slot) }
        accept(element, at: index, slot: slot)
        if !delivery.release() { drainQueued() }
    }

    /// Stores and combines an element with the turn held.
    @inlinable @inline(__always)
    func accept<Element>(_ element: Element, at index: Int, slot: CombineLatestSlot<Element>) {
        guard let step = state.elementArrived(at: index) else { return }
        slot.store(element)
        perform(step)
    }

    /// The contended path of `elementArrived`: queue the element, or deliver it if
    /// the turn came free meanwhile.
    @usableFromInline @inline(never)
    func offer<Element>(_ element: Element, at index: Int, slot: CombineLatestSlot<Element>) {
        guard delivery.offer(.element(index: index), alongside: { slot.enqueue(element) }) else { return }
        accept(element, at: index, slot: slot)
        if !delivery.release() { drainQueued() }
    }

    /// An input's terminal event: handled now if the turn is free, else queued.
    @usableFromInline
    func ended(_ event: InputEvent) {
        delivery.send(event, taking: moveQueuedElement, deliver: handle)
    }

    /// Acts on one event with the turn held. A queued element's value has already
    /// moved from its slot's queue to the slot.
    private func handle(_ event: InputEvent) {
        switch event {
        case .element(let index):
            if let step = state.elementArrived(at: index) { perform(step) }
        case .completed(let index):
            if state.completed(at: index) { downstream.onCompleted() }
        case .failed(let error):
            if state.failed() { downstream.onError(error) }
        }
    }

    @inlinable @inline(__always)
    func perform(_ step: CombineLatestState.Step) {
        guard case .emit = step else { return performRare(step) }
        do {
            try emit()
        } catch {
            selectorFailed(error)
        }
    }

    @usableFromInline
    func performRare(_ step: CombineLatestState.Step) {
        if case .complete = step { downstream.onCompleted() }
    }

    @usableFromInline
    func selectorFailed(_ error: any Swift.Error) {
        state.stop()
        if !delivery.isClosed { downstream.onError(error) }
    }

    /// With the turn held and events queued: handles them in order, then lets go.
    @usableFromInline @inline(never)
    func drainQueued() {
        delivery.continueDraining(taking: moveQueuedElement, handle)
    }

    /// As an event leaves the drain's queue (under its lock): a queued element
    /// moves from its input's own queue to where `handle` expects it.
    private func moveQueuedElement(_ event: InputEvent) {
        if case .element(let index) = event { slots[index].applyQueued() }
    }

    @usableFromInline
    func dispose() {
        delivery.close { for slot in slots { slot.dropQueued() } }
        subscriptions?.dispose()
    }
}
