/// The state of an operator that subscribes to a source again after it failed
/// (`retry`, `retry(when:)`) or switches to another one (`catch`): the current
/// attempt's subscription and who may start the next attempt.
///
/// A value type behind `Locked`. Attempts are subscribed in a loop by whoever
/// finds nobody subscribing: an attempt that fails while it is being subscribed
/// (a synchronous source) asks the subscribing caller for another round instead
/// of recursing, so retrying a synchronous failure does not grow the stack.
struct RetryState {
    /// Numbers attempts, so a late disposable of an old attempt is disposed, not kept.
    private var attempt = 0
    private var current: (any Disposable)?
    /// A caller is in the subscribe loop.
    private var isSubscribing = false
    /// An attempt failed while being subscribed: the loop must run another round.
    private var isAnotherRoundRequested = false
    private(set) var isDisposed = false
    /// How many more attempts `retry(_:)` may start; nil for no limit.
    var attemptsLeft: Int?
    /// How many further attempts `takeAttempt()` has allowed: the number of the
    /// latest retry, from 1.
    private(set) var retries = 0

    init(attemptsLeft: Int? = nil) {
        self.attemptsLeft = attemptsLeft
    }

    /// Whether another attempt is allowed; counts it if so.
    mutating func takeAttempt() -> Bool {
        if let left = attemptsLeft {
            guard left > 0 else { return false }
            attemptsLeft = left - 1
        }
        retries &+= 1
        return true
    }

    /// The first attempt starts: returns its number, or nil if already disposed.
    mutating func starting() -> Int? {
        guard !isDisposed else { return nil }
        isSubscribing = true
        return attempt
    }

    /// Attempt `number`'s `run` returned `disposable`. Returns a disposable to
    /// dispose now (the attempt is stale or the operator disposed) and the number
    /// of the next attempt to subscribe if another round was requested meanwhile.
    mutating func subscribed(_ number: Int, _ disposable: any Disposable) -> (dispose: (any Disposable)?, next: Int?) {
        var toDispose: (any Disposable)?
        if isDisposed || number != attempt {
            toDispose = disposable
        } else {
            current = disposable
        }
        guard isAnotherRoundRequested && !isDisposed else {
            isSubscribing = false
            isAnotherRoundRequested = false
            return (toDispose, nil)
        }
        isAnotherRoundRequested = false
        return (toDispose, attempt)
    }

    /// The current attempt ended (failed) or must be replaced: returns its
    /// subscription to dispose and, if this caller must run the subscribe loop,
    /// the next attempt's number.
    mutating func nextAttemptRequested() -> (dispose: (any Disposable)?, start: Int?) {
        guard !isDisposed else { return (nil, nil) }
        attempt += 1
        let previous = current
        current = nil
        if isSubscribing {
            isAnotherRoundRequested = true
            return (previous, nil)
        }
        isSubscribing = true
        return (previous, attempt)
    }

    /// The current attempt failed and the next one waits for a trigger: returns its
    /// subscription to dispose now (or marks it stale, if its `run` has not
    /// returned yet).
    mutating func attemptFailed() -> (any Disposable)? {
        attempt += 1
        defer { current = nil }
        return current
    }

    /// The operator was disposed: returns the current attempt's subscription.
    mutating func disposed() -> (any Disposable)? {
        guard !isDisposed else { return nil }
        isDisposed = true
        defer { current = nil }
        return current
    }
}

/// The sink of one `retry`/`catch` subscription: forwards the current attempt's
/// events and holds the attempts' state. Each subclass says what to do with an
/// error, and, by conforming to `RetryAttempts`, what to subscribe for an attempt;
/// that protocol's `start()` and `startNextAttempt()` run the subscribe loop.
class RetryingSink<Element>: Sink<Element>, Disposable, @unchecked Sendable {
    // Sendable: `state` is behind its lock; `downstream` receives the events of one
    // attempt at a time (attempts are sequential: the next starts after the
    // previous one failed and its subscription was given up under the lock).
    let downstream: Sink<Element>
    let state: Locked<RetryState>

    init(downstream: Sink<Element>, attemptsLeft: Int? = nil) {
        self.downstream = downstream
        self.state = Locked(RetryState(attemptsLeft: attemptsLeft))
    }

    override func onNext(_ element: Element) { downstream.onNext(element) }
    override func onCompleted() { downstream.onCompleted() }

    func dispose() {
        state.withLock { $0.disposed() }?.dispose()
    }
}

/// What a `RetryingSink` subclass supplies: the subscription of each attempt. The
/// subscribe loop, which calls it once per attempt, is this protocol's extension.
protocol RetryAttempts<Element>: AnyObject where Self: RetryingSink<Element> {
    associatedtype Element

    /// Subscribes attempt `number`; the subclass picks the source and the sink, and
    /// subscribes with `subscribe(_:then:)`, so the source enters the trampoline
    /// only if RxSwift's would (its retry and catch subscribe each source with
    /// `subscribe`, not through the scheduler).
    func subscribeAttempt(_ number: Int) -> any Disposable
}

extension RetryAttempts {
    /// Starts the first attempt.
    @inline(__always)
    func start() {
        guard let first = state.withLock({ $0.starting() }) else { return }
        runAttempts(from: first)
    }

    /// Gives up the current attempt and starts the next one (now, or through the
    /// caller already in the subscribe loop).
    @inline(__always)
    func startNextAttempt() {
        let (previous, start) = state.withLock { $0.nextAttemptRequested() }
        previous?.dispose()
        if let start { runAttempts(from: start) }
    }

    @inline(__always)
    private func runAttempts(from first: Int) {
        var next: Int? = first
        while let number = next {
            let disposable = subscribeAttempt(number)
            let after = state.withLock { $0.subscribed(number, disposable) }
            after.dispose?.dispose()
            next = after.next
        }
    }
}
