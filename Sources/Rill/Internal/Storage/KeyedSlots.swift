/// Values in RxSwift's `Bag` order, each under the key `append` returned, for
/// collections that remove by key: `CompositeDisposable` and RillTest's hot
/// observables. Slot 0 is the inline slot: the first value takes it, and once that
/// value is removed the next appended value takes it, ahead of older ones; every
/// other value follows in insertion order. (RxSwift's `Bag` keeps the next 30 in
/// an array in insertion order and later ones in a dictionary, in random order;
/// here they stay in insertion order.)
///
/// Cost: `append` is O(1) amortised; `remove` finds its key at once when it is the
/// newest or sits at its distance from the first key behind the inline slot (as
/// long as no key was skipped before it), else by binary search, and is otherwise
/// O(1) amortised: it leaves a vacancy, so nothing is copied or shifted per
/// removal. Vacancies at the end go at once, the others when they outnumber the
/// values (slot 0 stays), so walking `slots` costs at most about twice `count`.
/// Copying `slots` is a snapshot (copy-on-write): later changes do not reach it.
///
/// A value type with no locking of its own: the owner keeps it behind its lock and
/// lets removed values go (they may be disposables or user objects) after unlocking.
///
/// Generic over its slot type so that an owner on a hot path can bring a
/// non-generic one (`CompositeDisposable` does): a generic type's copies and
/// destroys of an existential, and every `Optional` of one, go through value
/// witnesses found at run time (about 60 instructions each, measured), where a
/// non-generic type's are inline. `KeyedSlots<Value>` is the general case.
package struct KeyedSlotArray<Slot: KeyedSlot> {
    package typealias Value = Slot.Value

    /// The slots in delivery order, vacancies included: the inline slot, then the
    /// others in insertion order (ascending keys).
    package private(set) var slots: ContiguousArray<Slot> = []
    /// How many values are present.
    package private(set) var count = 0
    private var nextKey: UInt64 = 0

    /// An empty collection.
    package init() {}

    /// Whether no value is present.
    package var isEmpty: Bool { count == 0 }

    /// Adds `value` in the inline slot if that is vacant, else behind the others,
    /// and returns its key.
    package mutating func append(_ value: consuming Value) -> UInt64 {
        defer { nextKey += 1 }
        // Only a collection with vacancies can have a vacant inline slot.
        if count < slots.count, slots.withUnsafeBufferPointer({ $0[0].isVacant }) {
            slots[0] = Slot(key: nextKey, value: value)
        } else {
            slots.append(Slot(key: nextKey, value: value))
        }
        count += 1
        return nextKey
    }

    /// Removes and returns the value for `key`, or nil if it is not here.
    package mutating func remove(_ key: UInt64) -> Value? {
        guard let index = index(of: key), !slots.withUnsafeBufferPointer({ $0[index].isVacant }) else { return nil }
        count -= 1
        return slots.vacateSlot(
            at: index, remaining: count, isVacant: { $0.isVacant }, take: { $0.take() },
            compact: { slots in
                // Slot 0 stays, vacant or not: it is the inline slot. The values after
                // it move forward in order.
                var kept = 1
                for index in slots.indices.dropFirst() where !slots[index].isVacant {
                    slots.swapAt(kept, index)
                    kept += 1
                }
                slots.removeLast(slots.count - kept)
            }
        )
    }

    /// Whether a value for `key` is present.
    package func contains(_ key: UInt64) -> Bool {
        guard let index = index(of: key) else { return false }
        return slots.withUnsafeBufferPointer { !$0[index].isVacant }
    }

    /// Removes every value and returns them, in order, for the owner to walk with
    /// `removeEach` (or release) after unlocking. Keys are never reused.
    package mutating func removeAll() -> KeyedSlotArray {
        var removed = KeyedSlotArray()
        swap(&removed.slots, &slots)
        removed.count = count
        count = 0
        return removed
    }

    /// Removes the values one at a time, in order, passing each to `body`. Each
    /// value moves out of its slot, so none is copied.
    package mutating func removeEach(_ body: (Value) -> Void) {
        slots.withUnsafeMutableBufferPointer { slots in
            for index in slots.indices where !slots[index].isVacant {
                body(slots[index].take())
            }
        }
        slots.removeAll()
        count = 0
    }

    /// The slot of `key`: the last one (the usual case), else the one as far after
    /// the first slot behind the inline one as its key is from that slot's (where
    /// it is while no slot before it was compacted away or its key went to the
    /// inline slot), else found by binary search among the slots before that,
    /// whose keys ascend at least one a slot, else the inline slot.
    private func index(of key: UInt64) -> Int? {
        // Through the buffer's pointer, so that reading a key does not copy its
        // slot (and with it the value: for `any Disposable`, an existential).
        slots.withUnsafeBufferPointer { slots in
            let count = slots.count
            guard count > 0 else { return nil }
            if slots[count - 1].key == key { return count - 1 }
            if count > 2, key >= slots[1].key {
                var high = count - 1
                let distance = key - slots[1].key
                if distance < UInt64(high - 1) {
                    high = 1 + Int(distance)
                    if slots[high].key == key { return high }
                }
                var low = 1
                while low < high {
                    let middle = (low + high) / 2
                    if slots[middle].key < key { low = middle + 1 } else { high = middle }
                }
                if slots[low].key == key { return low }
            }
            return slots[0].key == key ? 0 : nil
        }
    }
}

