import RillShims

/// The leading stored words of `object`, for C11 atomic operations on them.
///
/// A Swift class instance lays out its stored properties in declaration order,
/// superclass first, right after the object header; the standard library's
/// `_getUnsafePointerToStoredProperties` is that address (swift-atomics reaches its
/// storage the same way). Only classes whose first stored properties are `Int`
/// words reserved for this use call it, and never touch those properties otherwise.
/// `SubscriptionLifetimeTests.subscriberSinkStateWordsLeadTheObject` checks the layout
/// against reflection.
@inlinable @inline(__always)
func leadingWords(of object: AnyObject) -> UnsafeMutablePointer<Int> {
    _getUnsafePointerToStoredProperties(object).assumingMemoryBound(to: Int.self)
}

/// The first stored words of a sink after what every sink stores (`ObserverKey`'s
/// one word): where `SubscriberSink`, `CreateSink` and `FlatMapInnerSink` keep their
/// atomic words.
@inlinable @inline(__always)
func sinkWords(of sink: SinkBase) -> UnsafeMutablePointer<Int> {
    leadingWords(of: sink) + 1
}

/// The values of a `SubscriberSink`'s two atomic words.
@usableFromInline
enum SubscriptionWords {
    /// State bit: a terminal event is being or was delivered.
    @usableFromInline static var terminated: Int { 1 }
    /// State bit: the subscription is disposed (it ended, or the subscriber disposed it).
    @usableFromInline static var disposed: Int { 2 }
    /// State bit: the upstream subscription is stored in the sink.
    @usableFromInline static var attached: Int { 4 }
    /// State bit: the subscription is in the live-subscription registry (Debugging/SubscriptionTracking.swift).
    static var tracked: Int { 8 }
    /// State bit: the source being subscribed registers the sink in a subject's
    /// list and returns the subject's removal unchanged (`SubscriptionStyle.subject`),
    /// so the sink may take that removal (`SinkBase.adoptRemoval(by:)`). A bit, not
    /// a field: one more byte moved `ClosureSink` into glibc's next size class.
    @usableFromInline static var acceptsRemoval: Int { 16 }
    /// Handle word: a handle exists and the sink holds a retain of itself for it.
    static var retainedForHandle: Int { 1 }
    /// Handle word: the subscription is disposed; no handle may take a retain any more.
    static var closed: Int { 2 }
}

/// The subscriber's end of one subscription: the bottom sink of the chain, which
/// also owns the upstream subscription and disposes it exactly once, when the
/// subscriber disposes or after the sink received a terminal event.
///
/// Subclasses (`ClosureSink`, `OutcomeSink`, ...) deliver to the subscriber. Before
/// delivering a terminal event they call `beginTerminal()`, after it
/// `disposeSubscription()`.
///
/// The subscription's state lives in the sink itself, so a subscription costs one
/// object. What `subscribe` returns depends on how the subscription went:
/// - It ended while subscribing (a synchronous source such as `just` or `of`): a
///   `DisposedSubscription`, an empty value. Nothing is allocated, and the sink and the
///   subscriber's closures are released when the source lets go of the sink.
/// - It is still running on a source that keeps the sink until the subscription
///   ends or is disposed (`Observable.holdsSubscriberWhileRunning`: subjects, relays,
///   `share`, and `map`, `filter` and `distinctUntilChanged()` over them), and the
///   subscriber gave no `onDisposed`: a `SubscriptionToken`, a value that keeps the
///   sink's memory but not the sink. Nothing is allocated. Once the subscription
///   ends or is disposed (or the source is released) the sink and the subscriber's
///   closures go, whether or not the token is kept.
/// - Otherwise (or while subscriptions are tracked): a `SubscriptionHandle`. A
///   cold source may let go of the sink while the subscription still has an
///   upstream to dispose (a `TestScheduler` cold observable past its last event, a
///   `using` resource, `never()`), and `onDisposed` must run when the subscriber
///   disposes: the handle keeps the sink, with its upstream, until then.
///   The sink keeps a retain of itself on the handle's behalf (`handleWord`), given
///   up by whichever comes first: the subscription's end or disposal, or the
///   handle's deinit. So the subscriber's closures are never kept alive by a
///   disposable the subscriber still holds, and a dropped handle forms no cycle with
///   the sink.
///
/// Upstream is attached inside the current thread's trampoline (for the observables
/// RxSwift subscribes there; see `SubscriptionStyle`), so it is in place before a
/// synchronous source emits its first scheduled element (and a downstream `take`
/// can stop an infinite source).
@usableFromInline
class SubscriberSink<Element>: Sink<Element> {
    // Thread safety: `disposeSubscription()` may run on any thread. The two leading
    // words are only touched through C11 atomics. `upstream` is written once before
    // `attached` is published and then touched only by whichever of attach/dispose
    // comes second; `onDisposed` only by the caller that set `disposed` first.
    // Everything else belongs to the delivering thread (the grammar).
    //
    // Layout: these two words must stay the first stored properties of the hierarchy
    // (after `ObserverKey`'s word, which every sink has); see `sinkWords(of:)`. Never read or write them directly.
    @exclusivity(unchecked) private var stateWord = 0
    @exclusivity(unchecked) private var handleWord = 0
    /// `NopDisposable` until attached: an empty value, so destroying the field of a
    /// subscription that never stored one costs no reference counting.
    @exclusivity(unchecked) @usableFromInline var upstream: any Disposable = NopDisposable()
    @exclusivity(unchecked) @usableFromInline var onDisposed: (() -> Void)?
    /// The subject that registered this sink under itself and left its removal to
    /// it (`adoptRemoval(by:)`), returning an empty disposable. Written during the
    /// subscribe, before `attached` is published, and read like `upstream`.
    /// Retained by hand (released in deinit) and called without a retain: reading
    /// a strong optional field for a call retains and releases it.
    @exclusivity(unchecked) private var removingOwner: Unmanaged<OwnerReference>?

