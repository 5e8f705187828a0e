/// The part of a multi-input operator's state machine that serialises delivery to
/// its one downstream: the first input to arrive delivers, inputs that arrive
/// while it does (from another thread, or re-entrantly from the downstream) queue
/// their item, and the deliverer drains the queue before it lets go.
///
/// It lives inside the operator's `Locked` state, so deciding what to emit and
/// claiming the right to emit it are one atomic step: items leave in the order
/// their decisions were made. The delivery itself happens after unlocking.
///
/// Protocol for the caller, per item:
/// 1. Under the lock: `offer(_:)` or `offerTerminal(_:)`. True means "deliver it now".
/// 2. After unlocking: deliver it, then under the lock call `finishDelivery()`.
///    While it returns false, `takePending()` the next item (under the lock),
///    deliver it, and repeat.
///
/// After a terminal item is accepted (or `stop()`), later offers are dropped.
struct SerialDelivery<Value> {
    /// An item waiting to be delivered.
    enum Item {
        case value(Value)
        case error(any Swift.Error)
        case completed
    }

    /// Whether some caller holds the right to deliver.
    private var isDelivering = false
    /// Whether a terminal item was accepted or the operator was disposed.
    private(set) var isStopped = false
    private var isDisposed = false
    private var pending = DeliveryQueue<Item>()

    init() {}

    /// Offers `value`. Returns true if the caller must deliver it now.
    mutating func offer(_ value: Value) -> Bool {
        if isStopped { return false }
        if isDelivering {
            pending.append(.value(value))
            return false
        }
        isDelivering = true
        return true
    }

    /// Offers the terminal event (`nil` is completion). Returns true if the
    /// caller must deliver it now. Only the first terminal offer is accepted.
    mutating func offerTerminal(_ error: (any Swift.Error)?) -> Bool {
        if isStopped { return false }
        isStopped = true
        if isDelivering {
            pending.append(error.map { .error($0) } ?? .completed)
            return false
        }
        isDelivering = true
        return true
    }

    /// Drops everything queued and every later offer: the operator was disposed.
    mutating func dispose() {
        isDisposed = true
        isStopped = true
        pending.removeAll()
    }

    /// For the deliverer only, when producing a value failed (a throwing
    /// selector): drops what is queued, including a queued terminal event, and
    /// stops. Returns true if the caller must deliver the error (not disposed).
    mutating func failWhileDelivering() -> Bool {
        isStopped = true
        pending.removeAll()
        return !isDisposed
    }

    /// Called by the deliverer after each item. Returns true, and gives up the
    /// right to deliver, when nothing is queued.
    mutating func finishDelivery() -> Bool {
        guard pending.isEmpty else { return false }
        isDelivering = false
        return true
    }

    /// The next queued item; only after `finishDelivery()` returned false.
    mutating func takePending() -> Item {
        guard let item = pending.removeFirst() else {
            preconditionFailure("Internal inconsistency: takePending() with nothing queued")
        }
        return item
    }
}

extension Locked {
    /// The deliverer's loop: after delivering the item it was handed, delivers
    /// what others queued meanwhile, each outside the lock, until the queue is
    /// empty. `finish` and `take` call the state's `SerialDelivery`.
    @inline(__always)
    func drainDeliveries<Value>(
        finish: (inout State) -> Bool,
        take: (inout State) -> SerialDelivery<Value>.Item,
        deliver: (SerialDelivery<Value>.Item) -> Void
    ) {
        while !withLock(finish) {
            deliver(withLock(take))
        }
    }
}

extension Sink {
    /// Delivers an item taken from a `SerialDelivery` queue.
    final func receive(_ item: SerialDelivery<Element>.Item) {
        switch item {
        case .value(let element): onNext(element)
        case .error(let error): onError(error)
        case .completed: onCompleted()
        }
    }
}

extension Sink {
    /// For a deliverer that runs a user's selector: emits `project(value)`. If
    /// `project` throws, calls `abandon` (which calls the state's
    /// `failWhileDelivering()` under the lock) and delivers the error if it
    /// returns true. Returns false if `project` threw.
    @discardableResult
    final func onNext<Value>(_ value: Value, projectedBy project: (Value) throws -> Element, orAbandon abandon: () -> Bool) -> Bool {
        let result: Element
        do {
            result = try project(value)
        } catch {
            if abandon() { onError(error) }
            return false
        }
        onNext(result)
        return true
    }
}
