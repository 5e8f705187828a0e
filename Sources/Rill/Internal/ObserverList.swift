/// How a subject or shared sequence ended: what every later subscriber receives.
///
/// Not an `Event`: the terminal state is kept apart from elements so that the
/// element path never builds or inspects an `Event<Element>`.
enum Termination {
    case completed
    case error(any Swift.Error)

    /// Delivers this terminal event to `sink`.
    func deliver<Element>(to sink: Sink<Element>) {
        switch self {
        case .completed: sink.onCompleted()
        case .error(let error): sink.onError(error)
        }
    }

    /// The error, if this is one.
    var error: (any Swift.Error)? {
        if case .error(let error) = self { return error }
        return nil
    }
}

/// The subscribers of a subject, kept inside its owner's lock.
///
/// Who owns what:
/// - `live` is the array a delivery walks, in RxSwift's order (its `Bag`): slot 0 is
///   the inline slot, then everyone else in subscription order. The first subscriber
///   takes slot 0; once it leaves, slot 0 stays reserved and the next new subscriber
///   takes it, so it is called ahead of older ones. (RxSwift keeps the next 30 in an
///   array in subscription order and every later one in a dictionary, whose order is
///   random; here they stay in subscription order.) Each subscriber has one slot,
///   found in O(1) through its key (`ObserverRemoval.index`). A slot holds the
///   subscriber's sink, or nil while the subscriber is still catching up (its place
///   in the order is kept) and after it left (a vacancy). Vacancies are dropped at
///   once at the end of the array and otherwise when they outnumber the subscribers
///   (`vacateSlot`), which renumbers the keys and keeps slot 0 where it is: O(1)
///   amortised per subscription, and a delivery walks at most about twice the
///   subscriber count.
/// - Snapshots: a delivery copies `live` (one retain) under the owner's lock and
///   walks its copy after releasing it. Changing a slot while a delivery holds the
///   array copies it once (copy-on-write); the later changes during that delivery
///   find the new array unshared and change it in place. So a subscriber removed
///   meanwhile still receives that element, one added meanwhile does not, and the
///   copies are bounded by the deliveries, whose own cost is of the same size.
/// - Where a replaying subject's new subscriber takes its place follows RxSwift:
///   `BehaviorSubject` and `share(replay: 1)` insert it before they replay, so it
///   takes its slot (the inline one if that is free) when it subscribes;
///   `ReplaySubject` inserts it after the replay, so a subscriber that subscribed
///   from inside that replay comes first (and may take the inline slot). Such a
///   subscriber is `placedWhenCaughtUp`: it has no slot until it caught up.
/// - `catchingUp` holds subscribers of a replaying subject that are still receiving
///   their replay, which happens outside the lock. Live events that arrive meanwhile
///   are queued in their `CatchUp` under the lock (`queue(_:as:)`, `terminate(_:)`);
///   the subscribing thread takes one step at a time (`nextCatchUpStep(for:as:)`),
///   and when nothing is left the subscriber's sink fills its slot in the same
///   critical section. So a subscriber never sees a live element before, or
///   interleaved with, its replay, whichever thread emits. Only subscriptions in
///   progress are there, so it stays short and is searched linearly.
///
/// Not generic, so that the owner's `Locked` state compiles to concrete code and the
/// per-element path looks up no generic metadata (each lookup costs hundreds of
/// instructions in Rill's unspecialised code). Sinks are stored as `AnyObject`; the
/// invariant that makes the `unsafeDowncast`s sound: one list only ever holds sinks
/// of one owner's `Element`, and every generic method is called with that `Element`.
/// A value type with no side effects: the owner calls it under its lock and
/// delivers what it returns after releasing it. Every key passed in must be fresh
/// (never inserted before) and is only touched under that same lock.
struct ObserverList {
    /// One slot of `live`.
    struct Entry {
        /// The sink receiving live events (a `Sink<Element>`); nil while its
        /// subscriber catches up and once the slot is vacant.
        fileprivate(set) var sink: AnyObject? {
            didSet { unretainedSink = sink.map(Unmanaged.passUnretained) }
        }
        /// `sink` without reference counting, for the delivery loop: reading an
        /// optional reference out of the array retains and releases it (measured:
        /// ~50 instructions a subscriber per element); this trivial copy does not.
        /// Valid while the array holding this entry (a delivery's snapshot) lives.
        private(set) var unretainedSink: Unmanaged<AnyObject>?
        /// The subscription owning the slot; nil once the slot is vacant.
        fileprivate(set) var key: ObserverRemoval?

        fileprivate init(sink: AnyObject? = nil, key: ObserverRemoval? = nil) {
            self.sink = sink
            self.unretainedSink = sink.map(Unmanaged.passUnretained)
            self.key = key
        }
    }

