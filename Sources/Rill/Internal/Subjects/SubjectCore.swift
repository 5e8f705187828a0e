import Foundation

/// The engine of `PublishSubject`, `BehaviorSubject`, `ReplaySubject` and
/// `share(replay:scope:)` (with or without a window): subscribers, the replay
/// buffer and the terminal state, behind one lock.
///
/// Delivery: `onNext` takes the lock, records the element, reads the live
/// subscribers (a copy-on-write array, see `ObserverList`) and releases the lock;
/// then it calls each subscriber's `onNext`. No `Event` is built and nothing is allocated. Because the
/// subject does not serialise its callers (as in RxSwift), two threads calling
/// `onNext` at once deliver to the same subscriber at once; debug builds report that
/// once per subject (`ConcurrentDeliveryTracker`).
///
/// Replay by time (`ReplaySubject.create(bufferSize:window:scheduler:)`): the
/// buffer also drops elements as old as the window or older (see `ReplayBuffer`),
/// reading the window's scheduler's clock before taking the lock, at each element
/// and each subscription: a user's `SchedulerType` may run any code in `now`.
///
/// Replay: a new subscriber of a subject with something to replay is added as
/// catching up (see `ObserverList`) and receives the replay on the subscribing
/// thread, outside the lock, one step per lock round trip; live elements emitted
/// meanwhile wait in its queue, so it never sees them early or interleaved.
///
/// Disposal: removes every subscriber without an event (RxSwift's `dispose()` on a
/// subject); later subscribers receive `RxError.disposed(object:)`.
///
/// Performance: this code runs unspecialised for every `Element`, where touching a
/// generic value type (a `State<Element>`, an `Array<Entry<Element>>`) looks up its
/// metadata at run time, hundreds of instructions each. So the locked state is not
/// generic (`SubjectState`, `ObserverList` store sinks as `AnyObject`) and the replay
/// buffer is raw storage in a class: `onNext` costs one lock round trip, one retain
/// and release of the subscriber array, and one virtual call per subscriber.
@usableFromInline
final class SubjectCore<Element>: ObserverOwner, @unchecked Sendable {
    // Sendable: all mutable state is in `state`, behind its lock, and in `buffer`,
    // which is only touched inside that lock; `window` is immutable and Sendable;
    // `tracker` is atomic.
    private let state = Locked(SubjectState())
    /// The replay buffer; nil when nothing is replayed (`PublishSubject`, `share()`).
    private let buffer: ReplayBuffer<Element>?
    /// The window and its clock, when the buffer has a window.
    private let window: ReplayWindow?
    /// Whether a subscriber arriving after the terminal event gets the buffer first
    /// (`ReplaySubject`) or only the terminal event (`PublishSubject`, `BehaviorSubject`).
    private let replaysAfterTermination: Bool
    /// Whether a subscriber that is replayed to takes its place among the subscribers
    /// after its replay (`ReplaySubject`, as RxSwift's inserts it) rather than when it
    /// subscribes (`BehaviorSubject`, `share(replay: 1)`): see `ObserverList`.
    private let placesAfterReplay: Bool
    /// Where `attach` copies a new subscriber's replay, decided once here rather
    /// than from the buffer and `Element`'s layout at every subscription.
    private let replayRoom: ReplayRoom
    #if DEBUG
    private let tracker = ConcurrentDeliveryTracker(reportsWhenOverlapEnds: true)
    #endif

    /// A subject replaying the last `replay` elements, starting with `initial`
    /// (`BehaviorSubject`'s value) if given.
    init(replay: Int, initial: Element? = nil, replaysAfterTermination: Bool, placesAfterReplay: Bool = false) {
        precondition(replay >= 0, "A replay buffer size must not be negative (got \(replay))")
        buffer = replay > 0 ? ReplayBuffer(capacity: replay) : nil
        window = nil
        if let initial { buffer?.append(initial) }
        self.replaysAfterTermination = replaysAfterTermination
        self.placesAfterReplay = placesAfterReplay
        replayRoom = Self.replayRoom(forCapacity: replay)
        super.init()
    }

    /// A subject replaying at most the last `replay` elements, and of those only the
    /// ones received less than `window` ago. A window of zero or less replays no
    /// element (only the terminal event); an infinite one (`.never`) is no limit.
    init(replay: Int, window: ReplayWindow, replaysAfterTermination: Bool, placesAfterReplay: Bool = false) {
        precondition(replay >= 0, "A replay buffer size must not be negative (got \(replay))")
        let seconds = window.seconds
        let timed = seconds.isFinite
        let kept = seconds > 0 ? replay : 0
        buffer = kept > 0 ? ReplayBuffer(capacity: kept, window: timed ? seconds : nil) : nil
        self.window = kept > 0 && timed ? window : nil
        self.replaysAfterTermination = replaysAfterTermination
        self.placesAfterReplay = placesAfterReplay
        replayRoom = Self.replayRoom(forCapacity: kept)
        super.init()
    }

