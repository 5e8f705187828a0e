import RillShims

/// The leading stored words of `object`, for C11 atomic operations on them.
///
/// A Swift class instance lays out its stored properties in declaration order,
/// superclass first, right after the object header; the standard library's
/// `_getUnsafePointerToStoredProperties` is that address (swift-atomics reaches its
/// storage the same way). Only classes whose first stored properties are `Int`
/// words reserved for this use call it, and never touch those properties otherwise.
/// `SubscriberSinkLayoutTests` checks the layout against reflection.
@inlinable @inline(__always)
func leadingWords(of object: AnyObject) -> UnsafeMutablePointer<Int> {
    _getUnsafePointerToStoredProperties(object).assumingMemoryBound(to: Int.self)
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
///   shared, already disposed disposable. Nothing is allocated, and the sink and the
///   subscriber's closures are released when the source lets go of the sink.
/// - It is still running: a `SubscriptionHandle` that holds the sink until the
///   subscription is disposed or ends, whichever comes first. Ending or disposing
///   detaches the handle, so the subscriber's closures are never kept alive by a
///   disposable the subscriber still holds.
///
/// Upstream is attached inside the current thread's trampoline, so it is in place
/// before a synchronous source emits its first scheduled element (and a downstream
/// `take` can stop an infinite source).
@usableFromInline
class SubscriberSink<Element>: Sink<Element> {
    // Thread safety: `disposeSubscription()` may run on any thread. The two leading words are only touched through C11 atomics. `upstream`
    // is written once before `attached` is published and then touched only by whichever
    // of attach/dispose comes second; `onDisposed` only by the caller that set
    // `disposed` first. Everything else belongs to the delivering thread (the grammar).
    //
    // Layout: these two words must stay the first stored properties of the hierarchy
    // (`Sink` has none); see `leadingWords(of:)`. Never read or write them directly.
    @exclusivity(unchecked) private var stateWord = 0
    @exclusivity(unchecked) private var handleWord = 0
    @exclusivity(unchecked) @usableFromInline var upstream: (any Disposable)?
    @exclusivity(unchecked) @usableFromInline var onDisposed: (() -> Void)?

    @usableFromInline static var terminated: Int { 1 }
    @usableFromInline static var disposed: Int { 2 }
    @usableFromInline static var attached: Int { 4 }
    /// `handleWord` once the subscription is disposed: no handle may attach any more.
    @usableFromInline static var noHandle: Int { 1 }

    @usableFromInline
    init(onDisposed: (() -> Void)?) {
        self.onDisposed = onDisposed
    }

    /// The atomic state word: `terminated`, `disposed` and `attached` bits.
    @inlinable var state: UnsafeMutablePointer<Int> { leadingWords(of: self) }

    /// The atomic handle word: 0, a retained `SubscriptionHandle`, or `noHandle`.
    @inlinable var handleSlot: UnsafeMutablePointer<Int> { leadingWords(of: self) + 1 }

    /// Subscribes to `source` and returns what the subscriber disposes: a shared
    /// disposed instance if the subscription already ended, else a handle.
    @inlinable
    final func subscribe(to source: Observable<Element>) -> any Disposable {
        attach(to: source)
        if rill_atomic_load(state) & Self.disposed != 0 { return DisposedSubscription.instance }
        let handle = SubscriptionHandle(holding: self)
        let raw = Int(bitPattern: Unmanaged.passRetained(handle).toOpaque())
        if rill_atomic_compare_exchange(handleSlot, 0, raw) { return handle }
        // Disposed meanwhile (on another thread): the handle is not needed.
        Unmanaged<SubscriptionHandle>.fromOpaque(UnsafeRawPointer(bitPattern: raw)!).release()
        handle.dispose()
        return DisposedSubscription.instance
    }

    /// Subscribes to `source` inside the trampoline and stores the subscription,
    /// unless the subscription already ended, in which case it is disposed at once.
    @inlinable
    final func attach(to source: Observable<Element>) {
        Trampoline.run { _ in
            let subscription = source.run(self)
            if rill_atomic_load(state) & Self.disposed != 0 {
                // Ended or disposed while subscribing: `disposeSubscription` saw no
                // `attached` and left the subscription to this side.
                subscription.dispose()
                return
            }
            upstream = subscription
            if rill_atomic_fetch_or(state, Self.attached) & Self.disposed != 0 {
                upstream = nil
                subscription.dispose()
            }
        }
    }

    /// Claims the right to deliver the terminal event. Returns false if a terminal
    /// event was already delivered or the subscription is disposed.
    @inlinable
    final func beginTerminal() -> Bool {
        rill_atomic_fetch_or(state, Self.terminated) & (Self.terminated | Self.disposed) == 0
    }

    /// Whether the subscription was disposed (or ended).
    @inlinable
    final var isDisposed: Bool {
        rill_atomic_load(state) & Self.disposed != 0
    }

    /// Disposes the upstream subscription (once), runs `onDisposed` and detaches
    /// the subscriber's handle. Safe from any thread.
    @usableFromInline
    final func disposeSubscription() {
        let previous = rill_atomic_fetch_or(state, Self.disposed)
        guard previous & Self.disposed == 0 else { return }
        let onDisposed = self.onDisposed
        self.onDisposed = nil
        var upstream: (any Disposable)?
        // Without `attached`, the attaching side owns `upstream`: leave it.
        if previous & Self.attached != 0 {
            upstream = self.upstream
            self.upstream = nil
        }
        let handle = rill_atomic_exchange(handleSlot, Self.noHandle)
        if handle != 0 && handle != Self.noHandle {
            let handle = Unmanaged<SubscriptionHandle>.fromOpaque(UnsafeRawPointer(bitPattern: handle)!)
            handle.takeUnretainedValue().detach()
            handle.release()
        }
        upstream?.dispose()
        onDisposed?()
    }
}

/// A subscriber's sink, as `SubscriptionHandle` disposes it.
@usableFromInline
protocol SubscriptionDisposing: AnyObject {
    /// Disposes the subscription; see `SubscriberSink.disposeSubscription()`.
    func disposeSubscription()
}

extension SubscriberSink: SubscriptionDisposing {}

/// What `subscribe` returns for a subscription that is still running: it holds the
/// subscriber's sink until the subscription is disposed or ends, then lets go of
/// it, so the subscriber's closures are released even while the subscriber keeps
/// this disposable.
@usableFromInline
final class SubscriptionHandle: Cancelable, @unchecked Sendable {
    // Sendable: `sinkWord` (the first stored property, see `leadingWords(of:)`) is
    // only touched through C11 atomics: it holds a retain of `sink`, or 0 once let go.
    // `sink` is immutable and only used while `sinkWord`'s retain is held.
    @exclusivity(unchecked) private var sinkWord: Int
    private unowned(unsafe) let sink: any SubscriptionDisposing

    @usableFromInline
    init(holding sink: any SubscriptionDisposing) {
        self.sink = sink
        sinkWord = Int(bitPattern: Unmanaged.passRetained(sink as AnyObject).toOpaque())
    }

    deinit {
        detach()
    }

    /// Lets go of the sink, once.
    @usableFromInline
    func detach() {
        let raw = rill_atomic_exchange(leadingWords(of: self), 0)
        if raw != 0 { Unmanaged<AnyObject>.fromOpaque(UnsafeRawPointer(bitPattern: raw)!).release() }
    }

    /// Whether the subscription was disposed or ended.
    @usableFromInline
    var isDisposed: Bool {
        rill_atomic_load(leadingWords(of: self)) == 0
    }

    /// Disposes the subscription: its upstream, `onDisposed`, and the hold on the sink.
    @usableFromInline
    func dispose() {
        let raw = rill_atomic_exchange(leadingWords(of: self), 0)
        guard raw != 0 else { return }
        // The retain taken from `sinkWord` keeps `sink` alive until released here.
        sink.disposeSubscription()
        Unmanaged<AnyObject>.fromOpaque(UnsafeRawPointer(bitPattern: raw)!).release()
    }
}

/// What `subscribe` returns for a subscription that ended while subscribing: one
/// shared instance, already disposed, so such a subscription allocates nothing for it.
@usableFromInline
final class DisposedSubscription: Cancelable {
    @usableFromInline static let instance = DisposedSubscription()

    @usableFromInline var isDisposed: Bool { true }

    @usableFromInline func dispose() {}
}
