/// What a multi-input core knows of one input's typed storage: the queue of
/// elements that arrived while another caller held the delivery turn.
@usableFromInline
class MultiInputStorage {
    init() {}

    /// Moves the oldest queued element to where the turn holder expects it. Under
    /// the drain queue's lock, by the turn holder.
    func applyQueued() {}

    /// Drops the queued elements. Under the drain queue's lock.
    func dropQueued() {}
}

/// The part `zip` and `combineLatest` share: one subscription per input,
/// delivery serialised by a `SerialDrain`, and the contended path that queues
/// an input's event in the drain and its element in the input's storage. It is
/// the subscription's disposable.
///
/// The operator's core (`ZipCore`, `CombineLatestCore`) adds its state machine,
/// the uncontended element path and `handle(_:)`, which acts on one queued event
/// with the turn held.
@usableFromInline
class MultiInputCore<Result>: DisposeBase, Disposable, @unchecked Sendable {
    // Sendable: the inputs' queues are touched only under the lock of `delivery`'s
    // queue; the downstream and the subclass's state only by the holder of
    // `delivery`'s turn; the subscriptions are thread-safe. The stored properties
    // are final so that subclasses' inlinable code reaches them directly.
    @usableFromInline final let delivery = SerialDrain<InputEvent>()
    private final let inputs: [MultiInputStorage]
    @usableFromInline final let downstream: Sink<Result>
    /// One per input. An input's subscription ends at its terminal event, as in RxSwift.
    @usableFromInline final let subscriptions: [SingleAssignmentDisposable]

    init(inputs: [MultiInputStorage], downstream: Sink<Result>) {
        self.inputs = inputs
        self.downstream = downstream
        subscriptions = inputs.map { _ in SingleAssignmentDisposable() }
    }

    /// Acts on one event with the turn held; a queued element has already moved
    /// from its input's queue (`applyQueued()`). The subclass's job.
    func handle(_ event: InputEvent) {
        // Not a protocol: this class's shared code calls it per queued event; a vtable call reaches the subclass.
        preconditionFailure("Internal inconsistency: MultiInputCore.handle(_:) must be overridden")
    }

    /// Subscribes the inputs (`subscribe` calls `subscribe(_:at:arrived:)` for
    /// each, in order) and returns the subscription's disposable. With no input,
    /// completes at once.
    @usableFromInline
    final func run(_ subscribe: () -> Void) -> any Disposable {
        if inputs.isEmpty {
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

    /// An input's terminal event: handled now if the turn is free, else queued.
    /// The input's subscription ends at once, before the event is handled, as in RxSwift.
    @usableFromInline
    final func ended(_ event: InputEvent) {
        switch event {
        case .completed(let index), .failed(let index, _): subscriptions[index].dispose()
        case .element: break
        }
        delivery.send(event, taking: moveQueuedElement, deliver: handle)
    }

    /// Lets go of the turn, after handling what others queued meanwhile.
    @inlinable @inline(__always)
    final func releaseTurn() {
        if !delivery.release() { drainQueued() }
    }

    /// With the turn held and events queued: handles them in order, then lets go.
    @usableFromInline @inline(never)
    final func drainQueued() {
        delivery.continueDraining(taking: moveQueuedElement, handle)
    }

    /// As an event leaves the drain's queue (under its lock): a queued element
    /// moves from its input's own queue to where `handle` expects it.
    private final func moveQueuedElement(_ event: InputEvent) {
        if case .element(let index) = event { inputs[index].applyQueued() }
    }

    @usableFromInline
    final func dispose() {
        delivery.close { for input in inputs { input.dropQueued() } }
        for subscription in subscriptions { subscription.dispose() }
    }
}
