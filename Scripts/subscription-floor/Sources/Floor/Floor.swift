// The least a thread-safe subject subscription costs in Swift, written to be measured
// (see README.md), not used. It keeps only what every design must do:
//
// - one allocation per subscription (the subscriber), besides the user's closure;
// - a pthread mutex around the subscriber array (one round trip to subscribe, one per
//   element, one to leave; a replaying subject takes one more to end the catch-up,
//   because the replay is delivered after the lock is released, as DESIGN.md requires);
// - delivery from a snapshot of the array taken under the lock;
// - removal in O(1) through the subscriber's slot;
// - unspecialised generic library code, as Rill's is (the subscriber's class is
//   specialised in the client through `@inlinable`, as Rill's `ClosureSink` is), with
//   no generic metadata looked up at run time and no exclusivity checks.
//
// Compiled four ways:
// - plain: RxSwift's lifetime. The disposable holds the subject and the subscriber
//   strongly.
// - `-D CONTRACT`: Rill's lifetime. The disposable keeps only the subscriber's memory
//   (`unowned`) and takes a reference with `swift_tryRetain`; the subscriber reaches
//   its subject through one shared box that keeps the subject's memory, also with
//   `swift_tryRetain`. So a dropped subject frees its never-disposed subscribers, and a
//   disposable kept after the end keeps no closure alive.
// - `-D STATE`, with or without `CONTRACT`: also the state every subscription of this
//   API needs, in RxSwift as in Rill: the atomic
//   word that orders a dispose racing the subscribe (attached, disposed), the
//   `onError`, `onCompleted` and `onDisposed` closures of `subscribe(onNext:...)`, the
//   subject's stopped and disposed flags, and the check that no live element arrived
//   during the catch-up.
import FloorShim
import Glibc
import Synchronization

/// A heap-allocated pthread mutex, as Rill's lock.
final class Lock: @unchecked Sendable {
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>

    init() {
        mutex = .allocate(capacity: 1)
        pthread_mutex_init(mutex, nil)
    }

    @inline(__always) func lock() { pthread_mutex_lock(mutex) }
    @inline(__always) func unlock() { pthread_mutex_unlock(mutex) }
}

/// The subscription's state bits.
enum Bits {
    static var attached: Int { 1 }
    static var disposed: Int { 2 }
}

/// What a subscriber's disposal removes it from.
public class FloorOwner: @unchecked Sendable {
    #if CONTRACT
    /// Shared by every subscription of this owner.
    let reference: OwnerReference

    init() {
        reference = OwnerReference()
        reference.attach(self)
    }
    #endif

    func remove(_ subscriber: FloorSubscriberBase) {}
}

#if CONTRACT
/// Keeps the owner's memory, not the owner; removes through `swift_tryRetain`.
final class OwnerReference: @unchecked Sendable {
    private unowned(safe) var memory: FloorOwner?
    private var owner: UnsafeMutableRawPointer?

    func attach(_ owner: FloorOwner) {
        memory = owner
        self.owner = Unmanaged.passUnretained(owner).toOpaque()
    }

    func remove(_ subscriber: FloorSubscriberBase) {
        guard let owner, floor_try_retain(owner) else { return }
        Unmanaged<FloorOwner>.fromOpaque(owner).takeRetainedValue().remove(subscriber)
    }
}
#endif

@usableFromInline class FloorSubscriberBase {
    /// Its index in the owner's array, under the owner's lock.
    @exclusivity(unchecked) final var slot = -1
    final let state = Atomic<Int>(0)
    #if CONTRACT
    @exclusivity(unchecked) final var owner: OwnerReference?
    #endif
    #if STATE
    @exclusivity(unchecked) final var onDisposed: (() -> Void)?
    #endif

    @usableFromInline init() {}

    /// Claims the disposal: returns whether the subscriber is to be removed from its
    /// owner now, or nil if it was disposed already.
    final func claimDisposal() -> Bool? {
        let previous = state.bitwiseOr(Bits.disposed, ordering: .acquiringAndReleasing).oldValue
        guard previous & Bits.disposed == 0 else { return nil }
        #if STATE
        // Without `attached`, the subscribing side removes it.
        return previous & Bits.attached != 0
        #else
        return true
        #endif
    }

    /// What follows the removal.
    @inline(__always)
    final func finishDisposal() {
        #if STATE
        if let onDisposed {
            self.onDisposed = nil
            onDisposed()
        }
        #endif
    }

    #if CONTRACT
    final func disposeSubscription() {
        guard let removes = claimDisposal() else { return }
        if removes { owner?.remove(self) }
        finishDisposal()
    }
    #endif
}

@usableFromInline class FloorSubscriber<Element>: FloorSubscriberBase {
    func onNext(_ element: Element) {}
}

@usableFromInline final class FloorClosureSubscriber<Element>: FloorSubscriber<Element> {
    let onNextClosure: (Element) -> Void
    #if STATE
    let onError: ((any Error) -> Void)?
    let onCompleted: (() -> Void)?
    #endif

    @usableFromInline init(_ onNext: @escaping (Element) -> Void) {
        onNextClosure = onNext
        #if STATE
        onError = nil
        onCompleted = nil
        #endif
    }

