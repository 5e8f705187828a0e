/// How long `share(replay:scope:)` keeps its subject, and so its replay buffer.
public enum SubjectLifetimeScope: Sendable {
    /// The subject lives while the source is connected: when the last subscriber
    /// leaves, or the source ends, the connection and its buffer are dropped, and the
    /// next subscriber subscribes to the source again, with an empty buffer.
    case whileConnected
    /// The subject lives as long as the shared observable: later subscribers receive
    /// the buffer, and after the source ended, its terminal event, without the
    /// source being subscribed again. When every subscriber has left before the end,
    /// the next one reconnects the source and first receives the old buffer.
    case forever
}

extension ObservableType {
    /// Shares one subscription to this sequence among all subscribers, replaying the
    /// last `replay` elements to each new one.
    ///
    /// The first subscriber subscribes to the source; later ones join that
    /// subscription, receiving the buffered elements first, then live ones. The
    /// source is disposed when the last subscriber leaves. With `.whileConnected`
    /// (the default), a subscriber that arrives after the source ended subscribes
    /// to it again: a shared network request that finished runs again for a late
    /// subscriber.
    ///
    /// ```
    /// source:                      --1--2--3--|
    /// share(replay: 1), at 2.5:           2-3--|
    /// ```
    ///
    /// ```swift
    /// let sharedOwl = loader.thumbnail(named: "owl").share(replay: 1)
    /// Observable.zip(sharedOwl, sharedOwl)   // starts one request
    /// ```
    ///
    /// Threading: elements are delivered on the source's thread; the replay on the
    /// subscribing thread, outside any lock, and never after or between live
    /// elements sent meanwhile. No lock is held while delivering or subscribing, so
    /// a subscriber that subscribes to the same shared observable from inside a
    /// delivery does not deadlock.
    ///
    /// - Parameters:
    ///   - replay: How many of the latest elements a new subscriber receives first.
    ///     Must not be negative.
    ///   - scope: How long the buffer and the shared subscription live.
    /// - Returns: The shared observable.
    public func share(replay: Int = 0, scope: SubjectLifetimeScope = .whileConnected) -> Observable<Element> {
        precondition(replay >= 0, "share(replay:) needs a replay count of 0 or more (got \(replay))")
        return ShareObservable(source: asObservable(), replay: replay, window: nil, scope: scope)
    }

    /// Shares one subscription to this sequence among all subscribers, replaying to
    /// each new one at most the last `replay` elements, and of those only the ones
    /// received less than `window` ago.
    ///
    /// An addition beyond RxSwift (RxJava's `replay(bufferSize, time, unit,
    /// scheduler)` with `refCount()`). Sharing, scopes and threading are those of
    /// `share(replay:scope:)`; the buffer is that of
    /// `ReplaySubject.create(bufferSize:window:scheduler:)`: each element is stamped
    /// with `scheduler.now` when it arrives, and a new subscriber is replayed those
    /// whose age is less than `window` when it subscribes (an element exactly
    /// `window` old is not). Live elements are not affected.
    ///
    /// ```
    /// time (s):                  0    1    2    3    4    5
    /// source:                    a----b----c---------d----|
    /// share(replay: 2, window: .seconds(2), scheduler: s), first subscriber at 0,
    /// second subscriber from 3.5:                 c--d----|
    /// ```
    ///
    /// ```swift
    /// // A late screen shows the prices of the last 30 seconds, at most 5.
    /// let recentPrices = prices.share(replay: 5, window: .seconds(30), scheduler: MainScheduler.instance)
    /// ```
    ///
    /// A `window` of zero or less replays no element; `.never` is no time limit.
    /// `replay` has no default here: with 0 the window would mean nothing.
    ///
    /// - Parameters:
    ///   - replay: The most elements a new subscriber receives first. Must not be
    ///     negative; `Int.max` lets only the window limit them.
    ///   - window: How long after it arrived an element is still replayed.
    ///   - scheduler: The clock that times the elements (only its `now` is read).
    ///   - scope: How long the buffer and the shared subscription live: with
    ///     `.forever`, elements of an earlier connection are replayed while they
    ///     are inside the window.
    /// - Returns: The shared observable.
    public func share(
        replay: Int, window: RxTimeInterval, scheduler: any SchedulerType,
        scope: SubjectLifetimeScope = .whileConnected
    ) -> Observable<Element> {
        precondition(replay >= 0, "share(replay:window:scheduler:) needs a replay count of 0 or more (got \(replay))")
        return ShareObservable(
            source: asObservable(), replay: replay, window: ReplayWindow(window, clock: scheduler), scope: scope
        )
    }
}

