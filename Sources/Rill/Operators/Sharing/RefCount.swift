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
/// Not generic, so its locked section compiles to concrete code.
struct RefCountState {
    /// Subscribers counted into the current connection.
    var count = 0
    /// Numbers connections, so a subscriber of an old connection does not count
    /// itself out of a newer one.
    var connectionID: UInt64 = 0
    /// The current connection, set once the first subscriber decided to connect.
    var connection: SingleAssignmentDisposable?
}

// Sendable: `state` is behind its lock; `source` and `connectable` are immutable,
// and a connectable observable may be used from any thread.
private final class RefCountObservable<Connectable: ConnectableObservableType>: Observable<Connectable.Element>,
    @unchecked Sendable {
    typealias Element = Connectable.Element

    private let connectable: Connectable
    private let source: Observable<Element>
    /// Guards the count and every `RefCountSink`'s `Membership`.
    let state = Locked(RefCountState())

    init(source: Connectable) {
        connectable = source
        self.source = source.asObservable()
    }

    override func run(_ sink: Sink<Element>) -> any Disposable {
        let refCountSink = RefCountSink(parent: self, downstream: sink)
        let subscription = source.run(refCountSink)
        let decision = state.withLock { state in refCountSink.subscribed(subscription, &state) }
        switch decision {
        case .ended:
            subscription.dispose()
            return Disposables.create()
        case .joined:
            return refCountSink
        case .connect(let slot):
            slot.setDisposable(connectable.connect())
            return refCountSink
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
// Sendable: `membership` is only touched under the parent's lock; `downstream`
// receives the connectable's events, which the Rx grammar serialises.
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
    private let downstream: Sink<Element>
    @exclusivity(unchecked) private var membership = Membership()

    init(parent: RefCountObservable<Connectable>, downstream: Sink<Element>) {
        self.parent = parent
        self.downstream = downstream
    }

    /// Under the parent's lock: the subscription to the connectable is in place.
    func subscribed(_ subscription: any Disposable, _ state: inout RefCountState) -> RefCountDecision {
        if membership.isTerminated || membership.isDisposed { return .ended }
        membership.subscription = subscription
        membership.connectionID = state.connectionID
        state.count += 1
        guard state.count == 1 else { return .joined }
        let slot = SingleAssignmentDisposable()
        state.connection = slot
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
        let connection = parent.state.withLock { state -> SingleAssignmentDisposable? in
            membership.isTerminated = true
            guard let id = membership.connectionID, id == state.connectionID else { return nil }
            state.count = 0
            state.connectionID &+= 1
            defer { state.connection = nil }
            return state.connection
        }
        connection?.dispose()
        termination.deliver(to: downstream)
    }

    /// The subscriber left: leaves the connectable, and disconnects if it was the
    /// last subscriber of the current connection.
    func dispose() {
        let (subscription, connection) = parent.state.withLock { state -> ((any Disposable)?, SingleAssignmentDisposable?) in
            guard !membership.isDisposed else { return (nil, nil) }
            membership.isDisposed = true
            defer { membership.subscription = nil }
            guard let id = membership.connectionID, id == state.connectionID else { return (membership.subscription, nil) }
            precondition(state.count > 0, "Internal inconsistency: refCount counted a subscriber out twice")
            state.count -= 1
            guard state.count == 0 else { return (membership.subscription, nil) }
            defer { state.connection = nil }
            return (membership.subscription, state.connection)
        }
        subscription?.dispose()
        connection?.dispose()
    }
}