    override func onNext(_ element: Element) { onNextClosure(element) }
}

public protocol FloorDisposable {
    func dispose()
}

#if CONTRACT
/// Keeps the subscriber's memory only (Rill's `SubscriptionToken`).
public struct FloorToken: FloorDisposable {
    private unowned let memory: FloorSubscriberBase
    private let subscriber: UnsafeMutableRawPointer

    init(_ subscriber: FloorSubscriberBase) {
        memory = subscriber
        self.subscriber = Unmanaged.passUnretained(subscriber).toOpaque()
    }

    public func dispose() {
        #if STATE
        let state = Unmanaged<FloorSubscriberBase>.fromOpaque(subscriber)._withUnsafeGuaranteedRef {
            $0.state.load(ordering: .acquiring)
        }
        if state & Bits.disposed != 0 { return }
        #endif
        guard floor_try_retain(subscriber) else { return }
        Unmanaged<FloorSubscriberBase>.fromOpaque(subscriber).takeRetainedValue().disposeSubscription()
    }
}
#else
/// Holds the subject and the subscriber (RxSwift's lifetime).
public struct FloorToken: FloorDisposable {
    private let owner: FloorOwner
    private let subscriber: FloorSubscriberBase

    init(owner: FloorOwner, subscriber: FloorSubscriberBase) {
        self.owner = owner
        self.subscriber = subscriber
    }

    public func dispose() {
        guard let removes = subscriber.claimDisposal() else { return }
        if removes { owner.remove(subscriber) }
        subscriber.finishDisposal()
    }
}
#endif

/// A `PublishSubject` (no value) or a `BehaviorSubject` (a value).
public final class FloorSubject<Element>: FloorOwner, @unchecked Sendable {
    private let lock = Lock()
    @exclusivity(unchecked) private var subscribers: ContiguousArray<AnyObject> = []
    /// The behavior subject's value, when `hasValue`.
    private let value: UnsafeMutablePointer<Element>
    @exclusivity(unchecked) private var hasValue = false
    /// Subscribers still receiving their replay.
    @exclusivity(unchecked) private var catchingUp = 0
    #if STATE
    @exclusivity(unchecked) private var isStopped = false
    @exclusivity(unchecked) private var isDisposed = false
    /// Live elements that arrived during a catch-up (never, here).
    @exclusivity(unchecked) private var queued: AnyObject?
    #endif

    public init(value: Element? = nil) {
        self.value = .allocate(capacity: 1)
        if let value {
            self.value.initialize(to: value)
            hasValue = true
        }
        super.init()
    }

    @inlinable
    public func subscribe(_ onNext: @escaping (Element) -> Void) -> any FloorDisposable {
        attach(FloorClosureSubscriber(onNext))
    }

    @usableFromInline
    func attach(_ subscriber: FloorSubscriber<Element>) -> any FloorDisposable {
        withUnsafeTemporaryAllocation(of: Element.self, capacity: 1) { room in
            lock.lock()
            #if STATE
            precondition(!isDisposed && !isStopped, "the floor's subjects never end")
            #endif
            subscriber.slot = subscribers.count
            subscribers.append(subscriber)
            let replays = hasValue
            if replays {
                catchingUp += 1
                room.baseAddress!.initialize(to: value.pointee)
            }
            lock.unlock()
            if replays {
                subscriber.onNext(room.baseAddress!.move())
                lock.lock()
                catchingUp -= 1
                #if STATE
                precondition(queued == nil, "nothing is emitted during a catch-up here")
                #endif
                lock.unlock()
            }
        }
        #if CONTRACT
        subscriber.owner = reference
        #endif
        #if STATE
        subscriber.state.bitwiseOr(Bits.attached, ordering: .acquiringAndReleasing)
        #endif
        #if CONTRACT
        return FloorToken(subscriber)
        #else
        return FloorToken(owner: self, subscriber: subscriber)
        #endif
    }

    public func onNext(_ element: Element) {
        lock.lock()
        #if STATE
        if isStopped {
            lock.unlock()
            return
        }
        #endif
        if hasValue { value.pointee = element }
        let snapshot = subscribers
        lock.unlock()
        snapshot.withUnsafeBufferPointer { subscribers in
            for subscriber in subscribers {
                unsafeDowncast(subscriber, to: FloorSubscriber<Element>.self).onNext(element)
            }
        }
    }

    override func remove(_ subscriber: FloorSubscriberBase) {
        lock.lock()
        let slot = subscriber.slot
        let last = subscribers.count - 1
        if slot != last {
            unsafeDowncast(subscribers[last], to: FloorSubscriberBase.self).slot = slot
            subscribers.swapAt(slot, last)
        }
        let removed = subscribers.removeLast()
        lock.unlock()
        // Released after the lock (`withExtendedLifetime` is not inlined: 26 more).
        _fixLifetime(removed)
    }

    /// How many subscribers are attached (for the benchmark's check).
    public var subscriberCount: Int {
        lock.lock()
        defer { lock.unlock() }
        return subscribers.count
    }
}
