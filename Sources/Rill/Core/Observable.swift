/// A sequence of elements delivered over time: Rill's type-erased observable.
///
/// Every factory and operator returns an `Observable`. Subscribing runs the
/// sequence for that subscriber (observables are cold unless shared), and the
/// returned `Disposable` ends the subscription.
///
/// ```swift
/// let subscription = Observable.of(1, 2, 3)
///     .map { $0 * 10 }
///     .subscribe(onNext: { print($0) })   // 10, 20, 30
/// ```
///
/// `Observable` is `Sendable`: it is immutable once built, and each subscription
/// keeps its own state.
public class Observable<Element>: ObservableType, @unchecked Sendable {
    // Sendable: immutable once built; each subscription keeps its own state in its sinks.
    //
    // Not `@usableFromInline`, nor are the base sinks' inits: a designated init that
    // inlinable code may call gives every subclass that does not inherit it two or
    // three "unimplemented initializer" stubs (about 250 functions and 29 KB of
    // `Scripts/size.sh`'s program). The subclasses' own inits are called instead.
    init() {
        #if DEBUG
        Resources.increment()
        #endif
    }

    deinit {
        #if DEBUG
        Resources.decrement()
        #endif
    }

    /// Starts this sequence for `sink` and returns what ends it. Each subclass
    /// overrides this. Code that subscribes a source calls `subscribe(_:then:)`,
    /// which runs this inside the current thread's trampoline or not, as the
    /// observable's `subscriptionStyle` says; an operator's `run` calls its
    /// upstream's `run` directly (it is already where its subscription started).
    @usableFromInline
    func run(_ sink: Sink<Element>) -> any Disposable {
        // Not a protocol: `Observable` is RxSwift's public class; `run` is one vtable call per subscription.
        fatalError("Internal inconsistency: \(type(of: self)) does not override run(_:)")
    }

    /// How a subscription to this observable starts: `.trampolined` (operators and
    /// most factories), unless a subclass says otherwise; see `SubscriptionStyle`.
    @usableFromInline
    var subscriptionStyle: SubscriptionStyle { .trampolined }

    /// Whether this observable keeps a subscriber's sink for as long as the
    /// subscription runs, that is until it ends or is disposed: a subject keeps it in
    /// its list, and an operator that only transforms passes on what its source
    /// says. Then what `subscribe` returns need not keep the sink alive (a
    /// `SubscriptionToken`; see `SubscriberSink`). False, the safe answer, for
    /// everything else: a cold source may let go of its subscriber while the
    /// subscription still has an upstream to dispose. Read once per subscription.
    @usableFromInline
    var holdsSubscriberWhileRunning: Bool { false }

    /// For `.immediate` observables: delivers the whole sequence to a closure
    /// subscriber at once, without a subscription object, and returns true; see
    /// `subscribe(onNext:onError:onCompleted:onDisposed:isolation:)`. Other
    /// observables return false and deliver nothing.
    @usableFromInline
    func deliverImmediately(
        onNext: ((Element) -> Void)?,
        onError: ((any Swift.Error) -> Void)?,
        onCompleted: (() -> Void)?
    ) -> Bool {
        false
    }

    /// Subscribes `observer` to this sequence.
    ///
    /// The observer receives events on whatever thread the source produces them;
    /// use `observe(on:)` to choose. After a terminal event the subscription is
    /// disposed by itself.
    ///
    /// - Returns: A disposable that ends the subscription.
    public func subscribe<Observer: ObserverType>(_ observer: Observer) -> any Disposable
        where Observer.Element == Element {
        ObserverSink(observer).subscribe(to: self)
    }

    /// `subscribe(_:)` for a subscriber that records `site` (`bind(to:)`, `drive`, `emit`).
    final func subscribe<Observer: ObserverType>(_ observer: Observer, site: SubscriptionSite) -> any Disposable
        where Observer.Element == Element {
        ObserverSink(observer).subscribe(to: self, site: site)
    }

    /// Returns `self`.
    public func asObservable() -> Observable<Element> {
        self
    }
}

/// How a subscription to an observable starts: inside the current thread's
/// trampoline or not, following RxSwift 6.10, where only `Producer` subclasses
/// enter the trampoline when subscribed.
///
/// The difference shows when a subscriber subscribes to a synchronous source from
/// inside a delivery made during `subscribe` (a `just`'s element, a
/// `BehaviorSubject`'s current value): outside the trampoline that inner source
/// runs at once, inside it the inner source waits until the outer subscription
/// call finishes.
@usableFromInline
enum SubscriptionStyle: UInt8 {
    /// Inside the trampoline: operators and the factories RxSwift builds on
    /// `Producer` (`create`, `deferred`, `of`, `from`, `range`, `timer`, ...). A
    /// synchronous source scheduled on `CurrentThreadScheduler` then emits only
    /// once the subscription is in place.
    case trampolined
    /// Directly: `share`, connectable and grouped observables, `never`.
    case direct
    /// Directly, and `run` registers the sink it is given in a subject's list and
    /// returns the subject's removal unchanged: the subjects, and `asObservable()`
    /// of one. A subscriber's end may then take its removal itself
    /// (`SinkBase.adoptRemoval(by:)`), which spares its subscription a disposable.
    /// An observable that wraps what a subject returns for a sink it passes on
    /// (`refCount`) must not say this.
    case subject
    /// Directly, and the whole sequence is known when the observable is made
    /// (`just`, `empty`, `error`): a closure subscriber receives it through
    /// `deliverImmediately`, with no subscription object at all.
    case immediate
}

extension Observable {
    /// Subscribes `sink` as RxSwift's `subscribe` would: inside the current thread's
    /// trampoline when this observable is `.trampolined`, else directly. `store`
    /// receives the subscription, still inside the trampoline, so a synchronous
    /// source's scheduled elements arrive only after it is stored.
    @inlinable @inline(__always)
    final func subscribe<Result>(_ sink: Sink<Element>, then store: (consuming any Disposable) -> Result) -> Result {
        subscribe(sink, style: subscriptionStyle, then: store)
    }

    /// `subscribe(_:then:)` for a caller that already read `subscriptionStyle`.
    @inlinable @inline(__always)
    final func subscribe<Result>(
        _ sink: Sink<Element>, style: SubscriptionStyle, then store: (consuming any Disposable) -> Result
    ) -> Result {
        if style == .trampolined {
            return Trampoline.run { _ in store(run(sink)) }
        }
        return store(run(sink))
    }
}

/// Delivers to a user's `ObserverType` at the end of a subscription.
private final class ObserverSink<Observer: ObserverType>: SubscriberSink<Observer.Element> {
    private let observer: Observer
    /// Set on the delivering thread when the terminal event is delivered, so an
    /// element still in flight (a subscriber ended the source in the middle of a
    /// delivery) is dropped. Events reach a sink one at a time (the grammar).
    @exclusivity(unchecked) private var isStopped = false

    init(_ observer: Observer) {
        self.observer = observer
        super.init(onDisposed: nil)
    }

    override func onNext(_ element: Observer.Element) {
        guard !isStopped else { return }
        observer.on(.next(element))
    }

    override func onError(_ error: any Swift.Error) {
        guard beginTerminal() else { return }
        isStopped = true
        observer.on(.error(error))
        disposeSubscription()
    }

    override func onCompleted() {
        guard beginTerminal() else { return }
        isStopped = true
        observer.on(.completed)
        disposeSubscription()
    }
}