    /// Where a replay of at most `capacity` elements goes (see `attach`).
    private static func replayRoom(forCapacity capacity: Int) -> ReplayRoom {
        if capacity == 0 { return .none }
        if capacity == 1, MemoryLayout<Element>.size <= MemoryLayout<WordStorage>.size,
           MemoryLayout<Element>.alignment <= MemoryLayout<WordStorage>.alignment {
            return .word
        }
        return capacity <= stackReplayCapacity ? .stack : .heap
    }

    /// Whether any subscriber is attached.
    var hasObservers: Bool { state.withLock { !$0.observers.isEmpty } }

    /// Whether `dispose()` was called.
    var isDisposed: Bool { state.withLock { $0.isDisposed } }

    /// The newest buffered element; throws `RxError.disposed(object: owner)` after
    /// disposal and the error after an error event.
    func latest(owner: AnyObject) throws -> Element? {
        try state.withLock { state in
            if state.isDisposed { throw RxError.disposed(object: owner) }
            if let error = state.termination?.error { throw error }
            return buffer?.last
        }
    }

    /// Records `element` and delivers it to the current subscribers. Ignored after
    /// a terminal event or disposal. `owner` names the subject in debug reports.
    @usableFromInline
    func onNext(_ element: Element, from owner: AnyObject) {
        let observers: ContiguousArray<ObserverList.Entry>
        if buffer == nil {
            observers = liveObservers() ?? recording(element)
        } else if let window {
            observers = recording(element, timedBy: window)
        } else {
            observers = recording(element)
        }
        #if DEBUG
        tracker.enter(owner)
        defer { tracker.leave(owner) }
        #endif
        // `observers` keeps every sink alive for the loop, so each call borrows its
        // sink instead of retaining and releasing it (~40 instructions a subscriber).
        // Slots without a sink (vacant, or catching up) are skipped.
        observers.withUnsafeBufferPointer { slots in
            for index in slots.indices {
                guard let sink = slots[index].unretainedSink else { continue }
                sink._withUnsafeGuaranteedRef { unsafeDowncast($0, to: Sink<Element>.self).onNext(element) }
            }
        }
    }

    /// The subscribers to deliver to, when the element needs recording nowhere: no
    /// replay buffer and nobody catching up (always so for `PublishSubject`). Nil
    /// when someone is catching up. The locked closure captures no generic value,
    /// which keeps this path short in unspecialised code.
    private func liveObservers() -> ContiguousArray<ObserverList.Entry>? {
        state.withLock { state in
            if state.isStopped { return [] }
            if state.observers.hasCatchingUp { return nil }
            return state.observers.snapshot()
        }
    }

    /// Records `element` (replay buffer, catching-up queues) and returns the
    /// subscribers to deliver it to.
    private func recording(_ element: Element) -> ContiguousArray<ObserverList.Entry> {
        state.withLock { state in
            if state.isStopped { return [] }
            buffer?.append(element)
            return state.observers.recipients(of: element)
        }
    }

    /// `recording(_:)` for a buffer with a window: stamps the element with the
    /// window's clock. A separate function, out of line, keeps the clock out of
    /// the plain path (measured on `share(replay:)`: passing the time as an
    /// optional cost 15 instructions per element).
    @inline(never)
    private func recording(_ element: Element, timedBy window: ReplayWindow) -> ContiguousArray<ObserverList.Entry> {
        // Read before the lock: a user's scheduler may run any code in `now`.
        let time = window.now
        return state.withLock { state in
            if state.isStopped { return [] }
            buffer?.append(element, receivedAt: time)
            return state.observers.recipients(of: element)
        }
    }

    /// Ends the subject: current subscribers receive `termination`, later ones
    /// receive it at once. Ignored after a terminal event or disposal.
    func terminate(_ termination: Termination, from owner: AnyObject) {
        let observers = state.withLock { state -> ContiguousArray<ObserverList.Entry> in
            if state.isStopped { return [] }
            state.isStopped = true
            state.termination = termination
            return state.observers.terminate(termination)
        }
        #if DEBUG
        tracker.enter(owner)
        defer { tracker.leave(owner) }
        #endif
        for entry in observers {
            // Slots without a delivering sink (vacant) are skipped; none catches up any more.
            if entry.unretainedSink != nil, let sink = entry.sink { termination.deliver(to: unsafeDowncast(sink, to: Sink<Element>.self)) }
        }
    }

