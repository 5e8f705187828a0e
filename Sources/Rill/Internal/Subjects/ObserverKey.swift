import RillShims

/// What identifies one subscriber in its owner's `ObserverList` and says where its
/// slot is, so the subscriber is removed in O(1).
///
/// Every sink is one (`SinkBase` inherits from it): a subject registers the sink
/// it is given under the sink itself (`adoptAsKey()`), so a subscription to a
/// subject costs no key object. A sink is the key of at most one registration; a
/// second one (a sink Rill subscribed twice, which its operators never do at
/// once) gets a key object of its own.
///
/// `keySlot` is `unclaimed` until the sink became a key; afterwards it is the
/// index of its slot in the owner's `ObserverList.live`, read and written only by
/// that list, under the owner's lock. It must stay the first stored property of
/// every sink: sinks that keep atomic words first in the object reach them after
/// it (`sinkWords(of:)`).
@usableFromInline
class ObserverKey {
    // Touched only under the owner's lock (and once by the registering thread
    // before it inserts the key), so no dynamic exclusivity checks.
    @exclusivity(unchecked)
    final var keySlot = ObserverKey.unclaimed

    static var unclaimed: Int { Int.min }

    init() {}

    /// This object as the key of a new registration: itself the first time, a new
    /// key object afterwards. Called by the owner when it registers a subscriber.
    final func adoptAsKey() -> ObserverKey {
        guard keySlot == Self.unclaimed else { return SinkKey(holding: self) }
        keySlot = 0
        return self
    }
}

/// The key of a sink's second registration: it keeps the sink alive, as a sink
/// that is its own key does by being the key (`ObserverList.Entry` holds only its
/// key strongly).
private final class SinkKey: ObserverKey {
    private let sink: ObserverKey

    init(holding sink: ObserverKey) {
        self.sink = sink
        super.init()
        keySlot = 0
    }
}

/// An owner of an `ObserverList` (a subject's engine): removes a subscriber by its key.
///
/// A class, not a protocol: a subscription reaches its owner through a reference
/// of this non-generic type, which needs no witness-table lookup per subscription.
@usableFromInline
class ObserverOwner: @unchecked Sendable {
    // Sendable: subclasses keep their state behind a lock.

    /// The reference every subscription's removal shares: made once per owner, so
    /// a subscription retains this box instead of referring to the owner itself.
    final let reference: OwnerReference

    init() {
        reference = OwnerReference()
        reference.attach(self)
    }

    /// Removes the subscriber of `key`; does nothing if it already left.
    func removeObserver(_ key: ObserverKey) {}

    /// The disposable that removes the subscriber registered under `key`.
    ///
    /// When the sink is its own key and keeps its subscription itself (a
    /// subscriber's end, `SubscriberSink`):
    /// - if it subscribed to the subject directly, it takes its removal
    ///   (`adoptRemoval(by:)`): it keeps this owner's `reference` and removes itself
    ///   when disposed, and the disposable is empty. That spares the subscription
    ///   the disposable's copies into and out of the sink's existential field and
    ///   its call through a witness table (about 70 instructions a subscription);
    /// - otherwise (an operator such as `refCount` subscribed it on its behalf and
    ///   wraps the disposable) the sink outlives every use of the disposable, which
    ///   needs no hold on the key's memory: two words, no reference counting of the
    ///   key.
    ///
    /// Otherwise (an operator's sink, whose subscription travels further down the
    /// chain) the disposable keeps the key's memory alive.
    @inline(__always)
    final func removal(of key: ObserverKey, registeredBy sink: SinkBase) -> any Disposable {
        if key === sink {
            let adoption = sink.adoptRemoval(by: reference)
            if _fastPath(adoption == .adopted) { return NopDisposable() }
            if adoption == .keepsDisposable { return OwnSlotRemoval(owner: reference, key: key) }
        }
        return ObserverRemoval(owner: reference, key: key)
    }
}

