extension PrimitiveSequenceType where Trait == SingleTrait {
    /// Runs every `Single` of `requests` at once and succeeds with the first
    /// success; fails only when all of them failed, with the last error.
    ///
    /// All requests are subscribed at subscription, in the collection's order. A
    /// failure is ignored while another request is still running. As soon as one
    /// succeeds, the others are disposed (for requests: cancelled) and the element
    /// is delivered. An empty collection fails with `RxError.noElements`. The
    /// requests may finish on different threads; the result has one outcome.
    ///
    /// ```swift
    /// Single.firstSuccess([primaryMirror.fetch(), backupMirror.fetch()])
    /// ```
    ///
    /// Not in RxSwift, which has no trait operator for this. `amb` in other
    /// ReactiveX libraries takes the first outcome, failures included; this one
    /// waits for a success.
    ///
    /// - Returns: A `Single` of the first success.
    @_alwaysEmitIntoClient
    public static func firstSuccess<Collection: Swift.Collection>(_ requests: Collection) -> Single<Element>
        where Collection.Element == Single<Element> {
        let sources = requests.map(\.source)
        guard !sources.isEmpty else { return Single.error(RxError.noElements) }
        return Single(raw: FirstSuccessObservable(sources))
    }
}

/// What decides the outcome of `firstSuccess`: one success wins, or every request
/// failed. Events arrive from the requests' threads; the sink keeps this behind a lock.
struct FirstSuccessState {
    enum Action: Equatable {
        /// Keep waiting.
        case none
        /// This success won: dispose the other requests and deliver it.
        case succeed
        /// Every request failed: deliver this request's error.
        case fail
    }

    /// Requests that have not failed yet.
    private(set) var running: Int
    /// Whether the outcome was delivered (or claimed for delivery).
    private(set) var isDecided = false

    init(count: Int) {
        running = count
    }

    mutating func requestSucceeded() -> Action {
        guard !isDecided else { return .none }
        isDecided = true
        return .succeed
    }

    mutating func requestFailed() -> Action {
        guard !isDecided else { return .none }
        running -= 1
        guard running == 0 else { return .none }
        isDecided = true
        return .fail
    }
}

// Sendable: immutable after init; each subscription keeps its own state.
@usableFromInline
final class FirstSuccessObservable<Element>: Observable<Element>, @unchecked Sendable {
    private let sources: [Observable<Element>]

    @usableFromInline
    init(_ sources: [Observable<Element>]) {
        self.sources = sources
    }

    override func run(_ sink: Sink<Element>) -> any Disposable {
        let race = FirstSuccessRace(count: sources.count, downstream: sink)
        for source in sources {
            // A request that won during an earlier subscription has disposed
            // `subscriptions`; the rest are not started. The slot is added before
            // the request runs, so a request that fails at once can remove it.
            let subscription = SingleAssignmentDisposable()
            guard let key = race.subscriptions.insert(subscription) else { break }
            subscription.setDisposable(source.run(FirstSuccessRequestSink(race, key: key)))
        }
        return race.subscriptions
    }
}

/// The shared end of every request of one `firstSuccess` subscription.
private final class FirstSuccessRace<Element>: @unchecked Sendable {
    // Sendable: `state` is behind its lock; `downstream` receives exactly one
    // outcome, from the one caller whose action said to deliver it.
    let subscriptions = CompositeDisposable()
    private let state: Locked<FirstSuccessState>
    private let downstream: Sink<Element>

    init(count: Int, downstream: Sink<Element>) {
        self.state = Locked(FirstSuccessState(count: count))
        self.downstream = downstream
    }

    func succeeded(_ element: Element) {
        guard state.withLock({ $0.requestSucceeded() }) == .succeed else { return }
        subscriptions.dispose()
        downstream.onNext(element)
        downstream.onCompleted()
    }

    func failed(_ error: any Swift.Error, key: CompositeDisposable.DisposeKey) {
        // The failed request is over: release its subscription now.
        subscriptions.remove(for: key)
        guard state.withLock({ $0.requestFailed() }) == .fail else { return }
        downstream.onError(error)
    }
}

/// Receives one request's outcome. A request is a `Single`, so its element is its
/// success; a completion without one (impossible through Rill's factories) counts
/// as a failure with `RxError.noElements`.
private final class FirstSuccessRequestSink<Element>: Sink<Element> {
    private let race: FirstSuccessRace<Element>
    private let key: CompositeDisposable.DisposeKey
    // Touched only by this request's events, which the Rx grammar serialises.
    private var isDone = false

    init(_ race: FirstSuccessRace<Element>, key: CompositeDisposable.DisposeKey) {
        self.race = race
        self.key = key
    }

    override func onNext(_ element: Element) {
        guard !isDone else { return }
        isDone = true
        race.succeeded(element)
    }

    override func onError(_ error: any Swift.Error) {
        guard !isDone else { return }
        isDone = true
        race.failed(error, key: key)
    }

    override func onCompleted() {
        guard !isDone else { return }
        isDone = true
        race.failed(RxError.noElements, key: key)
    }
}
