import RillShims

/// The subscribers of a subject, kept inside its owner's lock.
///
/// Who owns what:
/// - `live` is the array a delivery walks, in RxSwift's order (its `Bag`): slot 0 is
///   the inline slot, then everyone else in subscription order. The first subscriber
///   takes slot 0; once it leaves, slot 0 stays reserved and the next new subscriber
///   takes it, so it is called ahead of older ones. (RxSwift keeps the next 30 in an
///   array in subscription order and every later one in a dictionary, whose order is
///   random; here they stay in subscription order.) Each subscriber has one slot,
///   found in O(1) through its key (`ObserverKey.keySlot`; usually the subscriber's
///   sink itself). A slot holds the subscriber's sink, or nil while the subscriber
///   is still catching up (its place in the order is kept) and after it left (a
///   vacancy). Vacancies are dropped at once at the end of the array and otherwise
///   when they outnumber the subscribers (`vacateSlot`), which renumbers the keys
///   and keeps slot 0 where it is: O(1) amortised per subscription, and a delivery
///   walks at most about twice the subscriber count.
/// - Snapshots: a delivery copies `live` (one retain) under the owner's lock and
///   walks its copy after releasing it. Changing a slot while a delivery holds the
///   array copies it (copy-on-write); storage no delivery holds any more is changed
///   in place. So a subscriber removed meanwhile still receives that element, one
///   added meanwhile does not, and the copies are bounded by the deliveries, whose
///   own cost is of the same size. (Under ThreadSanitizer, which cannot see the
///   runtime's reference counts, storage a delivery has read is always copied.)
/// - Where a replaying subject's new subscriber takes its place follows RxSwift:
///   `BehaviorSubject` and `share(replay: 1)` insert it before they replay, so it
///   takes its slot (the inline one if that is free) when it subscribes;
///   `ReplaySubject` inserts it after the replay, so a subscriber that subscribed
///   from inside that replay comes first (and may take the inline slot). Such a
///   subscriber is `placedWhenCaughtUp`: it has no slot until it caught up.
/// - A subscriber of a replaying subject that is still receiving its replay (which
///   the subscribing thread delivers outside the lock) catches up in its slot: the
///   slot holds its sink but is skipped by deliveries. That costs nothing more
///   until a live or terminal event arrives meanwhile; then each such subscriber
///   gets a record in `catchingUp` (as do subscribers that have no slot yet or
///   join an ended subject). Live events that arrive meanwhile are queued there
///   under the lock (in a `CatchUpQueue`, made only when such an event arrives) and
///   the terminal event is noted; the subscribing thread then takes what was queued
///   (`nextCatchUpStep(for:)`) until nothing is left, and its sink fills its slot in
///   that same critical section. So a subscriber never sees a live element before,
///   or interleaved with, its replay, whichever thread emits. Only subscriptions in
///   progress are there, so it stays short and is searched linearly.
///
/// Not generic, so that the owner's `Locked` state compiles to concrete code and the
/// subscribe, deliver and dispose paths look up no generic metadata (each lookup
/// costs hundreds of instructions in Rill's unspecialised code). Sinks are stored as
/// `AnyObject`; the invariant that makes the `unsafeDowncast`s sound: one list only
/// ever holds sinks of one owner's `Element`, and every generic method is called
/// with that `Element`. A value type with no side effects: the owner calls it under
/// its lock and delivers what it returns after releasing it. Every key passed in
/// must be freshly claimed (`adoptAsKey()`) and is only touched under that same lock.
struct ObserverList {
    /// One slot of `live`.
    ///
    /// One reference-counted field: the key, which keeps the sink alive (it is the
    /// sink, or for a sink registered twice a `SinkKey` holding it); the sink is
    /// reached through unretained references, valid while the key is held.
    struct Entry {
        /// The subscription owning the slot; nil once the slot is vacant.
        fileprivate(set) var key: ObserverKey?
        /// The subscriber's sink (a `Sink<Element>`) if it receives live events,
        /// without reference counting, for the delivery loop: reading an optional
        /// reference out of the array retains and releases it (measured: ~50
        /// instructions a subscriber per element); this trivial copy does not.
        fileprivate(set) var unretainedSink: Unmanaged<AnyObject>?
        /// The sink while it is in this slot: receiving live events, or catching up
        /// here (see `isCatchingUpHere`); nil while it catches up in `catchingUp`
        /// and once the slot is vacant.
        private var heldSink: Unmanaged<AnyObject>?

