/// The connectable observable of `multicast`, `publish`, `replay` and `replayAll`:
/// the current subject and the current connection, behind one lock.
///
/// Who owns what: `state` holds the subject subscribers join (created on first
/// need, dropped when its connection ends) and the running connection, if any. A
/// connection holds its connectable weakly and its subject's input strongly, so
/// the source keeps delivering to the subject while connected even if nobody
/// holds the connectable any more, and no cycle forms.
///
/// Nothing is called out while `state` is locked: `makeSubject` runs before the lock
/// is taken (two racing threads may both create a subject; one is kept), the
/// source is subscribed and disposed after it is released. That is what keeps
/// RxSwift #2698 (a connection disposing its source under the lock a subscriber
/// needs) from happening here.
// Sendable: `state` is behind its lock; `source` and `makeSubject` are immutable.
final class MulticastConnectable<Subject: SubjectType>: ConnectableObservable<Subject.Element>, @unchecked Sendable {
    typealias SourceElement = Subject.Observer.Element

    private struct State {
        /// The subject subscribers join now; nil until first needed and after its
        /// connection ended.
        var subject: MulticastSubject<Subject>?
        /// The running connection; nil when disconnected.
        var connection: MulticastConnection<Subject>?
    }

    private enum ConnectDecision {
        case existing(MulticastConnection<Subject>)
        case start(MulticastConnection<Subject>)
        /// The subject changed after it was read (its connection ended): read it again.
        case retry
    }

    private let source: Observable<SourceElement>
    private let makeSubject: () -> Subject
    private let state = Locked(State())

    init(source: Observable<SourceElement>, makeSubject: @escaping () -> Subject) {
        self.source = source
        self.makeSubject = makeSubject
    }

    override func run(_ sink: Sink<Subject.Element>) -> any Disposable {
        currentSubject().observable.run(sink)
    }

    override func subscribeDirectly(_ sink: Sink<Subject.Element>) -> (subscription: any Disposable, ended: Bool)? {
        guard let (core, owner) = currentSubject().core else { return nil }
        return core.attach(sink, owner: owner)
    }

    override func connect() -> any Disposable {
        connection(notifying: nil)
    }

    override func connect(whenEnded: @escaping @Sendable () -> Void) -> any Disposable {
        connection(notifying: whenEnded)
    }

    /// Connects, or returns the running connection; `whenEnded` is added to the
    /// connection's end listeners under the lock, so it cannot miss the end.
    private func connection(notifying whenEnded: (@Sendable () -> Void)?) -> any Disposable {
        while true {
            let subject = currentSubject()
            let decision = state.withLock { state -> ConnectDecision in
                if let connection = state.connection {
                    if let whenEnded { connection.endListeners.append(whenEnded) }
                    return .existing(connection)
                }
                guard state.subject === subject else { return .retry }
                let connection = MulticastConnection(parent: self, input: subject.input)
                if let whenEnded { connection.endListeners.append(whenEnded) }
                state.connection = connection
                return .start(connection)
            }
            switch decision {
            case .existing(let connection):
                return connection
            case .start(let connection):
                connection.start(source)
                return connection
            case .retry:
                continue
            }
        }
    }

    /// The subject subscribers join now, created if there is none.
    private func currentSubject() -> MulticastSubject<Subject> {
        if let subject = state.withLock({ $0.subject }) { return subject }
        // User code: outside the lock. A subject made here and not kept is released
        // when this function returns, also outside the lock.
        let made = MulticastSubject(makeSubject())
        return state.withLock { state in
            if let subject = state.subject { return subject }
            state.subject = made
            return made
        }
    }

    /// `connection` ended (disposed, or its source ended). If it is the current one,
    /// the connectable is disconnected and its subject dropped; the dropped subject
    /// is returned, to be released after the lock.
    /// Forgets `connection` and its subject if it is still the current one. Returns
    /// the dropped subject (for the caller to release after the lock) and the
    /// connection's end listeners (for the caller to call).
    fileprivate func connectionEnded(
        _ connection: MulticastConnection<Subject>
    ) -> (MulticastSubject<Subject>?, [@Sendable () -> Void]) {
        state.withLock { state in
            let listeners = connection.endListeners
            connection.endListeners = []
            guard state.connection === connection else { return (nil, listeners) }
            state.connection = nil
            defer { state.subject = nil }
            return (state.subject, listeners)
        }
    }
}

/// One subject of a multicast, with the two faces the connectable uses: the
/// observable subscribers join and the sink the source feeds.
final class MulticastSubject<Subject: SubjectType> {
    let subject: Subject
    let observable: Observable<Subject.Element>
    let input: Sink<Subject.Observer.Element>
    /// The subject's engine, for the subjects that have one (see `subjectCore`).
    let core: (SubjectCore<Subject.Element>, owner: AnyObject)?

    init(_ subject: Subject) {
        self.subject = subject
        observable = subject.asObservable()
        input = subjectInput(subject.asObserver())
        core = subjectCore(of: subject, as: Subject.Element.self)
    }
}

/// One connection of a multicast: receives the source's events and passes them to
/// the subject, and is the `Disposable` that `connect()` returns.
///
/// It ends once, by whichever comes first: `dispose()` or the source's terminal
/// event. Ending detaches it from its connectable (the next `connect()` starts a
/// new connection) and disposes the source subscription, before a terminal event
/// is passed on, as in RxSwift. After the end, nothing more reaches the subject.
// Sendable: `ended` is atomic and decides the end once; `subscription` is a
// thread-safe disposable; `parent` is a weak reference; `endListeners` is only
// touched under the parent's lock; `input` receives the source's events, which the
// Rx grammar serialises.
final class MulticastConnection<Subject: SubjectType>: Sink<Subject.Observer.Element>, Disposable, @unchecked Sendable {
    typealias SourceElement = Subject.Observer.Element

    private weak var parent: MulticastConnectable<Subject>?
    private let input: Sink<SourceElement>
    /// Called when the connection ends, before its subject receives the terminal
    /// event (`refCount` resets its count there). Touched only under the parent's lock.
    var endListeners: [@Sendable () -> Void] = []
    private let subscription = SingleAssignmentDisposable()
    private let ended = AtomicWord()

    init(parent: MulticastConnectable<Subject>, input: Sink<SourceElement>) {
        self.parent = parent
        self.input = input
    }

    /// Subscribes to `source` (inside the trampoline if its style says so), so a
    /// synchronous source emits only after the subscription is stored.
    func start(_ source: Observable<SourceElement>) {
        source.subscribe(self) { subscription.setDisposable($0) }
    }

    override func onNext(_ element: SourceElement) {
        guard ended.value == 0 else { return }
        input.onNext(element)
    }

    override func onError(_ error: any Swift.Error) {
        guard end() else { return }
        input.onError(error)
    }

    override func onCompleted() {
        guard end() else { return }
        input.onCompleted()
    }

    func dispose() {
        _ = end()
    }

    /// Ends the connection; false if it had already ended.
    private func end() -> Bool {
        guard ended.exchange(1) == 0 else { return false }
        let (dropped, listeners) = parent?.connectionEnded(self) ?? (nil, [])
        subscription.dispose()
        for listener in listeners { listener() }
        withExtendedLifetime(dropped) {}
        return true
    }
}
