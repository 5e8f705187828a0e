/// A first-in first-out buffer: the one queue and replay buffer inside Rill.
///
/// It serves every place that keeps elements in order: the trampoline's scheduled
/// work, the queue of a `SerialDrain`, zip's buffered elements, the batches of
/// `observe(on:)`, what a replaying subject keeps (`ReplayBuffer`) and what a new
/// subscriber catches up on, `ActorScheduler`'s queued work, and `toBlocking()`'s
/// collected elements.
///
/// A ring of raw storage with a power-of-two capacity, so positions wrap with a
/// mask. Taking from the front, appending at the back and dropping the oldest of a
/// bounded buffer are O(1) and allocate nothing once the buffer is large enough;
/// the storage is allocated on the first `append` and doubles when full.
///
/// Why not an `Array`: much of Rill runs as unspecialised generic code (every
/// operator returns a type-erased `Observable`), where each `Array<Element>`
/// operation looks up the array type's metadata in the runtime's cache (hundreds
/// of instructions). Pointer operations move elements through `Element`'s own
/// value witnesses, which the caller already has.
///
/// Noncopyable, so that it needs no copy-on-write: each buffer has exactly one
/// owner (a class's stored property, or the state inside a `Locked`), and a
/// uniqueness check before every change would cost a runtime call on paths that
/// run per element (measured on zip: 8 instructions per check, four per pair).
/// `elements()` copies the contents out where a snapshot is needed.
@usableFromInline
package struct RingBuffer<Element>: ~Copyable {
    @usableFromInline var base: UnsafeMutablePointer<Element>?
    /// Capacity minus one (the capacity is a power of two), or -1 before storage exists.
    @usableFromInline var mask = -1
    /// The slot of the oldest element.
    @usableFromInline var head = 0
    /// The number of elements.
    @usableFromInline package private(set) var count = 0

    /// An empty buffer; nothing is allocated until the first `append`.
    @inlinable
    package init() {}

    deinit {
        if let base {
            deinitializeElements(base)
            base.deallocate()
        }
    }

    /// Whether the buffer holds no element.
    @inlinable
    package var isEmpty: Bool { count == 0 }

    /// How many elements fit before the storage grows (0 before the first `append`).
    @inlinable
    package var capacity: Int { mask &+ 1 }

    /// The slot of the element `offset` places after the oldest.
    @inlinable @inline(__always)
    func slot(_ offset: Int) -> Int {
        (head &+ offset) & mask
    }

    /// Adds `element` at the back, growing the storage when it is full.
    @inlinable @inline(__always)
    package mutating func append(_ element: Element) {
        if count > mask { grow() }
        (base.unsafelyUnwrapped + slot(count)).initialize(to: element)
        count &+= 1
    }

    /// Adds `element` at the back of a buffer that keeps at most `limit` elements
    /// (at least 1): the oldest are dropped first while it holds `limit` or more.
    /// A dropped element is released here, so the owner must be able to release
    /// one where it calls this.
    @inlinable @inline(__always)
    package mutating func append(_ element: Element, keepingAtMost limit: Int) {
        if count == limit, count == capacity {
            // Full at the limit (the steady state of a replay buffer): the new
            // element takes the oldest one's slot, one assignment.
            (base.unsafelyUnwrapped + head).pointee = element
            head = (head &+ 1) & mask
            return
        }
        appendBounded(element, keepingAtMost: limit)
    }

    /// The rest of `append(_:keepingAtMost:)`: fills a bounded buffer, sizing its
    /// first storage to the limit, and drops the oldest once the limit is reached.
    @usableFromInline @inline(never)
    mutating func appendBounded(_ element: Element, keepingAtMost limit: Int) {
        while count >= limit, count > 0 {
            dropFirst()
        }
        if base == nil, limit < Int.max / 2 {
            // Room for exactly `limit` when it is a power of two (1 for a
            // `BehaviorSubject`), so the steady state takes the assignment path.
            var size = 1
            while size < Swift.min(limit, 16) { size <<= 1 }
            reserve(size)
        }
        append(element)
    }

    /// Removes and returns the oldest element of a buffer that is not empty.
    ///
    /// Prefer it to `removeFirst()` on paths that run per element in
    /// unspecialised code: an `Optional<Element>` needs its metadata looked up.
    @inlinable @inline(__always)
    package mutating func takeFirst() -> Element {
        assert(count > 0, "Internal inconsistency: takeFirst() on an empty RingBuffer")
        let element = (base.unsafelyUnwrapped + head).move()
        head = (head &+ 1) & mask
        count &-= 1
        return element
    }

    /// Ends the oldest element's lifetime; the buffer must not be empty.
    @inlinable @inline(__always)
    package mutating func dropFirst() {
        assert(count > 0, "Internal inconsistency: dropFirst() on an empty RingBuffer")
        // `move()` and a discard: one destroy through the value witness, where
        // `deinitialize(count: 1)` calls the runtime's array destroy.
        _ = (base.unsafelyUnwrapped + head).move()
        head = (head &+ 1) & mask
        count &-= 1
    }

    /// Removes and returns the oldest element; nil if the buffer is empty.
    @inlinable @inline(__always)
    package mutating func removeFirst() -> Element? {
        count > 0 ? takeFirst() : nil
    }

    /// Removes the newest element, if any.
    @inlinable
    package mutating func removeLast() {
        guard count > 0 else { return }
        count &-= 1
        _ = (base.unsafelyUnwrapped + slot(count)).move()
    }

    /// The oldest element.
    @inlinable
    package var first: Element? {
        count > 0 ? base.unsafelyUnwrapped[head] : nil
    }

    /// The newest element.
    @inlinable
    package var last: Element? {
        count > 0 ? base.unsafelyUnwrapped[slot(count &- 1)] : nil
    }

    /// The element `offset` places after the oldest.
    @inlinable
    package subscript(offset: Int) -> Element {
        precondition(offset >= 0 && offset < count, "RingBuffer offset \(offset) out of 0..<\(count)")
        return base.unsafelyUnwrapped[slot(offset)]
    }

    /// Removes every element. With `keepingCapacity` the storage stays for reuse;
    /// without it, it is freed.
    @inlinable
    package mutating func removeAll(keepingCapacity: Bool = false) {
        guard let base else { return }
        deinitializeElements(base)
        head = 0
        count = 0
        if !keepingCapacity {
            base.deallocate()
            self.base = nil
            mask = -1
        }
    }

    /// Removes elements from the front while `shouldRemove` says so of the oldest.
    @inlinable
    package mutating func removeFirst(while shouldRemove: (Element) -> Bool) {
        while count > 0, shouldRemove(base.unsafelyUnwrapped[head]) {
            dropFirst()
        }
    }

    /// The elements, oldest first, copied into a new array.
    @inlinable
    package func elements() -> ContiguousArray<Element> {
        var result = ContiguousArray<Element>()
        guard let base, count > 0 else { return result }
        result.reserveCapacity(count)
        let first = Swift.min(count, capacity &- head)
        result.append(contentsOf: UnsafeBufferPointer(start: base + head, count: first))
        result.append(contentsOf: UnsafeBufferPointer(start: base, count: count &- first))
        return result
    }

    /// Copies the elements, oldest first, into `target`, which has room for `count`
    /// of them (uninitialised).
    @inlinable
    package func copy(into target: UnsafeMutablePointer<Element>) {
        guard let base, count > 0 else { return }
        if count == 1 {
            // One element (a `BehaviorSubject`'s value, `share(replay: 1)`'s): one
            // copy, where copying a range calls the runtime's array copy twice.
            return target.initialize(to: base[head])
        }
        let first = Swift.min(count, capacity &- head)
        target.initialize(from: base + head, count: first)
        (target + first).initialize(from: base, count: count &- first)
    }

    /// Calls `body` with each element, oldest first.
    @inlinable
    package func forEach(_ body: (Element) throws -> Void) rethrows {
        guard let base else { return }
        for offset in 0..<count { try body(base[slot(offset)]) }
    }

    /// Ends the lifetime of every element in `base` (this buffer's storage).
    @inlinable
    func deinitializeElements(_ base: UnsafeMutablePointer<Element>) {
        let first = Swift.min(count, capacity &- head)
        (base + head).deinitialize(count: first)
        base.deinitialize(count: count &- first)
    }

    /// Doubles the storage (or makes the first), moving the elements to its start.
    @usableFromInline @inline(never)
    mutating func grow() {
        reserve(Swift.max(capacity * 2, 2))
    }

    /// Replaces the storage with `newCapacity` slots (a power of two, at least
    /// `count`), moving the elements to its start.
    mutating func reserve(_ newCapacity: Int) {
        let grown = UnsafeMutablePointer<Element>.allocate(capacity: newCapacity)
        if let base {
            let first = Swift.min(count, capacity &- head)
            grown.moveInitialize(from: base + head, count: first)
            (grown + first).moveInitialize(from: base, count: count &- first)
            base.deallocate()
        }
        base = grown
        mask = newCapacity &- 1
        head = 0
    }
}
