extension ObservableType {
    /// Combines the sources element by element into arrays: the first elements
    /// of each, then the second elements of each, and so on, with `resultSelector`.
    ///
    /// Behaves like `zip(_:_:resultSelector:)` for any number of sources, except
    /// for when it completes; the array holds one element per source, in the
    /// collection's order. As RxSwift 6.10 does for this form, the result
    /// completes when every source has completed, or earlier, when an element
    /// arrives that cannot form a row because every other source has completed
    /// (one of them with nothing left buffered); the remaining source is then
    /// disposed. An empty collection completes at once.
    ///
    /// - Parameters:
    ///   - collection: The sources.
    ///   - resultSelector: Combines one element of each source into the result element; an
    ///     error it throws ends the result with that error.
    ///   - isolation: The caller's actor, found automatically: a selector
    ///     written in actor-isolated code is checked when it runs (see `map`).
    /// - Returns: An observable of the combined rows.
    @_alwaysEmitIntoClient
    public static func zip<Collection: Swift.Collection>(
        _ collection: Collection,
        resultSelector: @escaping ([Collection.Element.Element]) throws -> Element,
        isolation: isolated (any Actor)? = #isolation
    ) -> Observable<Element> where Collection.Element: ObservableType {
        let resultSelector = IsolationCheck.guarding(resultSelector, isolation, "zip(_:resultSelector:)")
        let sources = collection.map { $0.asObservable() }
        guard !sources.isEmpty else { return .empty() }
        return ZipObservable(sources: sources, resultSelector: resultSelector)
    }

    /// Combines the sources element by element into arrays: the first elements
    /// of each, then the second elements of each, and so on.
    ///
    /// Behaves like `zip(_:resultSelector:)` (including when it completes); each
    /// array holds one element per source, in the collection's order. An empty
    /// collection completes at once.
    ///
    /// ```swift
    /// Observable.zip([a, b, c])   // [a1, b1, c1], [a2, b2, c2], ...
    /// ```
    ///
    /// - Returns: An observable of the rows.
    @_alwaysEmitIntoClient
    public static func zip<Collection: Swift.Collection>(
        _ collection: Collection
    ) -> Observable<[Element]> where Collection.Element: ObservableType, Collection.Element.Element == Element {
        Observable<[Element]>.zip(collection) { $0 }
    }
}

/// `zip` over a collection of sources of one element type.
// Sendable: immutable after init; each subscription keeps its own state.
@usableFromInline
final class ZipObservable<Element, Result>: Observable<Result>, @unchecked Sendable {
    private let sources: [Observable<Element>]
    private let resultSelector: ([Element]) throws -> Result

    @usableFromInline
    init(sources: [Observable<Element>], resultSelector: @escaping ([Element]) throws -> Result) {
        self.sources = sources
        self.resultSelector = resultSelector
    }

    override func run(_ sink: Sink<Result>) -> any Disposable {
        let core = ZipCollection(count: sources.count, resultSelector, downstream: sink)
        return core.run {
            for (index, source) in sources.enumerated() {
                core.subscribe(source, at: index) { core.arrived($0, at: index, buffer: core.typedBuffers[index]) }
            }
        }
    }
}

/// One zip subscription: the state machine and the typed path of an element, on
/// top of `MultiInputCore` (subscriptions, serialised delivery, the queues). A
/// subclass per form of `zip` (one per fixed arity, one for a collection) adds
/// the typed buffers and the result selector: `emitRow()`.
///
/// Uncontended, an element is buffered (or completes a row, which is combined and
/// delivered) by the thread that delivers it, with one compare-and-swap to claim
/// the turn and one to release it. An element that arrives while another thread
/// (or, re-entrantly, the downstream) holds the turn waits in its buffer's inbox,
/// its input's index in the drain's queue, and the holder takes it in order
/// before letting go.
///
/// Visible to inlinable code: the fixed-arity `zip` overloads are inlinable, and
/// each input's closure calls its final subclass's `arrived`, so an element's path
/// (claiming the turn, buffering, combining a row, delivering) is compiled in the
/// caller's specialised code, with no generic value-witness calls and no closure
/// call for the row.
@usableFromInline
class ZipCore<Result>: MultiInputCore<Result>, @unchecked Sendable {
    // Sendable: as `MultiInputCore`; `state` and the buffers' rings are touched only
    // by the holder of `delivery`'s turn.
    @usableFromInline @exclusivity(unchecked) final var state: ZipState
    private final let buffers: [ZipBufferBase]

    /// - Parameters:
    ///   - buffers: One per input, in order.
    ///   - rule: When the result completes: RxSwift's rule for separate arguments
    ///     (the default, which the generated fixed-arity cores use) or for a collection.
    ///   - downstream: Receives the rows.
    @usableFromInline
    init(buffers: [ZipBufferBase], rule: ZipState.Rule = .everyInputCompleted, downstream: Sink<Result>) {
        state = ZipState(inputCount: buffers.count, rule: rule)
        self.buffers = buffers
        super.init(inputs: buffers, downstream: downstream)
    }

    /// Takes the oldest element of every buffer, combines them with the result
    /// selector and delivers the result; an error the selector throws ends the
    /// sequence. The subclass's job; called with the turn held, once a row is
    /// complete.
    func emitRow() {
        // Not a protocol: called per row from this class's unspecialised code; a vtable call reaches the generated subclass.
        preconditionFailure("Internal inconsistency: ZipCore.emitRow() must be overridden")
    }

