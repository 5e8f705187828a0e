/// A subject that emits only its last element, and only when it completes.
///
/// ```swift
/// let result = AsyncSubject<Int>()
/// let subscription = result.subscribe(onNext: { print($0) })
/// result.onNext(1)
/// result.onNext(2)          // nothing printed yet
/// result.onCompleted()      // prints 2, then the subscriber completes
/// ```
///
/// Subscribers, current and later, receive the last element and completion when
/// the subject completes; only completion if it received no element; only the
/// error if it fails (the last element is then dropped).
///
/// Threading: safe from any thread; subscribers are called on the thread that
/// completes the subject, or on the subscribing thread after completion.
public final class AsyncSubject<Element>: Observable<Element>, SubjectType, ObserverType, @unchecked Sendable {
    // Sendable: all mutable state is in `core`, behind its lock.
    private let core = AsyncSubjectCore<Element>()

    /// Creates a subject with no element and no subscribers.
    public override init() {
        super.init()
    }

    override var subscriptionStyle: SubscriptionStyle { .subject }

    /// Whether the subject has subscribers now.
    public var hasObservers: Bool { core.state.withLock { !$0.observers.isEmpty } }

    /// Sends `event`. An element becomes the last one (nothing is delivered);
    /// completion delivers the last element, if any, and completion to current and
    /// later subscribers; an error drops the last element and is delivered instead.
    /// Events after the end are ignored.
    public func on(_ event: Event<Element>) {
        switch event {
        case .next(let element): onNext(element)
        case .error(let error): core.terminate(.error(error))
        case .completed: core.terminate(.completed)
        }
    }

    /// Remembers `element` as the last one; delivers nothing. Ignored after a
    /// terminal event.
    public func onNext(_ element: Element) {
        core.state.withLock { state in
            if !state.isStopped { core.last.append(element) }
        }
    }

    /// Returns the subject itself, as its observer side.
    public func asObserver() -> AsyncSubject<Element> {
        self
    }

    /// An observable that only forwards subscriptions to this subject.
    public override func asObservable() -> Observable<Element> {
        HiddenObservable(self)
    }

    override func run(_ sink: Sink<Element>) -> any Disposable {
        core.subscribe(sink)
    }
}

/// The state of an `AsyncSubject` and the owner of its subscribers.
private final class AsyncSubjectCore<Element>: ObserverOwner, @unchecked Sendable {
    // Sendable: all mutable state is in `state`, behind its lock, and in `last`,
    // which is only touched inside that lock.
    let state = Locked(SubjectState())
    /// The last element received.
    let last = ReplayBuffer<Element>(capacity: 1)

    func terminate(_ termination: Termination) {
        let (observers, element) = state.withLock { state -> (ContiguousArray<ObserverList.Entry>, Element?) in
            guard !state.isStopped else { return ([], nil) }
            state.isStopped = true
            state.termination = termination
            let element = termination.error == nil ? last.last : nil
            return (state.observers.terminate(termination), element)
        }
        for entry in observers {
            guard let sink = entry.sink else { continue }
            Self.deliver(element, then: termination, to: unsafeDowncast(sink, to: Sink<Element>.self))
        }
    }

    private static func deliver(_ last: Element?, then termination: Termination, to sink: Sink<Element>) {
        if let last { sink.onNext(last) }
        termination.deliver(to: sink)
    }

    func subscribe(_ sink: Sink<Element>) -> any Disposable {
        // The last element travels beside the non-generic `SubjectRegistration`, not in
        // an enum of this generic class: each value type costs the binary its metadata
        // and value witnesses (about 4 KB for a generic enum).
        var lastElement: Element?
        let registration = state.withLock { state -> SubjectRegistration in
            if let termination = state.termination {
                if termination.error == nil { lastElement = last.last }
                return .ended(termination)
            }
            let key = sink.adoptAsKey()
            state.observers.insert(sink, key: key)
            return .registered(key)
        }
        switch registration {
        case .registered(let key):
            return removal(of: key, registeredBy: sink)
        case .ended(let termination):
            Self.deliver(lastElement, then: termination, to: sink)
            return Disposables.create()
        case .disposed:
            preconditionFailure("Internal inconsistency: an AsyncSubject is never disposed")
        }
    }

    override func removeObserver(_ key: ObserverKey) {
        let removed = state.withLock { $0.observers.remove(key) }
        // The sink is released here, after the lock.
        withExtendedLifetime(removed) {}
    }
}

extension AsyncSubject: DeliversWithoutOwnSink {}
