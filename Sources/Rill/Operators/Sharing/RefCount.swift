extension ConnectableObservableType {
    /// Connects with the first subscriber and disconnects when the last one leaves.
    ///
    /// The first subscriber subscribes to the connectable observable, then connects
    /// it; later subscribers only subscribe. When the last subscriber disposes, the
    /// connection is disposed; the next subscriber connects again. When the source
    /// ends, the connection ends with it, and the next subscriber connects again
    /// (with `publish()`: a fresh subject and a new subscription to the source).
    ///
    /// ```
    /// source:                       --1--2--3--|
    /// subscriber a (from 0):        --1--2--3--|
    /// subscriber b (from 1.5):           2--3--|
    /// publish().refCount(): the source is subscribed once, at 0.
    /// ```
    ///
    /// A subscriber that receives a terminal event while subscribing (the subject had
    /// already ended) does not connect.
    ///
    /// Threading: connecting and disconnecting happen on the thread of the first
    /// subscription and of the last disposal, outside any lock, so subscribing and
    /// disposing from many threads at once connect the source exactly as often as it
    /// is subscribed and never deadlock.
    ///
    /// - Returns: An observable that manages the connection by its subscribers.
    public func refCount() -> Observable<Element> {
        RefCountObservable(source: self)
    }
}

/// The reference count of a `refCount()` and the connection it holds.
///
/// Connecting and disconnecting call out (the connectable, the source's teardown),
/// so they run after the lock is released, but in the order they were decided
/// under it: they are claimed or queued in the refCount's `SerialDrain` inside the
/// critical section that decided them, and performed one at a time. Without it,
/// the first subscriber after a disconnect could connect before the disconnect
/// ran, get the old connection back from `connect()` and then lose it to the
/// disconnect (RxSwift avoids that by disconnecting under its lock). For the same
/// reason a subscriber that arrives while nobody is connected and actions are
/// being performed subscribes as an action too: it would otherwise join the
/// subject of the connection being torn down and stay on it after that subject
/// was dropped (a window RxSwift 6.10 leaves open).
///
/// Not generic, so its locked section compiles to concrete code.
struct RefCountState {
    enum Phase {
        /// Nobody is counted in; the next subscriber connects.
        case idle
        /// `subscribers` count in `connection` (at least one). The slot is set
        /// once the connect action ran.
        case connected(SingleAssignmentDisposable, subscribers: Int)
    }

    private(set) var phase = Phase.idle
    /// Numbers connections, so a subscriber of an old connection does not count
    /// itself out of a newer one.
    private(set) var connectionID: UInt64 = 0

    /// A subscriber counts itself in. Returns the slot to connect into if it is
    /// the first.
    mutating func subscriberJoined() -> SingleAssignmentDisposable? {
        switch phase {
        case .idle:
            let slot = SingleAssignmentDisposable()
            phase = .connected(slot, subscribers: 1)
            return slot
        case .connected(let slot, let subscribers):
            phase = .connected(slot, subscribers: subscribers + 1)
            return nil
        }
    }

    /// A subscriber of connection `id` left. Returns the connection to dispose if
    /// it was the last one of the current connection.
    mutating func subscriberLeft(connection id: UInt64) -> SingleAssignmentDisposable? {
        guard id == connectionID, case .connected(let slot, let subscribers) = phase else { return nil }
        precondition(subscribers > 0, "Internal inconsistency: refCount counted a subscriber out twice")
        guard subscribers == 1 else {
            phase = .connected(slot, subscribers: subscribers - 1)
            return nil
        }
        phase = .idle
        return slot
    }

    /// The connection ended for a subscriber of connection `id` (it received the
    /// terminal event through its own sink): if it is the current one, everyone
    /// is counted out. Returns the connection to dispose.
    mutating func connectionTerminated(for id: UInt64) -> SingleAssignmentDisposable? {
        guard id == connectionID else { return nil }
        connectionID &+= 1
        guard case .connected(let slot, _) = phase else { return nil }
        phase = .idle
        return slot
    }

    /// The connection in `slot` ended (reported by Rill's own connectable): if it
    /// is still the current one, everyone is counted out.
    mutating func connectionEnded(_ slot: SingleAssignmentDisposable) {
        guard case .connected(let current, _) = phase, current === slot else { return }
        connectionID &+= 1
        phase = .idle
    }

    /// Whether nobody is counted in.
    var isIdle: Bool {
        if case .idle = phase { return true }
        return false
    }
}