        /// A slot receiving live events (or a vacancy, without arguments).
        fileprivate init(sink: AnyObject? = nil, key: ObserverKey? = nil) {
            self.key = key
            heldSink = sink.map(Unmanaged.passUnretained)
            unretainedSink = heldSink
        }

        /// A slot whose subscriber catches up here: it holds the sink but is not
        /// delivered to until `nextCatchUpStep(for:)` finds it caught up.
        fileprivate init(catchingUp sink: AnyObject, key: ObserverKey) {
            self.key = key
            heldSink = Unmanaged.passUnretained(sink)
        }

        /// The sink while it is in this slot (see `heldSink`).
        var sink: AnyObject? { heldSink?.takeUnretainedValue() }

        /// Whether the slot holds its sink (`sink != nil`, without a reference).
        fileprivate var holdsSink: Bool { heldSink != nil }

        /// Whether the subscriber catches up in its slot: nothing arrived for it
        /// meanwhile, so it has no record in `catchingUp`.
        fileprivate var isCatchingUpHere: Bool { holdsSink && unretainedSink == nil }

        /// Makes the slot deliver live events to its sink.
        fileprivate mutating func deliverToHeldSink() {
            unretainedSink = heldSink
        }

        /// Makes the slot deliver live events to `sink`, which its key keeps alive.
        fileprivate mutating func deliver(to sink: AnyObject) {
            heldSink = Unmanaged.passUnretained(sink)
            unretainedSink = heldSink
        }

        /// The slot no longer holds the sink (it catches up in `catchingUp`).
        fileprivate mutating func releaseSink() {
            heldSink = nil
        }
    }

    /// A subscriber still catching up.
    struct CatchingUp {
        let key: ObserverKey
        /// Its sink, which fills its slot once it has caught up.
        let sink: AnyObject
        /// Live elements that arrived meanwhile (a `CatchUpQueue<Element>`), if any.
        var queue: AnyObject?
        /// The terminal event that arrived meanwhile, delivered after the queue.
        var termination: Termination?
    }

    /// The slots, in RxSwift's order; deliveries skip those without a sink.
    private(set) var live: ContiguousArray<Entry> = []
    /// Whether `live`'s storage was handed to a delivery (`snapshot()`) since it was
    /// last copied: under ThreadSanitizer such storage is copied before a change.
    private var liveIsShared = false
    /// Subscribers catching up that have something queued or no slot of their
    /// own; the others catch up in their slot (`Entry.isCatchingUpHere`), which
    /// costs no record until a live event arrives (`moveCatchingUpOutOfLive()`).
    private var catchingUp: ContiguousArray<CatchingUp> = []
    /// How many subscribers catch up, in their slot or through a record in
    /// `catchingUp` (one count, so a delivery checks for them with one comparison);
    /// those in their slot are the ones beyond `catchingUp.count`.
    private var catchingUpCount = 0
    /// How many slots of `live` have a key.
    private var occupied = 0

    /// Whether there is no subscriber at all.
    var isEmpty: Bool { occupied == 0 && catchingUp.isEmpty }

    /// Adds a subscriber that receives live events from now on: ahead of every
    /// current one if it takes the vacant inline slot, else behind them.
    mutating func insert(_ sink: AnyObject, key: ObserverKey) {
        append(Entry(sink: sink, key: key))
    }

    /// Adds a subscriber that first receives its replay (which the caller delivers
    /// outside the lock), then `termination` if given, and otherwise the live events
    /// queued meanwhile, before it receives live events in the place it took when it
    /// subscribed (as `insert(_:key:)`).
    mutating func insertCatchingUp(_ sink: AnyObject, key: ObserverKey, then termination: Termination? = nil) {
        guard let termination else {
            // The usual case: it catches up in its slot.
            append(Entry(catchingUp: sink, key: key))
            catchingUpCount += 1
            return
        }
        append(Entry(sink: nil, key: key))
        catchingUpCount += 1
        catchingUp.append(CatchingUp(key: key, sink: sink, queue: nil, termination: termination))
    }

