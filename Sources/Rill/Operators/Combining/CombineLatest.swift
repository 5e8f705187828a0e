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
    /// - Parameter isolation: The caller's actor, found automatically: a selector
    ///   written in actor-isolated code is checked when it runs (see `map`).
    public static func combineLatest<Sources: Swift.Collection>(
        _ collection: Sources, resultSelector: @escaping ([Sources.Element.Element]) throws -> Element,
        isolation: isolated (any Actor)? = #isolation
    ) -> Observable<Element> where Sources.Element: ObservableType {
        let resultSelector = IsolationCheck.guarding(resultSelector, isolation, "combineLatest(_:resultSelector:)")
        let sources = collection.map { $0.asObservable() }
        return OperatorObservable { downstream in
            let core = CombineLatestCollection(count: sources.count, resultSelector, downstream: downstream)
            return core.run {
                for index in sources.indices {
                    core.subscribe(sources[index], at: index) { core.arrived($0, at: index, slot: core.typedSlots[index]) }
                }
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

/// The shared end of every input: the state machine, the slots and delivery,
/// serialised by a `SerialDrain`. A subclass per form of `combineLatest` (one per
/// fixed arity, one for a collection) adds the typed slots and the result
/// selector: `emitCombination()`.
///
/// Uncontended, an element is stored and combined by the thread that delivers it,
/// with one compare-and-swap to claim the turn and one to release it. An element
/// that arrives while another thread (or, re-entrantly, the downstream) holds the
/// turn waits in its slot's queue, its input's index in the drain's queue, and
/// the holder applies it in order before letting go.
///
/// Visible to inlinable code: the fixed-arity `combineLatest` overloads are
/// inlinable, and each input's closure calls its final subclass's `arrived`, so an
/// element's path (claiming the turn, storing the value, combining, delivering) is
/// compiled in the caller's specialised code, with no generic value-witness calls
/// and no closure call for the combination.
@usableFromInline
class CombineLatestCore<Result>: ResourceCounted, Disposable, @unchecked Sendable {
    // Sendable: the slots' queues are touched only under the lock of `delivery`'s
    // queue; `state`, the slots' values, the selector and the downstream only by
    // the holder of `delivery`'s turn; `subscriptions` is set once, by `run`.
    // The stored properties are final so that subclasses' inlinable code reaches
    // them directly, not through accessors.
    @usableFromInline final let delivery = SerialDrain<InputEvent>()
    @usableFromInline @exclusivity(unchecked) final var state: CombineLatestState
    private final let slots: [CombineLatestSlotBase]
    @usableFromInline final let downstream: Sink<Result>
    /// One per input. A completed input's subscription ends at once, as in RxSwift.
    @usableFromInline final let subscriptions: [SingleAssignmentDisposable]

    @usableFromInline
    init(slots: [CombineLatestSlotBase], downstream: Sink<Result>) {
        state = CombineLatestState(count: slots.count)
        self.slots = slots
        self.downstream = downstream
        subscriptions = slots.map { _ in SingleAssignmentDisposable() }
    }

    /// Combines the slots' values with the result selector and delivers the
    /// result; an error the selector throws ends the sequence. The subclass's job;
    /// called with the turn held, once every input has a value.
    @usableFromInline
    func emitCombination() {
        preconditionFailure("Internal inconsistency: CombineLatestCore.emitCombination() must be overridden")
    }

    /// Subscribes the inputs (`subscribe` calls `subscribe(_:at:arrived:)` for
    /// each, in order) and returns the subscription's disposable. With no input,
    /// completes at once.
    @usableFromInline
    final func run(_ subscribe: () -> Void) -> any Disposable {
        if slots.isEmpty {
            downstream.onCompleted()
            return Disposables.create()
        }
        subscribe()
        return self
    }

    /// Subscribes input `index`, whose elements go to `arrived`; not once the
    /// sequence has ended (an earlier input failed while being subscribed).
    @inlinable
    final func subscribe<Element>(_ source: Observable<Element>, at index: Int, arrived: @escaping (Element) -> Void) {
        guard !delivery.isClosed else { return }
        let input = MultiInputSink(arrived: arrived, ended: { self.ended($0) }, index: index)
        subscriptions[index].setDisposable(source.run(input))
    }

    /// The first half of an element's path: claims the turn and stores `element`.
    /// True: every input has a value, so the caller emits a combination and then
    /// calls `releaseTurn()`. False: nothing is left to do (the element was
    /// queued behind another delivery, dropped after the end, or stored while
    /// some input still has no value).
    @inlinable @inline(__always)
    final func storeClaiming<Element>(_ element: Element, at index: Int, slot: CombineLatestSlot<Element>) -> Bool {
        guard delivery.tryClaim() else {
            offer(element, at: index, slot: slot)
            return false
        }
        guard let step = state.elementArrived(at: index) else {
            releaseTurn()
            return false
        }
        slot.store(element)
        guard case .emit = step else {
            performRare(step)
            releaseTurn()
            return false
        }
        return true
    }

    /// Lets go of the turn, after delivering what others queued meanwhile.
    @inlinable @inline(__always)
    final func releaseTurn() {
        if !delivery.release() { drainQueued() }
    }

    /// The contended path of `storeClaiming`: queue the element, or deliver it if
    /// the turn came free meanwhile.
    @usableFromInline @inline(never)
    final func offer<Element>(_ element: Element, at index: Int, slot: CombineLatestSlot<Element>) {
        guard delivery.offer(.element(index: index), alongside: { slot.enqueue(element) }) else { return }
        if let step = state.elementArrived(at: index) {
            slot.store(element)
            perform(step)
        }
        releaseTurn()
    }

    /// An input's terminal event: handled now if the turn is free, else queued.
    /// A completed input's subscription ends at once.
    @usableFromInline
    final func ended(_ event: InputEvent) {
        if case .completed(let index) = event { subscriptions[index].dispose() }
        delivery.send(event, taking: moveQueuedElement, deliver: handle)
    }

    /// Acts on one event with the turn held. A queued element's value has already
    /// moved from its slot's queue to the slot.
    private final func handle(_ event: InputEvent) {
        switch event {
        case .element(let index):
            if let step = state.elementArrived(at: index) { perform(step) }
        case .completed(let index):
            if state.completed(at: index) { downstream.onCompleted() }
        case .failed(let error):
            if state.failed() { downstream.onError(error) }
        }
    }

    private final func perform(_ step: CombineLatestState.Step) {
        if case .emit = step {
            emitCombination()
        } else {
            performRare(step)
        }
    }

    @usableFromInline
    final func performRare(_ step: CombineLatestState.Step) {
        if case .complete = step { downstream.onCompleted() }
    }

    /// The result selector threw: the error ends the result.
    @usableFromInline
    final func selectorFailed(_ error: any Swift.Error) {
        state.stop()
        if !delivery.isClosed { downstream.onError(error) }
    }

    /// With the turn held and events queued: handles them in order, then lets go.
    @usableFromInline @inline(never)
    final func drainQueued() {
        delivery.continueDraining(taking: moveQueuedElement, handle)
    }

    /// As an event leaves the drain's queue (under its lock): a queued element
    /// moves from its input's own queue to where `handle` expects it.
    private final func moveQueuedElement(_ event: InputEvent) {
        if case .element(let index) = event { slots[index].applyQueued() }
    }

    @usableFromInline
    final func dispose() {
        delivery.close { for slot in slots { slot.dropQueued() } }
        for subscription in subscriptions { subscription.dispose() }
    }
}

/// `combineLatest` over a collection of sources of one element type.
final class CombineLatestCollection<Element, Result>: CombineLatestCore<Result>, @unchecked Sendable {
    // Sendable: as `CombineLatestCore`; the slots and the selector are immutable.
    let typedSlots: [CombineLatestSlot<Element>]
    private let resultSelector: ([Element]) throws -> Result

    init(count: Int, _ resultSelector: @escaping ([Element]) throws -> Result, downstream: Sink<Result>) {
        let slots = (0..<count).map { _ in CombineLatestSlot<Element>() }
        typedSlots = slots
        self.resultSelector = resultSelector
        super.init(slots: slots, downstream: downstream)
    }

    override func emitCombination() {
        do {
            downstream.onNext(try resultSelector(typedSlots.map(\.value)))
        } catch {
            selectorFailed(error)
        }
    }

    /// An element of input `index`.
    func arrived(_ element: Element, at index: Int, slot: CombineLatestSlot<Element>) {
        guard storeClaiming(element, at: index, slot: slot) else { return }
        emitCombination()
        releaseTurn()
    }
}
