extension ObservableType {
    /// Runs side effects for the events and the lifecycle of each subscription,
    /// passing every event through unchanged.
    ///
    /// For each subscription, in order:
    /// - `onSubscribe` runs before the source is subscribed, `onSubscribed` right
    ///   after (before elements that the source schedules on the current thread).
    /// - For an element: `onNext`, then the element goes downstream, then `afterNext`.
    ///   Errors and completion likewise: `onError`/`onCompleted` before the event
    ///   goes downstream, `afterError`/`afterCompleted` after.
    /// - `onDispose` runs once when the subscription is disposed, also after a
    ///   terminal event: then, as in RxSwift, after `afterError`/`afterCompleted` when
    ///   the subscriber, `observe(on:)` or `subscribe(on:)` follows the `do` directly,
    ///   and before them when another operator follows it (that operator disposes its
    ///   upstream as it forwards the terminal event). In both cases the source's
    ///   subscription ends at the terminal event, not when a later scheduler delivers it.
    ///
    /// The event closures run on the thread that delivers the event. An error
    /// thrown by `onNext`, `afterNext`, `onError` or `onCompleted` becomes the error
    /// event and ends the sequence (a throwing `onError` replaces the source's
    /// error). An error thrown by `afterError` or `afterCompleted` comes after the
    /// terminal event and is only reported (in debug builds), as RxSwift drops it.
    ///
    /// ```swift
    /// request
    ///     .do(onSubscribe: { spinner.start() }, onDispose: { spinner.stop() })
    ///     .subscribe(onNext: { show($0) })
    /// ```
    ///
    /// - Parameters:
    ///   - onNext: Called with each element, before it is delivered.
    ///   - afterNext: Called with each element, after it was delivered.
    ///   - onError: Called with the error, before it is delivered.
    ///   - afterError: Called with the error, after it was delivered.
    ///   - onCompleted: Called before completion is delivered.
    ///   - afterCompleted: Called after completion was delivered.
    ///   - onSubscribe: Called before the source is subscribed.
    ///   - onSubscribed: Called after the source was subscribed.
    ///   - onDispose: Called when the subscription is disposed, also after a terminal
    ///     event.
    ///   - isolation: The caller's actor (see `map`): each closure is checked.
    /// - Returns: An observable with the same events as the source.
    public func `do`(
        onNext: ((Element) throws -> Void)? = nil,
        afterNext: ((Element) throws -> Void)? = nil,
        onError: ((any Swift.Error) throws -> Void)? = nil,
        afterError: ((any Swift.Error) throws -> Void)? = nil,
        onCompleted: (() throws -> Void)? = nil,
        afterCompleted: (() throws -> Void)? = nil,
        onSubscribe: (() -> Void)? = nil,
        onSubscribed: (() -> Void)? = nil,
        onDispose: (() -> Void)? = nil,
        isolation: isolated (any Actor)? = #isolation
    ) -> Observable<Element> {
        guard let isolation else {
            return DoObservable(
                source: asObservable(),
                handlers: DoHandlers(
                    onNext: onNext, afterNext: afterNext, onError: onError, afterError: afterError,
                    onCompleted: onCompleted, afterCompleted: afterCompleted
                ),
                onSubscribe: onSubscribe, onSubscribed: onSubscribed, onDispose: onDispose
            )
        }
        let operation: StaticString =
            "do(onNext:afterNext:onError:afterError:onCompleted:afterCompleted:onSubscribe:onSubscribed:onDispose:)"
        return DoObservable(
            source: asObservable(),
            handlers: DoHandlers(
                onNext: IsolationCheck.guardingThrowing(onNext, isolation, operation),
                afterNext: IsolationCheck.guardingThrowing(afterNext, isolation, operation),
                onError: IsolationCheck.guardingThrowing(onError, isolation, operation),
                afterError: IsolationCheck.guardingThrowing(afterError, isolation, operation),
                onCompleted: IsolationCheck.guardingThrowing(onCompleted, isolation, operation),
                afterCompleted: IsolationCheck.guardingThrowing(afterCompleted, isolation, operation)
            ),
            onSubscribe: IsolationCheck.guarding(onSubscribe, isolation, operation),
            onSubscribed: IsolationCheck.guarding(onSubscribed, isolation, operation),
            onDispose: IsolationCheck.guarding(onDispose, isolation, operation)
        )
    }
}

/// An observable that calls its subscribers' sinks itself, with no sink of its own
/// in between that RxSwift would have (a subject, a relay, `share`'s own connection,
/// a connectable): RxSwift delivers what it sends to a `do` subscribed to it even
/// after that `do` was disposed, as the event was already on its way.
protocol DeliversWithoutOwnSink: AnyObject {
    /// Whether this instance is one (a `share` is only for RxSwift's own forms).
    var deliversWithoutOwnSink: Bool { get }
}