    /// Sends `event`: the slow path for callers holding an `Event`.
    func on(_ event: Event<Element>, from owner: AnyObject) {
        switch event {
        case .next(let element): onNext(element, from: owner)
        case .error(let error): terminate(.error(error), from: owner)
        case .completed: terminate(.completed, from: owner)
        }
    }

    /// Removes every subscriber silently and drops the buffer.
    func dispose() {
        let released = state.withLock { state in
            state.isDisposed = true
            state.isStopped = true
            state.termination = nil
            return (state.observers.removeAll(), buffer?.removeAll())
        }
        // Subscribers and elements are released here, after the lock.
        withExtendedLifetime(released) {}
    }

    /// Attaches `sink`: replays to it, then delivers live events until the returned
    /// disposable removes it. `owner` is the object named in `RxError.disposed`.
    @inline(__always)
    func subscribe(_ sink: Sink<Element>, owner: AnyObject) -> any Disposable {
        attach(sink, owner: owner).subscription
    }

    /// `subscribe(_:owner:)`, also telling whether `sink` already received a terminal
    /// event during the call (the subject had ended or was disposed), as `refCount`
    /// needs to know before it connects.
    ///
    /// The subscription costs no object of its own: the sink is its own key in the
    /// list (`adoptAsKey()`), the returned `ObserverRemoval` is a value, and the
    /// replay is copied under the lock into storage on this thread's stack (for a
    /// buffer of at most `stackReplayCapacity` elements: `BehaviorSubject`,
    /// `share(replay: 1)`) and delivered from there after the lock is released.
    ///
    /// A caller that removes the subscriber itself (`share`, whose subscriber's end
    /// leaves through the share) passes `makesRemoval: false` and receives an empty
    /// disposable instead.
    func attach(
        _ sink: Sink<Element>, owner: AnyObject, makesRemoval: Bool = true
    ) -> (subscription: any Disposable, ended: Bool) {
        switch replayRoom {
        case .none:
            return attach(sink, owner: owner, makesRemoval: makesRemoval, replays: false, into: nil)
        case .word:
            // One element of at most four words (`BehaviorSubject`, `share(replay: 1)`):
            // raw room of a fixed size, bound to `Element`, without the run-time layout
            // work of a temporary allocation typed by a generic element (about 20
            // instructions here).
            return withUnsafeTemporaryAllocation(
                byteCount: MemoryLayout<WordStorage>.size, alignment: MemoryLayout<WordStorage>.alignment
            ) { room in
                let replay = room.baseAddress!.bindMemory(to: Element.self, capacity: 1)
                return attach(sink, owner: owner, makesRemoval: makesRemoval, replays: true, into: replay)
            }
        case .stack:
            // Read through the field: a local reference to the buffer would be
            // captured by the closure and retained and released for it.
            return withUnsafeTemporaryAllocation(of: Element.self, capacity: buffer.unsafelyUnwrapped.capacity) { replay in
                attach(sink, owner: owner, makesRemoval: makesRemoval, replays: true, into: replay.baseAddress)
            }
        case .heap:
            return attach(sink, owner: owner, makesRemoval: makesRemoval, replays: true, into: nil)
        }
    }

    /// Replay buffers of at most this many elements are copied to the stack when a
    /// subscriber joins; larger ones to the heap.
    private static var stackReplayCapacity: Int { 16 }

    /// Registers `sink`, copying its replay from the buffer (when `replays`) into
    /// `stack` (room for the buffer's capacity) or, without it, into a heap
    /// allocation; then, after the lock, delivers the replay and whatever arrived
    /// meanwhile.
    private func attach(
        _ sink: Sink<Element>, owner: AnyObject, makesRemoval: Bool, replays: Bool,
        into stack: UnsafeMutablePointer<Element>?
    ) -> (subscription: any Disposable, ended: Bool) {
        // Read before the lock, as in `onNext`.
        let now = window?.now
        var replay: UnsafeMutablePointer<Element>?
        var replayCount = 0
        let registration = state.withLock { state -> SubjectRegistration in
            if state.isDisposed { return .disposed }
            if replays, state.termination == nil || replaysAfterTermination {
                // Read through the field each time: a local binding of the buffer
                // would be retained and released.
                if let now { buffer.unsafelyUnwrapped.dropExpired(at: now) }
                replayCount = buffer.unsafelyUnwrapped.count
                if replayCount > 0 {
                    let target = stack ?? UnsafeMutablePointer<Element>.allocate(capacity: replayCount)
                    buffer.unsafelyUnwrapped.copy(into: target)
                    replay = target
                }
            }
            if replayCount == 0, let termination = state.termination { return .ended(termination) }
            let key = sink.adoptAsKey()
            if replayCount == 0 {
                state.observers.insert(sink, key: key)
            } else {
                if placesAfterReplay {
                    state.observers.insertCatchingUpPlacedWhenCaughtUp(sink, key: key, then: state.termination)
                } else {
                    state.observers.insertCatchingUp(sink, key: key, then: state.termination)
                }
            }
            return .registered(key)
        }
        switch registration {
        case .disposed:
            sink.onError(RxError.disposed(object: owner))
            return (Disposables.create(), true)
        case .ended(let termination):
            termination.deliver(to: sink)
            return (Disposables.create(), true)
        case .registered(let key):
            let subscription: any Disposable = makesRemoval ? removal(of: key, registeredBy: sink) : NopDisposable()
            guard let replay else { return (subscription, false) }
            let ended = catchUp(key, sink, replay: replay, count: replayCount)
            if replay != stack { replay.deallocate() }
            return (subscription, ended)
        }
    }

