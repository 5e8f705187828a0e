/// Serialises delivery to one downstream from several threads, on a path cheap
/// enough for every element: `merge`'s inner subscriptions all deliver through one.
///
/// The same protocol as `SerialDelivery` (the first caller delivers, callers that
/// arrive meanwhile queue, the deliverer drains before letting go), but the lock
/// guards a non-generic `DeliveryGate`, so the uncontended path touches no
/// generic metadata: two uncontended lock/unlock pairs per element. The queue of
/// waiting items is only touched when a delivery is already running.
final class SerialDeliverer<Element>: Disposable, @unchecked Sendable {
    // Sendable: `pending` is read and written only inside `gate.withLock`; the
    // downstream is called only by the holder of the delivery role.
    private let gate = Locked(DeliveryGate())
    private let downstream: Sink<Element>
    // The queue, touched only under the gate's lock and only when a delivery is
    // running: elements in order, then possibly the terminal event (nothing is
    // accepted after it). No enum of the two, whose generic metadata the
    // uncontended path would otherwise look up per element.
    @exclusivity(unchecked) private var pending: [Element] = []
    @exclusivity(unchecked) private var head = 0
    @exclusivity(unchecked) private var pendingEnd: PendingEnd?

    init(downstream: Sink<Element>) {
        self.downstream = downstream
    }

    /// Delivers `element` now, or queues it behind the running delivery.
    func deliver(_ element: Element) {
        let deliverNow = gate.withLock { gate -> Bool in
            switch gate.offer() {
            case .deliver: return true
            case .queue:
                enqueue(element)
                return false
            case .drop: return false
            }
        }
        guard deliverNow else { return }
        downstream.onNext(element)
        drain()
    }

    /// Delivers the terminal event (`nil` is completion) now, or queues it; only
    /// the first terminal event counts.
    func end(_ error: (any Swift.Error)?) {
        let deliverNow = gate.withLock { gate -> Bool in
            switch gate.offerTerminal() {
            case .deliver: return true
            case .queue:
                pendingEnd = PendingEnd(error: error)
                return false
            case .drop: return false
            }
        }
        guard deliverNow else { return }
        if let error { downstream.onError(error) } else { downstream.onCompleted() }
        drain()
    }

    /// Drops what is queued and everything offered later.
    func dispose() {
        gate.withLock { gate in
            gate.dispose()
            pending.removeAll()
            head = 0
            pendingEnd = nil
        }
    }

    @inline(never)
    private func enqueue(_ element: Element) {
        pending.append(element)
    }

    private func drain() {
        // Two steps, so the common case (nothing queued) touches no queue.
        while !gate.withLock({ gate in gate.finishDelivery() }) {
            deliverQueued()
        }
    }

    /// Delivers the oldest queued item, taken under the lock after `finishDelivery()`
    /// returned false.
    @inline(never)
    private func deliverQueued() {
        let (element, end): (Element?, PendingEnd?) = gate.withLock { _ in
            guard head < pending.count else {
                defer { pendingEnd = nil }
                return (nil, pendingEnd)
            }
            let element = pending[head]
            head += 1
            if head == pending.count {
                pending.removeAll(keepingCapacity: pending.capacity <= 64)
                head = 0
            }
            return (element, nil)
        }
        if let element {
            downstream.onNext(element)
        } else if let end {
            if let error = end.error { downstream.onError(error) } else { downstream.onCompleted() }
        }
    }
}

/// A queued terminal event: an error, or completion when `error` is nil.
private struct PendingEnd {
    let error: (any Swift.Error)?
}

/// The flags of a `SerialDeliverer`, kept non-generic so that locking them costs
/// no metadata lookup.
struct DeliveryGate {
    enum Decision {
        case deliver
        case queue
        case drop
    }

    private var isDelivering = false
    private var isStopped = false
    /// Items queued and not yet taken by the deliverer.
    private var queued = 0

    mutating func offer() -> Decision {
        if isStopped { return .drop }
        if isDelivering {
            queued += 1
            return .queue
        }
        isDelivering = true
        return .deliver
    }

    mutating func offerTerminal() -> Decision {
        let decision = offer()
        if decision != .drop { isStopped = true }
        return decision
    }

    mutating func dispose() {
        isStopped = true
        queued = 0
    }

    /// After an item: true (and the role is released) when nothing is queued;
    /// otherwise takes one queued item's place.
    mutating func finishDelivery() -> Bool {
        if queued == 0 {
            isDelivering = false
            return true
        }
        queued -= 1
        return false
    }
}