extension DeliversWithoutOwnSink {
    var deliversWithoutOwnSink: Bool { true }
}

/// The event closures of one `do` operator, shared by its subscriptions: each
/// `DoSink` keeps one reference rather than a copy of six closures. A class, not a
/// struct: every value type costs the binary its metadata and value witnesses
/// (4 KB here), a class only its metadata.
final class DoHandlers<Element>: @unchecked Sendable {
    // Sendable: immutable; the closures are the user's, called on the delivering thread.
    let onNext: ((Element) throws -> Void)?
    let afterNext: ((Element) throws -> Void)?
    let onError: ((any Swift.Error) throws -> Void)?
    let afterError: ((any Swift.Error) throws -> Void)?
    let onCompleted: (() throws -> Void)?
    let afterCompleted: (() throws -> Void)?

    init(
        onNext: ((Element) throws -> Void)?, afterNext: ((Element) throws -> Void)?,
        onError: ((any Swift.Error) throws -> Void)?, afterError: ((any Swift.Error) throws -> Void)?,
        onCompleted: (() throws -> Void)?, afterCompleted: (() throws -> Void)?
    ) {
        self.onNext = onNext
        self.afterNext = afterNext
        self.onError = onError
        self.afterError = afterError
        self.onCompleted = onCompleted
        self.afterCompleted = afterCompleted
    }
}

// Sendable: immutable after init; each subscription keeps its own state.
final class DoObservable<Element>: Observable<Element>, @unchecked Sendable {
    private let source: Observable<Element>
    private let handlers: DoHandlers<Element>
    private let onSubscribe: (() -> Void)?
    private let onSubscribed: (() -> Void)?
    private let onDispose: (() -> Void)?
    /// Whether RxSwift has a sink between the source and the `do` that drops what
    /// comes after disposal.
    private let dropsEventsOnceDisposed: Bool

    init(
        source: Observable<Element>, handlers: DoHandlers<Element>,
        onSubscribe: (() -> Void)?, onSubscribed: (() -> Void)?, onDispose: (() -> Void)?
    ) {
        self.source = source
        dropsEventsOnceDisposed = !((source as? any DeliversWithoutOwnSink)?.deliversWithoutOwnSink ?? false)
        self.handlers = handlers
        self.onSubscribe = onSubscribe
        self.onSubscribed = onSubscribed
        self.onDispose = onDispose
    }

    override func run(_ sink: Sink<Element>) -> any Disposable {
        onSubscribe?()
        let doSink = DoSink(
            handlers: handlers, onDispose: onDispose, dropsEventsOnceDisposed: dropsEventsOnceDisposed, downstream: sink
        )
        let subscription = source.run(doSink)
        onSubscribed?()
        guard doSink.isDisposable else { return subscription }
        // Nothing can dispose `doSink` before it is returned, so this plain write
        // is published with it.
        doSink.subscription = subscription
        // Ended while subscribing: disposed now, after `onSubscribed`, as RxSwift
        // disposes each operator once its subscription is in place.
        if doSink.hasEnded { doSink.dispose() }
        return doSink
    }
}

/// Runs the event closures around each event and, when there is an `onDispose` or
/// an `after…` hook that disposal must wait for, is the subscription's disposable.
///
/// `onDispose` runs once. When the disposal comes from inside the delivery of a
/// terminal event, RxSwift's order depends on what follows the `do`, and so does
/// Rill's. In RxSwift the lowest sink a terminal event reaches disposes the chain
/// once it has passed the event on, and a `do` does so after its `after…` hook.
/// So when what follows disposes nothing as it receives the event (the subscriber,
/// `observe(on:)`, `subscribe(on:)`: `disposesUpstreamAfterSenderReturns`), the
/// whole disposal (the upstream, then `onDispose`) is deferred until
/// `afterError`/`afterCompleted` has run; when another operator follows, it runs at
/// once, before them (in RxSwift that operator disposes its upstream as it forwards
/// the terminal event). `disposal` holds the bits below; the transitions are
/// atomic, so the deferral also holds when the disposal comes from another thread.
private final class DoSink<Element>: Sink<Element>, Disposable, @unchecked Sendable {
    // Sendable: `disposal` is atomic; `onDispose` and `subscription` are touched
    // by the one caller that the bit protocol below designates (`subscription` is
    // written once before this is returned from `run`). Events arrive one at a
    // time (the Rx grammar).
    private static var terminating: Int { 1 }
    private static var terminated: Int { 2 }
    private static var disposed: Int { 4 }
    private static var disposalDeferred: Int { 8 }

