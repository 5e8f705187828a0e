/// Serialises delivery to one downstream from several threads, on a path cheap
/// enough for every element: `merge`'s inner subscriptions all deliver through one.
///
/// A `SerialDrain` of elements and the terminal event: uncontended, an element
/// costs two compare-and-swaps and no lock. Elements that arrive while another
/// caller delivers wait in the drain's queue, and that caller delivers them, in
/// order, before it lets go.
final class SerialDeliverer<Element>: Disposable, @unchecked Sendable {
    // Sendable: the drain is thread-safe; `isStopped` and the downstream are
    // touched only by the caller that holds the drain's turn.
    private let drain = SerialDrain<Item>()
    private let downstream: Sink<Element>

    /// An element, or the terminal event (`nil` error: completion).
    private enum Item {
        case next(Element)
        case end((any Swift.Error)?)
    }

    /// A terminal event was delivered: later items are dropped. Turn holder's state.
    @exclusivity(unchecked) private var isStopped = false

    init(downstream: Sink<Element>) {
        self.downstream = downstream
    }

    /// Delivers `element` now, or queues it behind the running delivery.
    @inline(__always)
    func deliver(_ element: Element) {
        if drain.tryClaim() {
            if !isStopped { downstream.onNext(element) }
            if !drain.release() { continueDraining() }
        } else {
            offerNext(element)
        }
    }

    /// Delivers the terminal event (`nil` is completion) now, or queues it; only
    /// the first terminal event counts.
    func end(_ error: (any Swift.Error)?) {
        drain.send(.end(error), deliver: deliver)
    }

    /// Drops what is queued and everything offered later.
    func dispose() {
        drain.close()
    }

    /// The slow path of `deliver(_:)`, out of line: building an `Item` needs its
    /// generic metadata, which the fast path must not look up.
    @inline(never)
    private func offerNext(_ element: Element) {
        let item = Item.next(element)
        guard drain.offer(item) else { return }
        deliver(item)
        drain.drain(deliver)
    }

    @inline(never)
    private func continueDraining() {
        drain.continueDraining(deliver)
    }

    /// Delivers one item with the turn held.
    private func deliver(_ item: Item) {
        guard !isStopped else { return }
        switch item {
        case .next(let element):
            downstream.onNext(element)
        case .end(let error):
            isStopped = true
            if let error { downstream.onError(error) } else { downstream.onCompleted() }
        }
    }
}