    /// The slots, in subscription order; deliveries skip those without a sink.
    private(set) var live: ContiguousArray<Entry> = []
    /// Whether `live`'s storage was handed to a delivery (`snapshot()`) since it was
    /// last copied. The first change after that copies it explicitly rather than
    /// relying on copy-on-write's uniqueness check: a delivery drops its snapshot
    /// after the owner's lock, through a reference count ThreadSanitizer cannot
    /// see, so an in-place change of storage a delivery has read is reported as a
    /// race even once that delivery is over. Storage a delivery has never seen is
    /// changed in place. Copies stay bounded by the deliveries.
    private var liveIsShared = false
    /// Subscribers catching up, each with its `CatchUp<Element>`.
    private var catchingUp: [(key: ObserverRemoval, catchUp: AnyObject)] = []
    /// How many slots of `live` have a key.
    private var occupied = 0

    /// Whether there is no subscriber at all.
    var isEmpty: Bool { occupied == 0 && catchingUp.isEmpty }

    /// Adds a subscriber that receives live events from now on: ahead of every
    /// current one if it takes the vacant inline slot, else behind them.
    mutating func insert<Element>(_ sink: Sink<Element>, key: ObserverRemoval) {
        append(Entry(sink: sink, key: key))
    }

    /// Adds a subscriber that first receives `replay`, then `termination` if given,
    /// and otherwise the live events queued meanwhile, before it receives live
    /// events in the place it took when it subscribed (as `insert(_:key:)`), or,
    /// if `placedWhenCaughtUp`, the place it takes once it caught up.
    mutating func insert<Element>(
        _ sink: Sink<Element>, catchingUpOn replay: ContiguousArray<Element>, then termination: Termination? = nil,
        key: ObserverRemoval, placedWhenCaughtUp: Bool = false
    ) {
        if placedWhenCaughtUp {
            key.index = ObserverRemoval.unplaced
        } else {
            append(Entry(sink: nil, key: key))
        }
        catchingUp.append((key, CatchUp(sink: sink, replay: replay, termination: termination)))
    }

    /// `live`, for a delivery to walk after the owner's lock is released.
    mutating func snapshot() -> ContiguousArray<Entry> {
        liveIsShared = true
        return live
    }

    /// Gives `live` storage no delivery has seen, before changing it.
    private mutating func unshareLive() {
        guard liveIsShared else { return }
        liveIsShared = false
        live = live.withUnsafeBufferPointer { ContiguousArray($0) }
    }

    /// Puts `entry` in the inline slot (slot 0) if that is vacant, else at the end.
    private mutating func append(_ entry: Entry) {
        unshareLive()
        // Only a list with vacancies can have a vacant inline slot.
        if occupied < live.count, live[0].key == nil {
            entry.key?.index = 0
            live[0] = entry
        } else {
            entry.key?.index = live.count
            live.append(entry)
        }
        occupied += 1
    }

    /// Whether `key`'s slot is in `live`.
    private func holds(_ key: ObserverRemoval) -> Bool {
        key.index >= 0 && key.index < live.count && live[key.index].key === key
    }

    /// Removes a subscriber. Returns what was removed, so that the owner releases it
    /// after unlocking (a sink's deinit may run user code), or nil if it had left.
    mutating func remove(_ key: ObserverRemoval) -> AnyObject? {
        var removed: AnyObject?
        if holds(key) {
            removed = live[key.index].sink
            vacate(key.index)
        }
        if removed == nil, let index = catchingUp.firstIndex(where: { $0.key === key }) {
            removed = catchingUp.remove(at: index).catchUp
        }
        return removed
    }

    /// Empties slot `index` (see `vacateSlot`), renumbering the keys when it compacts.
    private mutating func vacate(_ index: Int) {
        unshareLive()
        occupied -= 1
        live.vacateSlot(
            at: index, remaining: occupied, isVacant: { $0.key == nil }, clear: { $0 = Entry() },
            compact: { live in
                var compacted = ContiguousArray<Entry>()
                compacted.reserveCapacity(live.count)
                // Slot 0 stays, vacant or not: it is the inline slot.
                compacted.append(live[0])
                for entry in live.dropFirst() {
                    guard let key = entry.key else { continue }
                    key.index = compacted.count
                    compacted.append(entry)
                }
                live = compacted
            }
        )
    }

    /// Whether a subscriber is still receiving its replay.
    var hasCatchingUp: Bool { !catchingUp.isEmpty }

    /// The subscribers a live element goes to: queues it for those still catching
    /// up and returns the live ones (`snapshot()`).
    @inline(__always)
    mutating func recipients<Element>(of element: Element) -> ContiguousArray<Entry> {
        queue(element, as: Element.self)
        return snapshot()
    }

    /// Queues a live element for the subscribers still catching up.
    @inline(__always)
    mutating func queue<Element>(_ element: Element, as type: Element.Type) {
        if !catchingUp.isEmpty { queueForCatchingUp(element) }
    }

    @inline(never)
    private mutating func queueForCatchingUp<Element>(_ element: Element) {
        for entry in catchingUp { unsafeDowncast(entry.catchUp, to: CatchUp<Element>.self).queued.append(element) }
    }