    /// The first half of an element's path: claims the turn and acts on
    /// `element`. True: it completed a row, so the caller emits the row and then
    /// calls `releaseTurn()`. False: nothing is left to do (the element was
    /// queued behind another delivery, buffered, dropped, or ended the sequence).
    @inlinable @inline(__always)
    final func acceptClaiming<Element>(_ element: Element, at index: Int, buffer: ZipBuffer<Element>) -> Bool {
        guard delivery.tryClaim() else {
            offer(element, at: index, buffer: buffer)
            return false
        }
        guard accept(element, at: index, buffer: buffer) else {
            releaseTurn()
            return false
        }
        return true
    }

    /// Acts on an element with the turn held. True: a row is complete; emit it.
    @inlinable @inline(__always)
    final func accept<Element>(_ element: Element, at index: Int, buffer: ZipBuffer<Element>) -> Bool {
        switch state.elementArrived(at: index) {
        case .buffer:
            buffer.append(element)
            return false
        case .deliverRow:
            buffer.append(element)
            return true
        case .discard:
            return false
        case .complete:
            complete()
            return false
        }
    }

    /// The contended path of `acceptClaiming`: queue the element, or take it if
    /// the turn came free meanwhile.
    @usableFromInline @inline(never)
    final func offer<Element>(_ element: Element, at index: Int, buffer: ZipBuffer<Element>) {
        guard delivery.offer(.element(index: index), alongside: { buffer.enqueue(element) }) else { return }
        if accept(element, at: index, buffer: buffer) { emitRow() }
        releaseTurn()
    }

    /// Acts on one queued event with the turn held. A queued element has already
    /// moved from its buffer's inbox to the end of the buffer.
    override final func handle(_ event: InputEvent) {
        switch event {
        case .element(let index):
            switch state.elementArrived(at: index) {
            case .buffer: break
            case .deliverRow: emitRow()
            case .discard: buffers[index].removeLast()
            case .complete:
                buffers[index].removeLast()
                complete()
            }
        case .completed(let index):
            if state.inputCompleted(at: index) { complete() }
        case .failed(_, let error):
            if state.inputFailed() { fail(error) }
        }
    }

    /// The result selector threw: the error ends the result.
    @usableFromInline
    final func selectorFailed(_ error: any Swift.Error) {
        state.stop()
        fail(error)
    }

    @usableFromInline
    final func complete() {
        if !delivery.isClosed { downstream.onCompleted() }
        dispose()
    }

    private final func fail(_ error: any Swift.Error) {
        if !delivery.isClosed { downstream.onError(error) }
        dispose()
    }
}

/// `zip` over a collection of sources of one element type.
final class ZipCollection<Element, Result>: ZipCore<Result>, @unchecked Sendable {
    // Sendable: as `ZipCore`; the buffers and the selector are immutable.
    let typedBuffers: [ZipBuffer<Element>]
    private let resultSelector: ([Element]) throws -> Result

    init(count: Int, _ resultSelector: @escaping ([Element]) throws -> Result, downstream: Sink<Result>) {
        let buffers = (0..<count).map { _ in ZipBuffer<Element>() }
        typedBuffers = buffers
        self.resultSelector = resultSelector
        super.init(buffers: buffers, rule: .orNoRowCanForm, downstream: downstream)
    }

    override func emitRow() {
        do {
            downstream.onNext(try resultSelector(typedBuffers.map { $0.take() }))
        } catch {
            selectorFailed(error)
        }
    }

    /// An element of input `index`.
    func arrived(_ element: Element, at index: Int, buffer: ZipBuffer<Element>) {
        guard acceptClaiming(element, at: index, buffer: buffer) else { return }
        emitRow()
        releaseTurn()
    }
}

/// The buffer of one zip input, seen without its element type.
@usableFromInline
class ZipBufferBase: MultiInputStorage {
    /// Removes the newest buffered element (one the sequence will not use). By
    /// the turn holder.
    func removeLast() {}
}

/// The elements one zip input sent that are not yet part of a row, owned by the
/// turn holder, and an inbox for elements that arrived while another thread held
/// the turn. Both are `RingBuffer`s: no allocation per element once they are large
/// enough.
@usableFromInline
final class ZipBuffer<Element>: ZipBufferBase {
    // The ring is touched only by the turn holder, the inbox only under the
    // drain queue's lock: no dynamic exclusivity checks.
    @usableFromInline @exclusivity(unchecked) var ring = RingBuffer<Element>()
    @exclusivity(unchecked) private var inbox = RingBuffer<Element>()

    @usableFromInline
    override init() {}

    /// Adds `element` at the end. By the turn holder.
    @inlinable @inline(__always)
    func append(_ element: Element) {
        ring.append(element)
    }

    /// Takes the oldest element out; a row is complete, so there is one. By the
    /// turn holder, while a row is delivered.
    @inlinable @inline(__always)
    func take() -> Element {
        ring.takeFirst()
    }

    /// Queues `element` in the inbox. Under the drain queue's lock.
    @inline(never)
    func enqueue(_ element: Element) {
        inbox.append(element)
    }

    override func applyQueued() {
        if let element = inbox.removeFirst() { append(element) }
    }

    override func removeLast() {
        ring.removeLast()
    }

    override func dropQueued() {
        inbox.removeAll()
    }
}