/// One connection of a `share`: its source subscription and how many subscribers
/// count in it.
///
/// Not generic (nor is `ShareState`), so that the share's locked sections compile
/// to concrete code: a state generic over `Element` looks its metadata up in the
/// runtime's cache at every `withLock`, hundreds of instructions each.
private struct ShareConnection {
    let id: UInt64
    var subscriberCount = 0
    /// The source subscription, set once the source has been subscribed.
    let subscription = SingleAssignmentDisposable()
    /// Set under the lock when the connection stops being current (the last
    /// subscriber left), before a later subscriber can start the next one. Its
    /// source sink then drops what is still in flight: with `.forever` both
    /// connections feed one subject, and the old one's late elements must not
    /// reach it (its source is disposed only after the lock).
    let detached = AtomicWord()
}

/// The locked state of a `share`.
private struct ShareState {
    /// The subject subscribers join: a `SubjectCore` of the share's `Element`, kept as
    /// its non-generic base, which is all that leaving needs.
    /// `.whileConnected` replaces it with each new connection; `.forever` keeps the
    /// first one.
    var subject: ObserverOwner?
    var connection: ShareConnection?
    var lastConnectionID: UInt64 = 0
    /// `.forever` only: the source ended, so it is never subscribed again.
    var sourceEnded = false
}

/// The shared state: the current subject (a `SubjectCore`) and the connection to the
/// source, if any, behind one lock.
// Sendable: `state` is behind its lock; the rest is immutable after init.
private final class ShareObservable<Element>: Observable<Element>, @unchecked Sendable {
    private let source: Observable<Element>
    private let replay: Int
    /// How long an element stays replayable; nil: until `replay` newer ones arrived.
    private let window: ReplayWindow?
    private let scope: SubjectLifetimeScope
    /// The subscribers' way out; shares `state` (one lock) with this observable.
    private let membership: ShareMembership
    private let state: Locked<ShareState>

    init(source: Observable<Element>, replay: Int, window: ReplayWindow?, scope: SubjectLifetimeScope) {
        self.source = source
        self.replay = replay
        self.window = window
        self.scope = scope
        membership = ShareMembership(scope: scope)
        state = membership.state
    }

    override var subscriptionStyle: SubscriptionStyle { .direct }

    /// Its subscribers stay in its subject until they leave or the connection ends.
    override var holdsSubscriberWhileRunning: Bool { true }

    override func run(_ sink: Sink<Element>) -> any Disposable {
        // One critical section; a subscriber that starts a connection makes its
        // subject in it (an allocation, no user code).
        let (joined, connectionID, connect) = state.withLock { state in
            joinConnection(&state)
        }
        // Consumed: a downcast of a value still in use copies it (a retain and a release).
        let subject = unsafeDowncast(consume joined, to: SubjectCore<Element>.self)
        // A subscriber's end not yet anybody's key becomes the subject's key for itself.
        let sinkIsKey = sink.keepsOwnSubscription && sink.keySlot == ObserverKey.unclaimed
        // A subscriber's end leaves through `ShareSlot`, which removes it itself.
        let (subscription, ended) = subject.attach(sink, owner: self, makesRemoval: !sinkIsKey)
        if let connect {
            let sourceSink = ShareSourceSink(
                subject: subject, owner: self, connectionID: connect.id, detached: connect.detached,
                // RxSwift's own share connection (`.whileConnected`, replay 0 or 1); the
                // other forms are `multicast(...).refCount()`, whose connection ends
                // the source first.
                endsSourceAfterSenderReturns: scope == .whileConnected && replay <= 1
            )
            source.subscribe(sourceSink) { connect.subscription.setDisposable($0) }
        }
        guard let connectionID else { return subscription }
        if sinkIsKey && !ended {
            // The subscriber's end disposes what it stores exactly once: a value serves.
            return ShareSlot(membership: membership, key: sink, connectionID: connectionID)
        }
        return ShareSubscription(membership: membership, connectionID: connectionID, subscription: subscription)
    }