    /// Gives every subscriber catching up in its slot a record in `catchingUp`,
    /// where live events queue for it: before the first live event (or the
    /// terminal event) arrives while any catches up. Walks `live` once.
    private mutating func moveCatchingUpOutOfLive() {
        guard catchingUpCount > catchingUp.count else { return }
        unshareLive()
        for index in live.indices where live[index].isCatchingUpHere {
            catchingUp.append(CatchingUp(key: live[index].key!, sink: live[index].sink!, queue: nil, termination: nil))
            live[index].releaseSink()
        }
        // Each still catches up, now through its record: `catchingUpCount` stays.
    }

    /// `insertCatchingUp(_:key:then:)` for a subscriber that is `placedWhenCaughtUp`:
    /// it takes its place (the inline slot if that is free then) once it caught up.
    mutating func insertCatchingUpPlacedWhenCaughtUp(
        _ sink: AnyObject, key: ObserverKey, then termination: Termination? = nil
    ) {
        key.keySlot = Self.unplaced
        catchingUpCount += 1
        catchingUp.append(CatchingUp(key: key, sink: sink, queue: nil, termination: termination))
    }

    /// The `keySlot` of a catching-up subscriber that takes its slot once it caught up.
    private static var unplaced: Int { -1 }

    /// `live`, for a delivery to walk after the owner's lock is released.
    mutating func snapshot() -> ContiguousArray<Entry> {
        liveIsShared = true
        return live
    }

    /// Whether storage a delivery has read is copied before a change, rather than
    /// changed in place when copy-on-write finds it unshared: only under
    /// ThreadSanitizer (see the type's documentation).
    private static var copiesReadStorage: Bool { rill_thread_sanitizer_active }

    /// Before changing `live`: under ThreadSanitizer, gives it storage no delivery
    /// has read. Otherwise copy-on-write decides.
    private mutating func unshareLive() {
        guard liveIsShared else { return }
        liveIsShared = false
        if Self.copiesReadStorage { live = live.withUnsafeBufferPointer { ContiguousArray($0) } }
    }

    /// Puts `entry` in the inline slot (slot 0) if that is vacant, else at the end.
    private mutating func append(_ entry: Entry) {
        unshareLive()
        // Only a list with vacancies can have a vacant inline slot.
        if occupied < live.count, live[0].key == nil {
            entry.key?.keySlot = 0
            live[0] = entry
        } else {
            entry.key?.keySlot = live.count
            live.append(entry)
        }
        occupied += 1
    }

    /// Whether `key`'s slot is in `live`.
    private func holds(_ key: ObserverKey) -> Bool {
        let index = key.keySlot
        return index >= 0 && index < live.count && live[index].key === key
    }

    /// Removes a subscriber. Returns what was removed (its key, which keeps its
    /// sink), so that the owner releases it after unlocking (a sink's deinit may run
    /// user code), or nil if it had left.
    mutating func remove(_ key: ObserverKey) -> AnyObject? {
        if holds(key) {
            unshareLive()
            let index = key.keySlot
            // Without its sink, the slot's subscriber catches up through a record.
            let hasRecord = !live[index].holdsSink
            if live[index].isCatchingUpHere { catchingUpCount -= 1 }
            let removed = vacate(index)
            if hasRecord, let record = catchingUpIndex(of: key) {
                // Releases nothing yet: `removed` keeps the key and the sink.
                catchingUp.remove(at: record)
                catchingUpCount -= 1
            }
            return removed
        }
        guard let index = catchingUpIndex(of: key) else { return nil }
        catchingUpCount -= 1
        return catchingUp.remove(at: index).sink
    }

    /// Where `key` is in `catchingUp`.
    private func catchingUpIndex(of key: ObserverKey) -> Int? {
        var index = 0
        while index < catchingUp.count {
            if catchingUp[index].key === key { return index }
            index += 1
        }
        return nil
    }

    /// Empties slot `index` (see `vacateSlot`), renumbering the keys when it
    /// compacts, and returns its key, which keeps its sink: for the owner to
    /// release after unlocking. Inlined into its callers (a subscriber leaving is
    /// every subscription's path: 16 instructions); the rare compaction is not.
    @discardableResult @inline(__always)
    private mutating func vacate(_ index: Int) -> ObserverKey? {
        unshareLive()
        occupied -= 1
        return live.vacateSlot(
            at: index, remaining: occupied, isVacant: { $0.key == nil }, take: { exchange(&$0, with: Entry()).key },
            compact: { Self.compact(&$0) }
        )
    }