/// A reference to an `ObserverOwner` that does not keep it alive, shared by all
/// its subscriptions.
///
/// Not strong because the subscriber's sink keeps its subscription's removal (to
/// end its upstream on a terminal event) and the owner keeps the sink: a strong
/// reference would keep a dropped subject and its never-disposed subscribers alive
/// for ever. A subject that is gone has nobody left to remove.
///
/// Not `weak` either: a weak reference gives the owner a side table, and every
/// retain and release of the owner then takes the runtime's slow path (measured
/// on `share`: 200 instructions per subscription). An unowned reference keeps the
/// owner's memory, not the owner, and `removeObserver(_:)` takes a strong
/// reference only if the owner's deinit has not begun (`rill_try_retain`).
final class OwnerReference: @unchecked Sendable {
    // Sendable: both are set once, right after init, before the reference is shared.
    /// Keeps the owner's memory allocated, so that `owner` stays a valid address.
    private unowned(safe) var ownerMemory: ObserverOwner?
    private var owner: UnsafeMutableRawPointer?

    /// Refers to `owner`; called once, by the owner's init.
    func attach(_ owner: ObserverOwner) {
        ownerMemory = owner
        self.owner = Unmanaged.passUnretained(owner).toOpaque()
    }

    /// Removes the subscriber of `key` from the owner, unless the owner is gone.
    ///
    /// `key` is touched only once the owner is known to be alive: a key that is an
    /// operator's sink is kept only by the owner's list, and while the owner's
    /// deinit runs on another thread that sink may be deinitialising too, when
    /// taking a reference to it would keep a dead object. (Found by
    /// `SubscriptionLifetimeTests.disposingWhileOrAfterTheSubjectIsReleased`.)
    func removeObserver(_ key: Unmanaged<ObserverKey>) {
        guard let owner, rill_try_retain(owner) else { return }
        let alive = Unmanaged<ObserverOwner>.fromOpaque(owner).takeRetainedValue()
        key._withUnsafeGuaranteedRef { alive.removeObserver($0) }
    }
}

/// The disposable a subscription to a subject returns when the subscriber is its
/// own key and keeps this disposable itself: it removes the subscriber. See
/// `ObserverOwner.removal(of:registeredBy:)`.
struct OwnSlotRemoval: Disposable, @unchecked Sendable {
    // Sendable: immutable; the key is only compared and its slot read under the
    // owner's lock, and it outlives this value (it stores it).
    private let owner: OwnerReference
    /// Not a reference: see `OwnerReference.removeObserver(_:)`.
    private let key: Unmanaged<ObserverKey>

    init(owner: OwnerReference, key: ObserverKey) {
        self.owner = owner
        self.key = Unmanaged.passUnretained(key)
    }

    func dispose() {
        owner.removeObserver(key)
    }
}

/// The disposable a subscription to a subject returns: it removes the subscriber.
/// Disposing it twice is harmless (the second removal finds nothing).
///
/// A value of three words, so it fits an `any Disposable` without a box: no
/// allocation per subscription. It keeps the key's memory (not the key) alive
/// with an unowned reference: a sink that was its own key may be gone when an
/// operator disposes the subscription late, and removal only compares identities
/// and reads the key's slot index, which stay readable.
struct ObserverRemoval: Disposable, @unchecked Sendable {
    // Sendable: immutable; the key is only compared and its slot read under the
    // owner's lock, and its memory is kept by `keyMemory`.
    private let owner: OwnerReference
    private unowned let keyMemory: ObserverKey
    /// Not a reference: see `OwnerReference.removeObserver(_:)`.
    private let key: Unmanaged<ObserverKey>

    init(owner: OwnerReference, key: ObserverKey) {
        self.owner = owner
        keyMemory = key
        self.key = Unmanaged.passUnretained(key)
    }

    func dispose() {
        owner.removeObserver(key)
    }
}