    /// Ends the list: returns the slots of the live subscribers, which must receive
    /// `termination` now (slots without a sink must be skipped), and queues it
    /// behind everything the catching-up subscribers still have to receive.
    /// Afterwards `live` is empty.
    mutating func terminate<Element>(_ termination: Termination, as type: Element.Type) -> ContiguousArray<Entry> {
        for entry in catchingUp { unsafeDowncast(entry.catchUp, to: CatchUp<Element>.self).termination = termination }
        defer {
            live = []
            liveIsShared = false
            occupied = 0
        }
        return live
    }

    /// Removes every subscriber without telling them. Returns what was removed, for
    /// the owner to release after unlocking.
    mutating func removeAll() -> (ContiguousArray<Entry>, [(key: ObserverRemoval, catchUp: AnyObject)]) {
        defer {
            live = []
            liveIsShared = false
            catchingUp = []
            occupied = 0
        }
        return (live, catchingUp)
    }

    /// Takes the next step of subscriber `key`'s catch-up.
    mutating func nextCatchUpStep<Element>(for key: ObserverRemoval, as type: Element.Type) -> CatchUpStep<Element> {
        guard let index = catchingUp.firstIndex(where: { $0.key === key }) else { return .removed }
        let catchUp = unsafeDowncast(catchingUp[index].catchUp, to: CatchUp<Element>.self)
        if let element = catchUp.popElement() { return .next(element) }
        catchingUp.remove(at: index)
        if let termination = catchUp.termination {
            if holds(key) { vacate(key.index) }
            return .terminal(termination)
        }
        if key.index == ObserverRemoval.unplaced {
            append(Entry(sink: catchUp.sink, key: key))
            return .caughtUp
        }
        precondition(holds(key), "Internal inconsistency: a catching-up subscriber lost its slot")
        unshareLive()
        live[key.index].sink = catchUp.sink
        return .caughtUp
    }
}

/// What a catching-up subscriber receives next.
enum CatchUpStep<Element> {
    /// Deliver this element, then ask again.
    case next(Element)
    /// Deliver this terminal event; the subscriber has left the list.
    case terminal(Termination)
    /// Nothing is left: the subscriber now receives live events.
    case caughtUp
    /// The subscriber was removed (disposed) meanwhile: deliver nothing more.
    case removed
}

/// What one subscriber must receive before it joins the live ones. Touched only
/// under the owner's lock, through its `ObserverList`.
final class CatchUp<Element> {
    let sink: Sink<Element>
    /// Replayed elements, delivered first; `replayed` of them are done.
    private var replay: ContiguousArray<Element>
    private var replayed = 0
    /// Live elements that arrived during the catch-up, not yet delivered.
    var queued = DeliveryQueue<Element>()
    /// The terminal event, delivered last.
    var termination: Termination?

    init(sink: Sink<Element>, replay: ContiguousArray<Element>, termination: Termination?) {
        self.sink = sink
        self.replay = replay
        self.termination = termination
    }

    /// The next replayed or queued element, releasing each buffer once used up.
    func popElement() -> Element? {
        if replayed < replay.count {
            defer { replayed += 1 }
            return replay[replayed]
        }
        if !replay.isEmpty { replay = [] }
        return queued.removeFirst()
    }
}

/// An owner of an `ObserverList` that can remove a subscriber by its key.
protocol ObserverRemoving: AnyObject, Sendable {
    /// Removes the subscriber of `key`; does nothing if it already left.
    func removeObserver(_ key: ObserverRemoval)
}

/// The disposable a subscription to a subject returns: it removes the subscriber.
/// It is also the subscriber's key in the owner's `ObserverList`, holding the
/// index of its slot there. Disposing it twice is harmless (the second removal
/// finds nothing).
///
/// It holds the subject weakly: the subscriber's sink keeps this disposable (to
/// end its upstream on a terminal event) and the subject keeps the sink, so a
/// strong reference would keep a dropped subject and its never-disposed
/// subscribers alive for ever. A subject that is gone has nobody left to remove.
final class ObserverRemoval: Disposable, @unchecked Sendable {
    // Sendable: `owner` is set once, in init (a `weak var` only because `weak let`
    // needs Swift 6.2); the runtime loads weak references atomically. `index` is
    // only read and written by the owner's `ObserverList`, under the owner's lock.
    private weak var owner: (any ObserverRemoving)?
    /// The index of this subscriber's slot in the owner's `ObserverList.live`, or
    /// `unplaced` while it catches up without a slot.
    fileprivate var index = 0
    /// `index` of a subscriber that takes its slot once it caught up.
    fileprivate static let unplaced = -1

    /// A key for a subscriber of `owner` (nil in tests of the list alone).
    init(_ owner: (any ObserverRemoving)?) {
        self.owner = owner
    }

    func dispose() {
        owner?.removeObserver(self)
    }
}
