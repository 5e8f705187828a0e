/// The elements a subject replays to a new subscriber: the last `capacity` of them.
///
/// Capacity 1 keeps the latest (`BehaviorSubject`, `share(replay: 1)`), `Int.max`
/// keeps everything (`ReplaySubject.createUnbound()`). Storage grows by doubling up
/// to `capacity`; once full it is a ring, the oldest element overwritten in place,
/// so `append` allocates nothing in the steady state.
///
/// Raw storage rather than an array: `append` runs per element in Rill's
/// unspecialised generic code, where array operations look up generic metadata
/// (hundreds of instructions each); pointer operations use the element's value
/// witnesses directly. The owner serialises every call (its lock, or for `takeLast`
/// the Rx grammar of its one upstream). An element that
/// leaves the buffer is released under that lock, so an element's deinit must not
/// send to the subject that buffers it.
final class ReplayBuffer<Element> {
    let capacity: Int
    // Touched only under the owner's lock, so no dynamic exclusivity checks.
    @exclusivity(unchecked) private var storage: UnsafeMutablePointer<Element>?
    @exclusivity(unchecked) private var allocated = 0
    @exclusivity(unchecked) private var count = 0
    /// Once the ring is full, the index of the oldest element.
    @exclusivity(unchecked) private var start = 0

    init(capacity: Int) {
        precondition(capacity > 0, "A replay buffer holds at least one element (got \(capacity))")
        self.capacity = capacity
    }

    deinit {
        storage?.deinitialize(count: count)
        storage?.deallocate()
    }

    var isEmpty: Bool { count == 0 }

    /// Records `element`, dropping the oldest one if the buffer is full.
    func append(_ element: Element) {
        if count < allocated, let storage {
            (storage + count).initialize(to: element)
            count += 1
        } else if count < capacity {
            grow()
            append(element)
        } else if let storage {
            (storage + start).pointee = element
            start += 1
            if start == capacity { start = 0 }
        }
    }

    @inline(never)
    private func grow() {
        let newSize = allocated == 0 ? 1 : allocated > capacity / 2 ? capacity : allocated * 2
        let newStorage = UnsafeMutablePointer<Element>.allocate(capacity: newSize)
        if let storage {
            // Not yet full, so never wrapped: elements are in order from index 0.
            newStorage.moveInitialize(from: storage, count: count)
            storage.deallocate()
        }
        storage = newStorage
        allocated = newSize
    }

    /// The newest element.
    var last: Element? {
        guard let storage, count > 0 else { return nil }
        return storage[(start == 0 ? count : start) - 1]
    }

    /// The elements, oldest first.
    func elements() -> ContiguousArray<Element> {
        guard let storage else { return [] }
        var ordered = ContiguousArray<Element>()
        ordered.reserveCapacity(count)
        ordered.append(contentsOf: UnsafeBufferPointer(start: storage + start, count: count - start))
        ordered.append(contentsOf: UnsafeBufferPointer(start: storage, count: start))
        return ordered
    }

    /// Empties the buffer and returns what it held, for the owner to release after
    /// unlocking.
    func removeAll() -> ContiguousArray<Element> {
        let removed = elements()
        storage?.deinitialize(count: count)
        count = 0
        start = 0
        return removed
    }
}