    /// Delivers subscriber `key`'s replay (moved out of `replay`, `count` elements),
    /// then the live events queued meanwhile, until it joins the live subscribers,
    /// ends, or is removed. Returns whether it delivered the terminal event. Between
    /// two elements it checks, under the lock, that the subscriber is still there:
    /// one that disposed itself from inside a delivery receives nothing more.
    private func catchUp(_ key: ObserverKey, _ sink: Sink<Element>, replay: UnsafeMutablePointer<Element>, count: Int) -> Bool {
        var delivered = 0
        while delivered < count {
            if delivered > 0, !state.withLock({ $0.observers.isCatchingUp(key) }) {
                (replay + delivered).deinitialize(count: count - delivered)
                return false
            }
            sink.onNext((replay + delivered).move())
            delivered += 1
        }
        while true {
            switch state.withLock({ $0.observers.nextCatchUpStep(for: key) }) {
            case .queued(let queue):
                let queued = unsafeDowncast(queue, to: CatchUpQueue<Element>.self)
                var first = true
                while !queued.elements.isEmpty {
                    if !first, !state.withLock({ $0.observers.isCatchingUp(key) }) { return false }
                    first = false
                    sink.onNext(queued.elements.takeFirst())
                }
            case .terminal(let termination):
                termination.deliver(to: sink)
                return true
            case .caughtUp, .removed:
                return false
            }
        }
    }

    override func removeObserver(_ key: ObserverKey) {
        let removed = state.withLock { $0.observers.remove(key) }
        // The sink is released here, after the lock.
        withExtendedLifetime(removed) {}
    }
}

/// The size and alignment of the stack room for one replayed element (see
/// `SubjectCore.attach`): four words.
private struct WordStorage {
    var words: (Int, Int, Int, Int)
}

/// Where `SubjectCore.attach` copies a new subscriber's replay.
private enum ReplayRoom {
    /// Nothing is replayed (no buffer).
    case none
    /// One element of at most four words: fixed room on the stack (`WordStorage`).
    case word
    /// At most `stackReplayCapacity` elements: room on the stack typed by `Element`.
    case stack
    /// More: a heap allocation.
    case heap
}

/// How a subscription to a subject was registered. Not nested in the generic
/// `SubjectCore`, so that making one needs no metadata lookup.
enum SubjectRegistration {
    /// Registered under this key; the replay, if any, is delivered after the lock.
    case registered(ObserverKey)
    /// The subject had ended with nothing to replay: deliver this at once.
    case ended(Termination)
    case disposed
}

/// A subject's locked state. Not generic (see `ObserverList`), so `Locked` compiles
/// to concrete code on the per-element path.
struct SubjectState {
    var observers = ObserverList()
    /// Elements are ignored: a terminal event arrived or the subject was disposed.
    var isStopped = false
    /// How it ended; nil while running and after disposal.
    var termination: Termination?
    var isDisposed = false
}

/// What a subject's `asObservable()` returns: an observable that only forwards
/// subscriptions, so the caller cannot cast it back to the subject and send events.
// Sendable: immutable after init; the source is Sendable.
final class HiddenObservable<Element>: Observable<Element>, @unchecked Sendable {
    private let source: Observable<Element>

    /// The source's style, read once: a subject's is fixed.
    private let style: SubscriptionStyle

    init(_ source: Observable<Element>) {
        self.source = source
        style = source.subscriptionStyle
    }

    override var subscriptionStyle: SubscriptionStyle { style }

    override var holdsSubscriberWhileRunning: Bool { source.holdsSubscriberWhileRunning }

    override func run(_ sink: Sink<Element>) -> any Disposable {
        source.run(sink)
    }
}

extension HiddenObservable: DeliversWithoutOwnSink {}