/// What a connection's end listener reaches of a `refCount()`, held weakly, so a
/// connection that outlives the refCount keeps nothing of it alive. Not generic,
/// so a `@Sendable` listener can capture it.
private protocol RefCountConnectionOwner: AnyObject, Sendable {
    /// The connection in `slot` ended; see `RefCountObservable.connectionEnded(_:)`.
    func connectionEnded(_ slot: SingleAssignmentDisposable)
}

/// A connect or disconnect of a `refCount()`.
enum RefCountAction {
    /// Connect, storing the connection in this slot.
    case connect(SingleAssignmentDisposable)
    /// Dispose the connection in this slot.
    case disconnect(SingleAssignmentDisposable)
    /// Subscribe a subscriber that arrived while a disconnect was pending.
    case subscribe(() -> Void)
}

// Sendable: `state` is behind its lock; `source` and `connectable` are immutable,
// and a connectable observable may be used from any thread.
private final class RefCountObservable<Connectable: ConnectableObservableType>: Observable<Connectable.Element>,
    RefCountConnectionOwner, @unchecked Sendable {
    typealias Element = Connectable.Element

    private let connectable: Connectable
    private let source: Observable<Element>
    /// The connectable as Rill's own class: through it a subscriber subscribes to the
    /// subject directly and the count is reset when a connection ends (see
    /// `ConnectableObservable.subscribeDirectly`). Nil for other connectables.
    private let rillConnectable: ConnectableObservable<Element>?
    /// Guards the count and every `RefCountSink`'s `Membership`.
    let state = Locked(RefCountState())
    /// Connects, disconnects and deferred subscriptions, performed one at a time
    /// in the order they were decided under `state`'s lock.
    private let actions = SerialDrain<RefCountAction>()

    init(source: Connectable) {
        connectable = source
        self.source = source.asObservable()
        rillConnectable = source as? ConnectableObservable<Element>
    }

    override func run(_ sink: Sink<Element>) -> any Disposable {
        let refCountSink = RefCountSink(parent: self, downstream: sink)
        let deferred = state.withLock { state -> RefCountAction?? in
            guard state.isIdle && actions.isBusy else { return nil }
            return .some(decide(.subscribe {
                // A subscriber that left before its turn is not subscribed at all.
                guard self.state.withLock({ _ in !refCountSink.hasLeft }) else { return }
                self.subscribe(refCountSink)
            }))
        }
        if let deferred {
            perform(deferred)
        } else {
            subscribe(refCountSink)
        }
        return refCountSink
    }

    /// Subscribes `refCountSink` to the connectable, counts it in and connects if it
    /// is the first.
    private func subscribe(_ refCountSink: RefCountSink<Connectable>) {
        let subscription: any Disposable
        var endedAtOnce = false
        if let direct = rillConnectable?.subscribeDirectly(refCountSink.downstream) {
            // No sink of ours between the subject and the subscriber: the count is
            // reset by the connection's end (`connectionEnded`), not by each
            // subscriber's terminal event.
            (subscription, endedAtOnce) = direct
        } else {
            subscription = source.subscribe(refCountSink) { $0 }
        }
        let (decision, action) = state.withLock { state in
            if endedAtOnce { refCountSink.terminatedWhileSubscribing() }
            let decision = refCountSink.subscribed(subscription, &state)
            guard case .connect(let slot) = decision else { return (decision, nil as RefCountAction?) }
            return (decision, decide(.connect(slot)))
        }
        if case .ended = decision { subscription.dispose() }
        perform(action)
    }

    /// Under `state`'s lock: claims or queues `action`. Returns it if the caller
    /// must now perform it (after unlocking), then what was queued meanwhile.
    func decide(_ action: RefCountAction) -> RefCountAction? {
        actions.claimOrQueue(action) ? action : nil
    }

    /// The connection in `slot` ended (its source terminated, or it was disposed),
    /// before its subject passes a terminal event on: if it is still the current
    /// one, everyone is counted out, as RxSwift's refCount does when the first
    /// subscriber receives that event, so a subscriber that subscribes again from
    /// its terminal handler connects anew. A disconnect decided earlier already
    /// cleared the slot, so it finds nothing to do.
    func connectionEnded(_ slot: SingleAssignmentDisposable) {
        state.withLock { $0.connectionEnded(slot) }
    }

    /// Performs `first` (if this caller was handed it by `decide(_:)`), then
    /// whatever was decided meanwhile, until the queue is empty. Outside the lock.
    func perform(_ first: RefCountAction?) {
        guard let first else { return }
        run(first)
        actions.drain(run)
    }

    private func run(_ action: RefCountAction) {
        switch action {
        case .connect(let slot):
            if let rillConnectable {
                slot.setDisposable(rillConnectable.connect { [weak owner = self as any RefCountConnectionOwner] in
                    owner?.connectionEnded(slot)
                })
            } else {
                slot.setDisposable(connectable.connect())
            }
        case .disconnect(let slot): slot.dispose()
        case .subscribe(let body): body()
        }
    }
}