    private func makeSubject() -> SubjectCore<Element> {
        // RxSwift's share(replay: 1) inserts a subscriber before replaying to it; the
        // other forms are a ReplaySubject, which inserts it after.
        let placesAfterReplay = replay > 1 || scope == .forever
        return window.map {
            SubjectCore(replay: replay, window: $0, replaysAfterTermination: true, placesAfterReplay: placesAfterReplay)
        } ?? SubjectCore(replay: replay, replaysAfterTermination: true, placesAfterReplay: placesAfterReplay)
    }

    /// Counts a new subscriber in. Returns the subject to join (made here if the
    /// share needs a new one), the connection it counts in (nil: `.forever` after
    /// the source ended), and the connection to start, if this subscriber is the first.
    private func joinConnection(_ state: inout ShareState) -> (ObserverOwner, UInt64?, ShareConnection?) {
        let subject: ObserverOwner
        if let kept = state.subject, state.connection != nil || scope == .forever {
            subject = kept
        } else {
            subject = makeSubject()
            state.subject = subject
        }
        if state.sourceEnded { return (subject, nil, nil) }
        var started: ShareConnection?
        if state.connection == nil {
            state.lastConnectionID += 1
            started = ShareConnection(id: state.lastConnectionID)
            state.connection = started
        }
        state.connection?.subscriberCount += 1
        return (subject, state.connection?.id, started)
    }

    /// The source of connection `id` ended: the next subscriber starts afresh
    /// (`.whileConnected`) or only receives the end (`.forever`). Returns the source
    /// subscription to dispose if the connection was still current, nil if it was not
    /// (its subject then must not be ended by it).
    fileprivate func sourceEnded(_ id: UInt64) -> (any Disposable)? {
        state.withLock { state in
            guard let connection = state.connection, connection.id == id else { return nil }
            state.connection = nil
            // The subject stays referenced by the source sink that calls this, so
            // dropping it here releases nothing inside the lock.
            if scope == .forever { state.sourceEnded = true } else { state.subject = nil }
            return connection.subscription
        }
    }
}

/// How a subscriber leaves a `share`: out of the subject, then out of the
/// connection. Not generic, so that what a subscriber's end stores to leave
/// (`ShareSlot`, `ShareSubscription`) is not generic either: a generic value stored
/// as `any Disposable` looks its metadata up in the runtime's cache at every
/// subscription (measured: about 330 instructions).
// Sendable: `state` is behind its lock; `scope` is immutable.
private final class ShareMembership: @unchecked Sendable {
    let scope: SubjectLifetimeScope
    /// The share's state, the same lock its `ShareObservable` holds.
    let state = Locked(ShareState())

    init(scope: SubjectLifetimeScope) {
        self.scope = scope
    }

    /// The subscriber registered under `key` in the subject of connection `id`
    /// left: removes it from that subject, then leaves the connection.
    ///
    /// When another subscriber stays counted in, one critical section finds the
    /// subject and counts this one out (no disconnect can follow from it); the
    /// last one leaves the subject before it disconnects, as in RxSwift.
    func leave(_ id: UInt64, key: ObserverKey) {
        let (subject, countedOut) = state.withLock { state -> (ObserverOwner?, Bool) in
            let isCurrent = state.connection?.id == id
            // The subject of an ended `.whileConnected` connection has no subscriber
            // left to remove; `.forever` keeps one subject.
            let subject = isCurrent || scope == .forever ? state.subject : nil
            guard isCurrent, let count = state.connection?.subscriberCount, count > 1 else { return (subject, false) }
            state.connection?.subscriberCount = count - 1
            return (subject, true)
        }
        if let subject = consume subject { subject.removeObserver(key) }
        if !countedOut { leave(id) }
    }

