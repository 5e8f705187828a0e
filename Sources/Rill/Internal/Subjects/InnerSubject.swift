/// A minimal hot observable: sends each event to the sinks subscribed at that
/// moment, in `PublishSubject`'s order (RxSwift's are `PublishSubject`s), and replays its terminal event to later
/// subscribers. It is what `groupBy`'s groups, `window`'s windows and
/// `retry(when:)`'s errors observable are made of: a `PublishSubject`'s engine
/// (`SubjectCore`) without the public subject around it.
///
/// The caller sends events one at a time (the Rx grammar); subscribing and
/// disposing are safe from any thread. Delivery happens after the lock is released.
final class InnerSubject<Element>: Observable<Element>, @unchecked Sendable {
    // Sendable: immutable; `core` is thread-safe (its state is behind its lock).
    private let core = SubjectCore<Element>(replay: 0, replaysAfterTermination: false)

    override var subscriptionStyle: SubscriptionStyle { .subject }

    func onNext(_ element: Element) {
        core.onNext(element, from: self)
    }

    /// Ends the sequence with `termination`.
    func finish(_ termination: Termination) {
        core.terminate(termination, from: self)
    }

    override func run(_ sink: Sink<Element>) -> any Disposable {
        core.subscribe(sink, owner: self)
    }
}

/// The result's own subscription of an operator whose inner observables hold the
/// source (`groupBy`, `window`): disposing it stops delivery to the result (the
/// operator checks `isDisposed` before each delivery, as RxSwift's sinks do) and
/// releases the result's hold on the source, which stays subscribed while an
/// inner observable is (`RefCountedGroup`).
final class RefCountedOuterSubscription: Disposable, Sendable {
    let refCount: RefCountDisposable
    /// Nonzero once disposed.
    let isDisposed = AtomicWord()

    /// - Parameter subscription: What the last release disposes (the source's
    ///   subscription and the operator's own state).
    init(_ subscription: any Disposable) {
        refCount = RefCountDisposable(disposable: subscription)
    }

    func dispose() {
        isDisposed.store(1)
        refCount.dispose()
    }
}

/// An inner observable of `groupBy` or `window`: subscribing keeps the source
/// subscribed until the subscription is disposed or the inner observable ends.
// Sendable: immutable after init; `RefCountDisposable` and the subject are Sendable.
final class RefCountedGroup<Element>: Observable<Element>, @unchecked Sendable {
    private let subject: InnerSubject<Element>
    private let refCount: RefCountDisposable

    /// - Parameter style: `.direct` for `groupBy`'s groups (RxSwift subscribes them
    ///   directly), `.trampolined` for `window`'s windows (RxSwift's are producers).
    init(_ subject: InnerSubject<Element>, refCount: RefCountDisposable, style: SubscriptionStyle) {
        self.subject = subject
        self.refCount = refCount
        self.style = style
    }

    private let style: SubscriptionStyle

    override var subscriptionStyle: SubscriptionStyle { style }

    override func run(_ sink: Sink<Element>) -> any Disposable {
        let release = refCount.retain()
        return Disposables.create(subject.run(ReleasingSink(downstream: sink, release: release)), release)
    }
}

/// Forwards an inner observable's events and lets go of its hold on the source at
/// the terminal event, as RxSwift's inner subscriptions end there.
private final class ReleasingSink<Element>: Sink<Element> {
    private let downstream: Sink<Element>
    private let release: any Disposable

    init(downstream: Sink<Element>, release: any Disposable) {
        self.downstream = downstream
        self.release = release
    }

    override func onNext(_ element: Element) { downstream.onNext(element) }

    override func onError(_ error: any Swift.Error) {
        downstream.onError(error)
        release.dispose()
    }

    override func onCompleted() {
        downstream.onCompleted()
        release.dispose()
    }
}