/// What a subscription to a `refCount()` does after subscribing to the connectable.
enum RefCountDecision {
    /// It already ended (its terminal event came while subscribing) or was disposed:
    /// it does not count, nothing is connected.
    case ended
    /// It counted itself into the running connection.
    case joined
    /// It is the first: it connects, storing the connection in this slot.
    case connect(SingleAssignmentDisposable)
}

/// One subscriber of a `refCount()`: forwards the connectable's events and counts
/// itself in and out of the connection.
// Sendable: `membership` is only touched under the parent's lock (`LockGuarded`);
// `downstream` receives the connectable's events, which the Rx grammar serialises.
private final class RefCountSink<Connectable: ConnectableObservableType>: Sink<Connectable.Element>, Disposable,
    @unchecked Sendable {
    typealias Element = Connectable.Element

    /// This subscriber's standing, under the parent's lock.
    private struct Membership {
        /// The connection it counts in, once counted.
        var connectionID: UInt64?
        /// The subscription to the connectable, once `run` returned it.
        var subscription: (any Disposable)?
        var isTerminated = false
        var isDisposed = false
    }

    private let parent: RefCountObservable<Connectable>
    /// The subscriber: this sink forwards to it, or, subscribed directly to the
    /// subject, it receives the events itself and this object only keeps the count.
    let downstream: Sink<Element>
    /// Guarded by the parent's lock, which also guards the count it belongs to.
    @exclusivity(unchecked) private var membership = LockGuarded(Membership())

    init(parent: RefCountObservable<Connectable>, downstream: Sink<Element>) {
        self.parent = parent
        self.downstream = downstream
    }

    /// Runs `body` on the membership; the caller holds the parent's lock.
    private func withMembership<Result>(_ body: (inout Membership) -> Result) -> Result {
        membership.withValue(guardedBy: parent.state, body)
    }

    /// Under the parent's lock: whether it ended or was disposed.
    var hasLeft: Bool { withMembership { $0.isTerminated || $0.isDisposed } }

    /// The subscriber, subscribed directly, received a terminal event while
    /// subscribing: it does not connect. Under the parent's lock.
    func terminatedWhileSubscribing() {
        withMembership { $0.isTerminated = true }
    }

    /// Under the parent's lock: the subscription to the connectable is in place.
    func subscribed(_ subscription: any Disposable, _ state: inout RefCountState) -> RefCountDecision {
        if hasLeft { return .ended }
        withMembership { membership in
            membership.subscription = subscription
            membership.connectionID = state.connectionID
        }
        guard let slot = state.subscriberJoined() else { return .joined }
        return .connect(slot)
    }

    override func onNext(_ element: Element) {
        downstream.onNext(element)
    }

    override func onError(_ error: any Swift.Error) {
        terminate(.error(error))
    }

    override func onCompleted() {
        terminate(.completed)
    }

    /// The connection ended for this subscriber: if it counted in the current
    /// connection, everyone is counted out and the connection given up, before the
    /// event is passed on (so a subscriber resubscribing from its handler connects anew).
    private func terminate(_ termination: Termination) {
        let action = parent.state.withLock { state -> RefCountAction? in
            let id = withMembership { membership in
                membership.isTerminated = true
                return membership.connectionID
            }
            guard let id, let connection = state.connectionTerminated(for: id) else { return nil }
            return parent.decide(.disconnect(connection))
        }
        parent.perform(action)
        termination.deliver(to: downstream)
    }

    /// The subscriber left: leaves the connectable, and disconnects if it was the
    /// last subscriber of the current connection.
    func dispose() {
        let (subscription, action) = parent.state.withLock { state -> ((any Disposable)?, RefCountAction?) in
            let left = withMembership { membership -> (id: UInt64?, subscription: (any Disposable)?)? in
                guard !membership.isDisposed else { return nil }
                membership.isDisposed = true
                defer { membership.subscription = nil }
                return (membership.connectionID, membership.subscription)
            }
            guard let left else { return (nil, nil) }
            guard let id = left.id, let connection = state.subscriberLeft(connection: id) else {
                return (left.subscription, nil)
            }
            return (left.subscription, parent.decide(.disconnect(connection)))
        }
        subscription?.dispose()
        parent.perform(action)
    }
}