    init(onDisposed: (() -> Void)?) {
        self.onDisposed = onDisposed
    }

    deinit {
        removingOwner?.release()
    }

    /// The atomic state word: the state bits of `SubscriptionWords` (`terminated`,
    /// `disposed`, `attached`, `tracked`, `acceptsRemoval`).
    @inlinable @inline(__always) var state: UnsafeMutablePointer<Int> { sinkWords(of: self) }

    /// The atomic handle word: 0, `retainedForHandle` or `closed`.
    @inlinable @inline(__always) var handleSlot: UnsafeMutablePointer<Int> { sinkWords(of: self) + 1 }

    /// Subscribes to `source` and returns what the subscriber disposes: an empty,
    /// already disposed value if the subscription already ended, else a handle.
    @inlinable @inline(__always)
    final func subscribe(to source: Observable<Element>, site: SubscriptionSite = .unknown) -> any Disposable {
        subscribe(to: source, style: source.subscriptionStyle, site: site)
    }

    /// `subscribe(to:site:)` for a caller that already read the source's
    /// `subscriptionStyle`.
    @inlinable @inline(__always)
    final func subscribe(to source: Observable<Element>, style: SubscriptionStyle, site: SubscriptionSite) -> any Disposable {
        // Read while no other thread can reach the sink yet.
        let needsHandle = onDisposed != nil || !source.holdsSubscriberWhileRunning
        attach(to: source, style: style)
        if rill_atomic_load(state) & SubscriptionWords.disposed != 0 { return DisposedSubscription() }
        // Debugging: one relaxed load; while tracking is on, records the running
        // subscription, which a handle keeps alive until it is disposed.
        if _slowPath(rill_tracking_load() != 0) {
            SubscriptionTracking.track(self, source: source, site: site)
            return makeHandle()
        }
        return needsHandle ? makeHandle() : SubscriptionToken(self)
    }

    /// A handle for a subscription still running after `attach`.
    @usableFromInline
    final func makeHandle() -> any Disposable {
        _ = Unmanaged.passRetained(self)
        guard rill_atomic_compare_exchange(handleSlot, 0, SubscriptionWords.retainedForHandle) else {
            // Disposed meanwhile (on another thread): no handle needed.
            Unmanaged.passUnretained(self).release()
            return DisposedSubscription()
        }
        return SubscriptionHandle(self)
    }

    /// Subscribes to `source` (inside the trampoline if its style says so) and
    /// stores the subscription, unless the subscription already ended, in which
    /// case it is disposed at once.
    @inlinable @inline(__always)
    final func attach(to source: Observable<Element>) {
        attach(to: source, style: source.subscriptionStyle)
    }

