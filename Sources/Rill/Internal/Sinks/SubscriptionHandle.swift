import RillShims

/// What `subscribe` returns for a subscription still running after subscribing.
///
/// It does not retain the sink: the sink holds a retain of itself on the handle's
/// behalf (its handle word), which the first of disposal, the subscription's end,
/// or this handle's deinit gives up. The handle keeps an unowned reference, which
/// keeps the sink's memory (not the sink) alive, so the sink's atomic words are
/// always safe to read; it calls into the sink only while holding that retain.
@usableFromInline
final class SubscriptionHandle: Cancelable, @unchecked Sendable {
    // Sendable: immutable; the sink's words are only touched through C11 atomics.
    private unowned let sinkMemory: AnyObject
    private unowned(unsafe) let sink: SinkBase
    /// The sink's two atomic words; see `sinkWords(of:)`.
    private let words: UnsafeMutablePointer<Int>
    /// The sink, for giving up the retain held for this handle.
    private let sinkReference: Unmanaged<AnyObject>

    @usableFromInline
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
    @usableFromInline
    var isDisposed: Bool {
        rill_atomic_load(words) & SubscriptionWords.disposed != 0
    }

    /// Debugging: the sink's state word, which keys its live-subscription entry
    /// (Debugging/SubscriptionTracking.swift); valid while this handle exists.
    var stateWord: UnsafeMutablePointer<Int> { words }

    /// Disposes the subscription: its upstream, `onDisposed`, and the retain held
    /// for this handle.
    @usableFromInline
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
    @usableFromInline
    var customMirror: Mirror {
        Mirror(self, children: ["isDisposed": isDisposed], displayStyle: .class)
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