    private let handlers: DoHandlers<Element>
    private let downstream: Sink<Element>
    /// Present when this sink is the subscription's disposable (`isDisposable`).
    private let disposal: AtomicWord?
    /// Whether a disposal during the terminal delivery waits for the `after…` hook (see above).
    private let defersDisposalToAfterHandlers: Bool
    private var onDispose: (() -> Void)?
    var subscription: (any Disposable)?
    // Set once the sequence has ended; later events from the source are ignored.
    // Touched only by the source's events, which the Rx grammar serialises.
    @exclusivity(unchecked) private var isDone = false

    /// Whether an event arriving after disposal is dropped (see `isDisposed`).
    private let dropsEventsOnceDisposed: Bool

    init(handlers: DoHandlers<Element>, onDispose: (() -> Void)?, dropsEventsOnceDisposed: Bool, downstream: Sink<Element>) {
        self.handlers = handlers
        self.dropsEventsOnceDisposed = dropsEventsOnceDisposed
        self.downstream = downstream
        self.onDispose = onDispose
        let hasAfterTerminalHook = handlers.afterError != nil || handlers.afterCompleted != nil
        defersDisposalToAfterHandlers = (onDispose != nil || hasAfterTerminalHook)
            && downstream.disposesUpstreamAfterSenderReturns
        disposal = onDispose != nil || defersDisposalToAfterHandlers ? AtomicWord() : nil
    }

    /// Whether `run` returns this sink as the subscription (which then disposes
    /// `subscription`), rather than the upstream's subscription itself.
    var isDisposable: Bool { disposal != nil }

    /// Whether a terminal event has passed (or is passing) through.
    var hasEnded: Bool {
        guard let disposal else { return false }
        return disposal.value & (Self.terminating | Self.terminated) != 0
    }

    /// Whether this subscription was disposed: then an event that still arrives
    /// (the upstream was inside a delivery when the disposal came) runs no
    /// closure, as RxSwift's sink above drops it, unless the source is one RxSwift
    /// has no such sink for. Only known when this sink is the subscription's disposable.
    @inline(__always)
    private var isDisposed: Bool {
        guard let disposal, dropsEventsOnceDisposed else { return false }
        return disposal.value & Self.disposed != 0
    }

    override func onNext(_ element: Element) {
        guard !isDone, !isDisposed else { return }
        do {
            try handlers.onNext?(element)
        } catch {
            return fail(error)
        }
        downstream.onNext(element)
        do {
            try handlers.afterNext?(element)
        } catch {
            fail(error)
        }
    }

    override func onError(_ error: any Swift.Error) {
        guard !isDone, !isDisposed else { return }
        do {
            try handlers.onError?(error)
        } catch {
            return fail(error)
        }
        isDone = true
        disposal?.fetchOr(Self.terminating)
        downstream.onError(error)
        do {
            try handlers.afterError?(error)
        } catch {
            Hooks.reportUnhandled(error)
        }
        terminalDelivered()
    }

    override func onCompleted() {
        guard !isDone, !isDisposed else { return }
        do {
            try handlers.onCompleted?()
        } catch {
            return fail(error)
        }
        isDone = true
        disposal?.fetchOr(Self.terminating)
        downstream.onCompleted()
        do {
            try handlers.afterCompleted?()
        } catch {
            Hooks.reportUnhandled(error)
        }
        terminalDelivered()
    }

    /// Ends the sequence with an error a closure threw.
    private func fail(_ error: any Swift.Error) {
        guard !isDone else { return }
        isDone = true
        disposal?.fetchOr(Self.terminating)
        downstream.onError(error)
        terminalDelivered()
    }

    /// Completes a disposal that arrived during the terminal delivery and waited for it.
    private func terminalDelivered() {
        guard let disposal else { return }
        if disposal.fetchOr(Self.terminated) & Self.disposalDeferred != 0 { disposeNow() }
    }

    func dispose() {
        guard let disposal else { return }
        var current = disposal.value
        var next: Int
        repeat {
            guard current & Self.disposed == 0 else { return }
            next = current | Self.disposed
            if defersDisposalToAfterHandlers, current & (Self.terminating | Self.terminated) == Self.terminating {
                next |= Self.disposalDeferred
            }
            if disposal.compareExchange(expected: current, desired: next) { break }
            current = disposal.value
        } while true
        if next & Self.disposalDeferred == 0 { disposeNow() }
    }

    /// Disposes the upstream, then runs `onDispose`.
    private func disposeNow() {
        let subscription = self.subscription
        self.subscription = nil
        subscription?.dispose()
        let onDispose = self.onDispose
        self.onDispose = nil
        onDispose?()
    }
}