    /// Drops the vacancies of `live` but the inline slot, renumbering the keys.
    @inline(never)
    private static func compact(_ live: inout ContiguousArray<Entry>) {
        var compacted = ContiguousArray<Entry>()
        compacted.reserveCapacity(live.count)
        // Slot 0 stays, vacant or not: it is the inline slot.
        compacted.append(live[0])
        for entry in live.dropFirst() {
            guard let key = entry.key else { continue }
            key.keySlot = compacted.count
            compacted.append(entry)
        }
        live = compacted
    }

    /// Whether a subscriber is still receiving its replay.
    var hasCatchingUp: Bool { catchingUpCount != 0 }

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
        if hasCatchingUp { queueForCatchingUp(element) }
    }

    @inline(never)
    private mutating func queueForCatchingUp<Element>(_ element: Element) {
        moveCatchingUpOutOfLive()
        for index in catchingUp.indices {
            let queue: CatchUpQueue<Element>
            if let existing = catchingUp[index].queue {
                queue = unsafeDowncast(existing, to: CatchUpQueue<Element>.self)
            } else {
                queue = CatchUpQueue<Element>()
                catchingUp[index].queue = queue
            }
            queue.elements.append(element)
        }
    }

    /// Ends the list: returns the slots of the live subscribers, which must receive
    /// `termination` now (slots without a sink must be skipped), and notes it for the
    /// catching-up subscribers, behind what they still have to receive. Afterwards
    /// `live` is empty.
    mutating func terminate(_ termination: Termination) -> ContiguousArray<Entry> {
        moveCatchingUpOutOfLive()
        for index in catchingUp.indices { catchingUp[index].termination = termination }
        defer {
            live = []
            liveIsShared = false
            occupied = 0
        }
        return live
    }

    /// Removes every subscriber without telling them. Returns what was removed, for
    /// the owner to release after unlocking.
    mutating func removeAll() -> (ContiguousArray<Entry>, ContiguousArray<CatchingUp>) {
        defer {
            live = []
            liveIsShared = false
            catchingUp = []
            catchingUpCount = 0
            occupied = 0
        }
        return (live, catchingUp)
    }

    /// Whether subscriber `key` is still catching up (it was not removed).
    func isCatchingUp(_ key: ObserverKey) -> Bool {
        (holds(key) && live[key.keySlot].isCatchingUpHere) || catchingUpIndex(of: key) != nil
    }

    /// Takes the next step of subscriber `key`'s catch-up, after its replay.
    mutating func nextCatchUpStep(for key: ObserverKey) -> CatchUpStep {
        if holds(key), live[key.keySlot].isCatchingUpHere {
            // Nothing arrived meanwhile: it receives live events from now on.
            unshareLive()
            live[key.keySlot].deliverToHeldSink()
            catchingUpCount -= 1
            return .caughtUp
        }
        guard let index = catchingUpIndex(of: key) else { return .removed }
        if let queue = catchingUp[index].queue {
            catchingUp[index].queue = nil
            return .queued(queue)
        }
        let caughtUp = catchingUp.remove(at: index)
        catchingUpCount -= 1
        if let termination = caughtUp.termination {
            if holds(key) { vacate(key.keySlot) }
            return .terminal(termination)
        }
        if holds(key) {
            unshareLive()
            live[key.keySlot].deliver(to: caughtUp.sink)
        } else {
            precondition(key.keySlot == Self.unplaced, "Internal inconsistency: a catching-up subscriber lost its slot")
            append(Entry(sink: caughtUp.sink, key: key))
        }
        return .caughtUp
    }
}

/// What a catching-up subscriber receives next, after its replay.
enum CatchUpStep {
    /// Deliver these live elements (a `CatchUpQueue` of the owner's `Element`),
    /// which arrived meanwhile, then ask again.
    case queued(AnyObject)
    /// Deliver this terminal event; the subscriber has left the list.
    case terminal(Termination)
    /// Nothing is left: the subscriber now receives live events.
    case caughtUp
    /// The subscriber was removed (disposed) meanwhile: deliver nothing more.
    case removed
}

/// Live elements that arrived while a subscriber was catching up. Made only when
/// one does; touched under the owner's lock until `nextCatchUpStep(for:)` hands it
/// to the subscribing thread.
final class CatchUpQueue<Element> {
    var elements = RingBuffer<Element>()
}
