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
/// - `live` is an immutable snapshot in subscription order (ascending id). Every
///   change copies it (copy-on-write), so a delivery reads the array under the
///   owner's lock, releases the lock and walks the copy it holds: a subscriber
///   removed meanwhile still receives that element, one added meanwhile does not,
///   and the order is the order of subscription for any number of subscribers.
/// - `catchingUp` holds subscribers of a replaying subject that are still receiving
///   their replay, which happens outside the lock. Live events that arrive meanwhile
///   are queued in their `CatchUp` under the lock (`queue(_:as:)`, `terminate(_:)`);
///   the subscribing thread takes one step at a time (`nextCatchUpStep(for:as:)`),
///   and when nothing is left the subscriber joins `live` in the same critical
///   section. So a subscriber never sees a live element before, or interleaved
///   with, its replay, whichever thread emits.
///
/// Not generic, so that the owner's `Locked` state compiles to concrete code and the
/// per-element path looks up no generic metadata (each lookup costs hundreds of
/// instructions in Rill's unspecialised code). Sinks are stored as `AnyObject`; the
/// invariant that makes the `unsafeDowncast`s sound: one list only ever holds sinks
/// of one owner's `Element`, and every generic method is called with that `Element`.
/// A value type with no side effects: the owner calls it under its lock and
/// delivers what it returns after releasing the lock.
struct ObserverList {
    /// A subscriber that receives live events: a `Sink<Element>`.
    struct Entry {
        let id: UInt64
        let sink: AnyObject
    }

    /// Subscribers receiving live events, in subscription order.
    private(set) var live: ContiguousArray<Entry> = []
    /// Subscribers catching up, each with its `CatchUp<Element>`.
    private var catchingUp: [(id: UInt64, catchUp: AnyObject)] = []
    private var lastID: UInt64 = 0

    /// Whether there is no subscriber at all.
    var isEmpty: Bool { live.isEmpty && catchingUp.isEmpty }

    /// Adds a subscriber that receives live events from now on.
    mutating func insert<Element>(_ sink: Sink<Element>) -> UInt64 {
        lastID += 1
        // Ids ascend and catching-up subscribers join in id order, so appending
        // keeps `live` sorted by id.
        live.append(Entry(id: lastID, sink: sink))
        return lastID
    }

    /// Adds a subscriber that first receives `replay`, then `termination` if given,
    /// and otherwise the live events queued meanwhile, before it joins `live`.
    mutating func insert<Element>(
        _ sink: Sink<Element>, catchingUpOn replay: ContiguousArray<Element>, then termination: Termination? = nil
    ) -> UInt64 {
        lastID += 1
        catchingUp.append((lastID, CatchUp(sink: sink, replay: replay, termination: termination)))
        return lastID
    }

    /// Removes a subscriber. Returns what was removed, so that the owner releases it
    /// after unlocking (a sink's deinit may run user code), or nil if it had left.
    mutating func remove(_ id: UInt64) -> AnyObject? {
        if let index = live.firstIndex(where: { $0.id == id }) {
            return live.remove(at: index).sink
        }
        if let index = catchingUp.firstIndex(where: { $0.id == id }) {
            return catchingUp.remove(at: index).catchUp
        }
        return nil
    }

    /// Whether a subscriber is still receiving its replay.
    var hasCatchingUp: Bool { !catchingUp.isEmpty }

    /// Queues a live element for the subscribers still catching up.
    @inline(__always)
    mutating func queue<Element>(_ element: Element, as type: Element.Type) {
        if !catchingUp.isEmpty { queueForCatchingUp(element) }
    }

    @inline(never)
    private mutating func queueForCatchingUp<Element>(_ element: Element) {
        for entry in catchingUp { unsafeDowncast(entry.catchUp, to: CatchUp<Element>.self).queued.append(element) }
    }

    /// Ends the list: returns the live subscribers, which must receive `termination`
    /// now, and queues it behind everything the catching-up subscribers still have
    /// to receive. Afterwards `live` is empty.
    mutating func terminate<Element>(_ termination: Termination, as type: Element.Type) -> ContiguousArray<Entry> {
        for entry in catchingUp { unsafeDowncast(entry.catchUp, to: CatchUp<Element>.self).termination = termination }
        defer { live = [] }
        return live
    }

    /// Removes every subscriber without telling them. Returns what was removed, for
    /// the owner to release after unlocking.
    mutating func removeAll() -> (ContiguousArray<Entry>, [(id: UInt64, catchUp: AnyObject)]) {
        defer {
            live = []
            catchingUp = []
        }
        return (live, catchingUp)
    }

    /// Takes the next step of subscriber `id`'s catch-up.
    mutating func nextCatchUpStep<Element>(for id: UInt64, as type: Element.Type) -> CatchUpStep<Element> {
        guard let index = catchingUp.firstIndex(where: { $0.id == id }) else { return .removed }
        let catchUp = unsafeDowncast(catchingUp[index].catchUp, to: CatchUp<Element>.self)
        if let element = catchUp.popElement() { return .next(element) }
        catchingUp.remove(at: index)
        if let termination = catchUp.termination { return .terminal(termination) }
        let position = live.firstIndex { $0.id > id } ?? live.endIndex
        live.insert(Entry(id: id, sink: catchUp.sink), at: position)
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

/// An owner of an `ObserverList` that can remove a subscriber by id.
protocol ObserverRemoving: AnyObject, Sendable {
    /// Removes subscriber `id`; does nothing if it already left.
    func removeObserver(_ id: UInt64)
}

/// The disposable a subscription to a subject returns: it removes the subscriber.
/// Disposing it twice is harmless (the second removal finds nothing).
///
/// It holds the subject weakly: the subscriber's sink keeps this disposable (to
/// end its upstream on a terminal event) and the subject keeps the sink, so a
/// strong reference would keep a dropped subject and its never-disposed
/// subscribers alive for ever. A subject that is gone has nobody left to remove.
final class ObserverRemoval: Disposable, @unchecked Sendable {
    // Sendable: `owner` is set once, in init (a `weak var` only because `weak let`
    // needs Swift 6.2); the runtime loads weak references atomically.
    private weak var owner: (any ObserverRemoving)?
    private let id: UInt64

    init(_ owner: any ObserverRemoving, id: UInt64) {
        self.owner = owner
        self.id = id
    }

    func dispose() {
        owner?.removeObserver(id)
    }
}
