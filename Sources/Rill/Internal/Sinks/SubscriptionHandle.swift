import RillShims

/// What `subscribe` returns for a subscription still running after subscribing
/// that has an `onDisposed` closure, or while subscriptions are tracked (see
/// `SubscriberSink`; the others get a `SubscriptionToken`).
///
/// It does not retain the sink: the sink holds a retain of itself on the handle's
/// behalf (its handle word), which the first of disposal, the subscription's end,
/// or this handle's deinit gives up. The handle keeps an unowned reference, which
/// keeps the sink's memory (not the sink) alive, so the sink's atomic words are
/// always safe to read; it calls into the sink only while holding that retain.
final class SubscriptionHandle: Cancelable, @unchecked Sendable {
    // Sendable: immutable; the sink's words are only touched through C11 atomics.
    private unowned let sinkMemory: AnyObject
    private unowned(unsafe) let sink: SinkBase
    /// The sink's two atomic words; see `sinkWords(of:)`.
    private let words: UnsafeMutablePointer<Int>
    /// The sink, for giving up the retain held for this handle.
    private let sinkReference: Unmanaged<AnyObject>

    init(_ sink: SinkBase) {
        self.sink = sink
        sinkMemory = sink
        words = sinkWords(of: sink)
        sinkReference = Unmanaged.passUnretained(sink)
    }

    deinit {
        // Dropped without disposing: the subscription runs on, owned by its source.
        // A compare-and-swap, not an exchange: once the sink gave the retain up
        // (the word is `closed`), the sink may be deinitialised and its memory is
        // only read, never written.
        if rill_atomic_compare_exchange(words + 1, SubscriptionWords.retainedForHandle, 0) {
            sinkReference.release()
        }
    }

    /// Takes over the retain the sink holds for this handle, if it still does,
    /// and marks the word closed.
    private func takeRetain() -> Bool {
        rill_atomic_exchange(words + 1, SubscriptionWords.closed) == SubscriptionWords.retainedForHandle
    }

    /// Whether the subscription was disposed or ended.
    var isDisposed: Bool {
        rill_atomic_load(words) & SubscriptionWords.disposed != 0
    }

    /// Debugging: the sink's state word, which keys its live-subscription entry
    /// (Debugging/SubscriptionTracking.swift); valid while this handle exists.
    var stateWord: UnsafeMutablePointer<Int> { words }

    /// Disposes the subscription: its upstream, `onDisposed`, and the retain held
    /// for this handle.
    func dispose() {
        guard takeRetain() else { return }
        sink.disposeSubscription()
        sinkReference.release()
    }
}

/// Reflection (`dump`, a failing `#expect`, a `Mirror`) would read the stored
/// references, and the sink behind the unowned one may have ended and been freed:
/// reading it traps. The handle shows only whether it is disposed.
extension SubscriptionHandle: CustomReflectable {
    var customMirror: Mirror {
        Mirror(self, children: ["isDisposed": isDisposed], displayStyle: .class)
    }
}

/// What `subscribe` returns for a running subscription without an `onDisposed`
/// closure: two references to the sink, no allocation.
///
/// The source keeps the sink alive; this value keeps only its memory (an unowned
/// reference), so the sink's atomic words stay readable after the sink is gone.
/// `dispose()` takes a strong reference only if the sink is still alive
/// (`rill_try_retain`, the runtime's check that weak references use), so a token
/// disposed after its source let go of the sink, from any thread, does nothing.
@usableFromInline
struct SubscriptionToken: Cancelable, @unchecked Sendable {
    // Sendable: immutable; the sink is only reached through its atomic words and a
    // strong reference taken by `rill_try_retain`.
    private unowned let sinkMemory: SinkBase
    /// The sink's address, for `rill_try_retain`.
    private let sink: UnsafeMutableRawPointer
    /// The sink's two atomic words; see `sinkWords(of:)`.
    private let words: UnsafeMutablePointer<Int>

    @usableFromInline
    init(_ sink: SinkBase) {
        sinkMemory = sink
        self.sink = Unmanaged.passUnretained(sink).toOpaque()
        words = sinkWords(of: sink)
    }

    /// Whether the subscription was disposed or ended.
    @usableFromInline
    var isDisposed: Bool {
        rill_atomic_load(words) & SubscriptionWords.disposed != 0
    }

    /// Disposes the subscription: its upstream and the sink, if its source still
    /// holds it.
    @usableFromInline
    func dispose() {
        if rill_atomic_load(words) & SubscriptionWords.disposed != 0 { return }
        guard rill_try_retain(sink) else {
            // The source let go of the sink (it was released without ending, or
            // never held it: `never()`); nothing is left to end. The word outlives
            // the sink and is only touched atomically; it records the disposal.
            rill_atomic_fetch_or(words, SubscriptionWords.disposed)
            return
        }
        Unmanaged<SinkBase>.fromOpaque(sink).takeRetainedValue().disposeSubscription()
    }
}

/// Reflection shows only whether the subscription is disposed: the sink behind the
/// unowned reference may be gone, and reading it would trap.
extension SubscriptionToken: CustomReflectable {
    @usableFromInline
    var customMirror: Mirror {
        Mirror(self, children: ["isDisposed": isDisposed], displayStyle: .struct)
    }
}

/// What `subscribe` returns for a subscription that ended while subscribing: an
/// empty value, already disposed, so it costs no allocation, no reference counting
/// and no global's lazy initialisation.
@usableFromInline
struct DisposedSubscription: Cancelable {
    @inlinable init() {}

    @inlinable var isDisposed: Bool { true }

    @inlinable func dispose() {}
}