/// One slot of a `KeyedSlotArray`: a key and a value, or a vacancy that keeps its key.
package protocol KeyedSlot {
    associatedtype Value
    /// A slot holding `value` under `key`.
    init(key: UInt64, value: consuming Value)
    /// The key `append` returned for the value.
    var key: UInt64 { get }
    /// Whether the value was taken.
    var isVacant: Bool { get }
    /// Moves the value out of an occupied slot, leaving it vacant.
    mutating func take() -> Value
}

/// Values in RxSwift's `Bag` order, removable by key (see `KeyedSlotArray`).
package typealias KeyedSlots<Value> = KeyedSlotArray<ValueSlot<Value>>

/// The general slot: any value, nil once removed.
package struct ValueSlot<Value>: KeyedSlot {
    package let key: UInt64
    /// The value; nil once removed.
    package fileprivate(set) var value: Value?

    package init(key: UInt64, value: consuming Value) {
        self.key = key
        self.value = value
    }

    package var isVacant: Bool { value == nil }

    package mutating func take() -> Value { value.take()! }
}

extension ContiguousArray {
    /// Empties slot `index` of an array of slots in which `remaining` stay
    /// occupied, and returns what the slot held (`take` moves it out, leaving a
    /// vacancy): drops everything when none remain, the slot and the vacancies
    /// before it when it is the last, and otherwise empties it in place and
    /// compacts once vacancies outnumber the occupied slots (so each compaction
    /// costs at most twice the removals since the last one). Shared by
    /// `KeyedSlots` and `ObserverList`; `compact` must drop every vacancy and keep
    /// the order. Inlined, so that the closures are too.
    @inline(__always)
    mutating func vacateSlot<Removed>(
        at index: Int, remaining: Int, isVacant: (Element) -> Bool, take: (inout Element) -> Removed,
        compact: (inout Self) -> Void
    ) -> Removed {
        if remaining == 0 {
            // One slot by itself: `removeAll(keepingCapacity:)` replaces a subrange,
            // about 190 instructions where this is 20 (a subject's last subscriber leaving).
            if count == 1 {
                var removed = removeLast()
                return take(&removed)
            }
            let removed = take(&self[index])
            removeAll(keepingCapacity: true)
            return removed
        } else if index == count - 1 {
            var removed = removeLast()
            while let last, isVacant(last) { removeLast() }
            return take(&removed)
        } else {
            let removed = take(&self[index])
            let vacancies = count - remaining
            if vacancies > remaining, vacancies >= 16 { compact(&self) }
            return removed
        }
    }
}