    /// A subscriber of connection `id` left; disconnects the source if it was the last.
    func leave(_ id: UInt64) {
        let disconnected = state.withLock { state -> (ShareConnection, ObserverOwner?)? in
            // In place: copying the connection out and back retains and releases its objects.
            guard state.connection?.id == id else { return nil }
            state.connection?.subscriberCount -= 1
            guard state.connection?.subscriberCount == 0, let connection = state.connection.take() else { return nil }
            connection.detached.store(1)
            // The dropped subject is released after the lock, with what it holds.
            let dropped = scope == .whileConnected ? state.subject.take() : nil
            return (connection, dropped)
        }
        disconnected?.0.subscription.dispose()
    }
}

/// Receives the source's events for one connection and sends them to the subject.
private final class ShareSourceSink<Element>: Sink<Element> {
    private let subject: SubjectCore<Element>
    private let owner: ShareObservable<Element>
    private let connectionID: UInt64
    private let detached: AtomicWord
    private let endsSourceAfterSenderReturns: Bool

    init(
        subject: SubjectCore<Element>, owner: ShareObservable<Element>, connectionID: UInt64, detached: AtomicWord,
        endsSourceAfterSenderReturns: Bool
    ) {
        self.subject = subject
        self.owner = owner
        self.connectionID = connectionID
        self.detached = detached
        self.endsSourceAfterSenderReturns = endsSourceAfterSenderReturns
    }

    override func onNext(_ element: Element) {
        guard detached.value == 0 else { return }
        subject.onNext(element, from: owner)
    }

    override func onError(_ error: any Swift.Error) {
        end(.error(error))
    }

    override func onCompleted() {
        end(.completed)
    }

    /// Detaches the connection first, so a subscriber arriving during the terminal
    /// delivery starts a new one, then ends the subject and disposes the source, in
    /// the order RxSwift's form of this share does. A connection that is no longer
    /// current ends nothing.
    private func end(_ termination: Termination) {
        guard let sourceSubscription = owner.sourceEnded(connectionID) else { return }
        if endsSourceAfterSenderReturns {
            subject.terminate(termination, from: owner)
            sourceSubscription.dispose()
        } else {
            // `multicast(...).refCount()` in RxSwift: its connection ends the source first.
            sourceSubscription.dispose()
            subject.terminate(termination, from: owner)
        }
    }

    /// RxSwift's share connection only passes the event on; the sink above ends the source.
    override var disposesUpstreamAfterSenderReturns: Bool { endsSourceAfterSenderReturns }
}

/// One subscriber's end of a shared subscription, when the subscriber's end
/// (`SubscriberSink`) stores it and so disposes it exactly once: leaves the
/// subject, then the connection. A value of three words: no allocation.
private struct ShareSlot: Disposable, @unchecked Sendable {
    // Sendable: immutable; the key is the subscriber's end, which stores this
    // value and so outlives it (see `OwnSlotRemoval`).
    let membership: ShareMembership
    /// Unretained: reading an `unowned(unsafe)` reference retains and releases it.
    let key: Unmanaged<ObserverKey>
    let connectionID: UInt64

    init(membership: ShareMembership, key: ObserverKey, connectionID: UInt64) {
        self.membership = membership
        self.key = Unmanaged.passUnretained(key)
        self.connectionID = connectionID
    }

    func dispose() {
        key._withUnsafeGuaranteedRef { membership.leave(connectionID, key: $0) }
    }
}

/// One subscriber's end of a shared subscription: leaves the subject, then the
/// connection (the last one out disconnects the source). Once only.
private final class ShareSubscription: Disposable {
    private let membership: ShareMembership
    private let connectionID: UInt64
    private let subscription: any Disposable
    private let disposed = AtomicWord()

    init(membership: ShareMembership, connectionID: UInt64, subscription: any Disposable) {
        self.membership = membership
        self.connectionID = connectionID
        self.subscription = subscription
    }

    func dispose() {
        guard disposed.exchange(1) == 0 else { return }
        subscription.dispose()
        membership.leave(connectionID)
    }
}

extension ShareObservable: DeliversWithoutOwnSink {
    /// RxSwift's own share forms (`.whileConnected`, replay 0 or 1); the others are
    /// `multicast(...).refCount()`, whose sink drops what comes after disposal.
    var deliversWithoutOwnSink: Bool { scope == .whileConnected && replay <= 1 }
}