    /// `attach(to:)` for a caller that already read the source's `subscriptionStyle`.
    @inlinable @inline(__always)
    final func attach(to source: Observable<Element>, style: SubscriptionStyle) {
        // Set by the subscribing thread before `run`, which reads it on this thread.
        if style == .subject { rill_atomic_fetch_or(state, SubscriptionWords.acceptsRemoval) }
        source.subscribe(self, style: style) { (subscription: consuming any Disposable) in
            let current = rill_atomic_load(state)
            if current & SubscriptionWords.disposed != 0 {
                // Ended or disposed while subscribing: `disposeSubscription` saw no
                // `attached` and left the subscription to this side.
                if current & SubscriptionWords.acceptsRemoval != 0 { leaveRemovingOwner() }
                subscription.dispose()
                return
            }
            upstream = subscription
            if rill_atomic_fetch_or(state, SubscriptionWords.attached) & SubscriptionWords.disposed != 0 {
                disposeUpstream()
            }
        }
    }

    /// Ends the upstream subscription: through the subject that left its removal
    /// to this sink (whose disposable, in `upstream`, is then empty), or through
    /// the disposable in `upstream`. By whichever of attach and dispose comes second.
    @usableFromInline
    final func disposeUpstream() {
        endUpstream()
    }

    /// `disposeUpstream()`, inlined into `disposeSubscription()`.
    @inline(__always)
    private final func endUpstream() {
        if let removingOwner {
            leave(removingOwner)
        } else {
            takeUpstream().dispose()
        }
    }

    /// Removes this sink from the subject that left its removal to it, if any.
    @usableFromInline
    final func leaveRemovingOwner() {
        if let removingOwner { leave(removingOwner) }
    }

    /// Removes this sink from `owner`'s subject, without retaining `owner` (this
    /// sink holds it).
    @inline(__always)
    private final func leave(_ owner: Unmanaged<OwnerReference>) {
        owner._withUnsafeGuaranteedRef { $0.removeObserver(Unmanaged.passUnretained(self)) }
    }

    override final func adoptRemoval(by owner: OwnerReference) -> RemovalAdoption {
        guard rill_atomic_load(state) & SubscriptionWords.acceptsRemoval != 0 else { return .keepsDisposable }
        removingOwner = Unmanaged.passRetained(owner)
        return .adopted
    }

    /// Claims the right to deliver the terminal event. Returns false if a terminal
    /// event was already delivered or the subscription is disposed.
    @inlinable
    final func beginTerminal() -> Bool {
        rill_atomic_fetch_or(state, SubscriptionWords.terminated) & (SubscriptionWords.terminated | SubscriptionWords.disposed) == 0
    }

    /// Whether the subscription was disposed (or ended).
    @inlinable
    final var isDisposed: Bool {
        rill_atomic_load(state) & SubscriptionWords.disposed != 0
    }

    override final var keepsOwnSubscription: Bool { true }

    override final var disposesUpstreamAfterSenderReturns: Bool { true }

    /// Disposes the upstream subscription (once), runs `onDisposed` and gives up
    /// the retain held for the subscriber's handle. Safe from any thread.
    ///
    /// After a terminal event `onDisposed` runs first, as in RxSwift, where the
    /// subscriber's observer runs it as it receives the event and the sink above
    /// disposes the chain once that returned; when the subscriber disposes, the
    /// chain is disposed first.
    override final func disposeSubscription() {
        let previous = rill_atomic_fetch_or(state, SubscriptionWords.disposed)
        guard previous & SubscriptionWords.disposed == 0 else { return }
        if previous & SubscriptionWords.terminated != 0 { runOnDisposed() }
        // Without `attached`, the attaching side owns `upstream`: leave it.
        if previous & SubscriptionWords.attached != 0 { endUpstream() }
        // Disposed by the subscriber (at a terminal event it already ran: nil now).
        runOnDisposed()
        // Debugging: only a subscription made while tracking was on is in the registry.
        if previous & SubscriptionWords.tracked != 0 { SubscriptionTracking.untrack(self) }
        // Last: the caller's reference keeps `self` alive for this call regardless.
        if rill_atomic_exchange(handleSlot, SubscriptionWords.closed) == SubscriptionWords.retainedForHandle {
            Unmanaged.passUnretained(self).release()
        }
    }

    /// Moves the upstream subscription out of the sink, leaving `NopDisposable()`:
    /// one move and one store of an empty value (a `swap` costs three moves).
    @inlinable @inline(__always)
    final func takeUpstream() -> any Disposable {
        withUnsafeMutablePointer(to: &upstream) { field in
            let taken = field.move()
            field.initialize(to: NopDisposable())
            return taken
        }
    }

    /// Runs `onDisposed`, once; by the caller that set `disposed`.
    @inline(__always)
    private final func runOnDisposed() {
        if let onDisposed {
            self.onDisposed = nil
            onDisposed()
        }
    }
}


