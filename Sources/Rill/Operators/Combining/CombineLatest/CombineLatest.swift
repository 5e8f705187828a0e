extension ObservableType {
    /// Combines the latest elements of the observables in `collection` with
    /// `resultSelector` whenever any of them emits, once each has emitted.
    ///
    /// Completes when every source has completed (or when a source emits while
    /// all the others have completed and one has never emitted); fails as soon as
    /// one fails. `resultSelector` runs on the thread that delivers, never
    /// concurrently with itself; an error it throws ends the sequence.
    ///
    /// An empty collection emits `resultSelector([])` when subscribed, then
    /// completes (as RxSwift 6.10 does); if the selector throws, it fails instead.
    ///
    /// ```
    /// a:              -1---2----|
    /// b:              ---x---y--|
    /// combineLatest:  ---1x-2x-2y-|
    /// ```
    /// - Parameters:
    ///   - collection: The sources.
    ///   - resultSelector: Combines one element of each source into the result element; an
    ///     error it throws ends the result with that error.
    ///   - isolation: The caller's actor, found automatically: a selector
    ///     written in actor-isolated code is checked when it runs (see `map`).
    @_alwaysEmitIntoClient
    public static func combineLatest<Sources: Swift.Collection>(
        _ collection: Sources, resultSelector: @escaping ([Sources.Element.Element]) throws -> Element,
        isolation: isolated (any Actor)? = #isolation
    ) -> Observable<Element> where Sources.Element: ObservableType {
        let resultSelector = IsolationCheck.guarding(resultSelector, isolation, "combineLatest(_:resultSelector:)")
        return CombineLatestObservable(sources: collection.map { $0.asObservable() }, resultSelector: resultSelector)
    }

    /// Emits an array of the latest elements of the observables in `collection`
    /// whenever any of them emits, once each has emitted; see
    /// `combineLatest(_:resultSelector:)`. An empty collection emits one empty
    /// array, then completes.
    @_alwaysEmitIntoClient
    public static func combineLatest<Sources: Swift.Collection>(_ collection: Sources) -> Observable<[Element]>
        where Sources.Element: ObservableType, Sources.Element.Element == Element {
        Observable<[Element]>.combineLatest(collection) { $0 }
    }
}

/// `combineLatest` over a collection of sources of one element type.
// Sendable: immutable after init; each subscription keeps its own state.
@usableFromInline
final class CombineLatestObservable<Element, Result>: Observable<Result>, @unchecked Sendable {
    private let sources: [Observable<Element>]
    private let resultSelector: ([Element]) throws -> Result

    @usableFromInline
    init(sources: [Observable<Element>], resultSelector: @escaping ([Element]) throws -> Result) {
        self.sources = sources
        self.resultSelector = resultSelector
    }

    override func run(_ sink: Sink<Result>) -> any Disposable {
        guard !sources.isEmpty else {
            do {
                sink.onNext(try resultSelector([]))
                sink.onCompleted()
            } catch {
                sink.onError(error)
            }
            return Disposables.create()
        }
        let core = CombineLatestCollection(count: sources.count, resultSelector, downstream: sink)
        return core.run {
            for (index, source) in sources.enumerated() {
                core.subscribe(source, at: index) { core.arrived($0, at: index, slot: core.typedSlots[index]) }
            }
        }
    }
}

/// One input's latest value and its queued elements.
///
/// `value` is touched only by the holder of the core's delivery turn, one thread
/// at a time; `queue` only under the lock of the core's drain queue. A
/// one-element buffer rather than an `Optional`, so reading it per element needs
/// no generic metadata.
@usableFromInline
final class CombineLatestSlot<Element>: MultiInputStorage {
    @usableFromInline let storage = UnsafeMutablePointer<Element>.allocate(capacity: 1)
    @usableFromInline @exclusivity(unchecked) var isInitialized = false
    /// Elements that arrived while another input held the turn; under the drain queue's lock.
    @exclusivity(unchecked) private var queue = RingBuffer<Element>()

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

    @inline(never)
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

/// One combineLatest subscription: the state machine and the typed path of an
/// element, on top of `MultiInputCore` (subscriptions, serialised delivery, the
/// queues). A subclass per form of `combineLatest` (one per fixed arity, one for
/// a collection) adds the typed slots and the result selector:
/// `emitCombination()`.
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
class CombineLatestCore<Result>: MultiInputCore<Result>, @unchecked Sendable {
    // Sendable: as `MultiInputCore`; `state` and the slots' values are touched only
    // by the holder of `delivery`'s turn.
    @usableFromInline @exclusivity(unchecked) final var state: CombineLatestState

    @usableFromInline
    init(slots: [MultiInputStorage], downstream: Sink<Result>) {
        state = CombineLatestState(count: slots.count)
        super.init(inputs: slots, downstream: downstream)
    }

    /// Combines the slots' values with the result selector and delivers the
    /// result; an error the selector throws ends the sequence. The subclass's job;
    /// called with the turn held, once every input has a value.
    func emitCombination() {
        // Not a protocol: called per combination from unspecialised code; a vtable call reaches the generated subclass.
        preconditionFailure("Internal inconsistency: CombineLatestCore.emitCombination() must be overridden")
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

    /// Acts on one event with the turn held. A queued element's value has already
    /// moved from its slot's queue to the slot.
    override final func handle(_ event: InputEvent) {
        switch event {
        case .element(let index):
            if let step = state.elementArrived(at: index) { perform(step) }
        case .completed(let index):
            if state.completed(at: index) { downstream.onCompleted() }
        case .failed(_, let error):
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
