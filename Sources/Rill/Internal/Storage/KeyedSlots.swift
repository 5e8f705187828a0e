/// Values in RxSwift's `Bag` order, each under the key `append` returned, for
/// collections that remove by key: `CompositeDisposable` and RillTest's hot
/// observables. Slot 0 is the inline slot: the first value takes it, and once that
/// value is removed the next appended value takes it, ahead of older ones; every
/// other value follows in insertion order. (RxSwift's `Bag` keeps the next 30 in
/// an array in insertion order and later ones in a dictionary, in random order;
/// here they stay in insertion order.)
///
/// Cost: `append` is O(1) amortised; `remove` finds its key by binary search (the
/// newest key at once) and is otherwise O(1) amortised: it
/// leaves a vacancy, so nothing is copied or shifted per removal. Vacancies at the
/// end go at once, the others when they outnumber the values (slot 0 stays), so
/// walking `slots` costs at most about twice `count`. Copying `slots` is a snapshot
/// (copy-on-write): later changes do not reach it.
///
/// A value type with no locking of its own: the owner keeps it behind its lock and
/// lets removed values go (they may be disposables or user objects) after unlocking.
package struct KeyedSlots<Value> {
    /// One value and its key; `value` is nil once removed.
    package struct Slot {
        package let key: UInt64
        package fileprivate(set) var value: Value?
    }

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
    package mutating func append(_ value: Value) -> UInt64 {
        defer { nextKey += 1 }
        // Only a collection with vacancies can have a vacant inline slot.
        if count < slots.count, slots[0].value == nil {
            slots[0] = Slot(key: nextKey, value: value)
        } else {
            slots.append(Slot(key: nextKey, value: value))
        }
        count += 1
        return nextKey
    }

    /// Removes and returns the value for `key`, or nil if it is not here.
    package mutating func remove(_ key: UInt64) -> Value? {
        guard let index = index(of: key) else { return nil }
        var removed: Value?
        swap(&removed, &slots[index].value)
        guard let removed else { return nil }
        count -= 1
        slots.vacateSlot(
            at: index, remaining: count, isVacant: { $0.value == nil }, clear: { _ in },
            compact: { slots in
                // Slot 0 stays, vacant or not: it is the inline slot. The values after
                // it move forward in order.
                var kept = 1
                for index in slots.indices.dropFirst() where slots[index].value != nil {
                    slots.swapAt(kept, index)
                    kept += 1
                }
                slots.removeLast(slots.count - kept)
            }
        )
        return removed
    }

    /// Whether a value for `key` is present.
    package func contains(_ key: UInt64) -> Bool {
        guard let index = index(of: key) else { return false }
        return slots[index].value != nil
    }

    /// Removes every value; returns the slots for the owner to walk or release
    /// after unlocking.
    package mutating func removeAll() -> ContiguousArray<Slot> {
        count = 0
        defer { slots = [] }
        return slots
    }

    /// The slot of `key`: the last one (the usual case), else found by binary
    /// search among the slots after the inline one, whose keys ascend, else the
    /// inline slot.
    private func index(of key: UInt64) -> Int? {
        // Through the buffer's pointer, so that reading a key does not copy its
        // slot (and with it the value: for `any Disposable`, an existential).
        slots.withUnsafeBufferPointer { slots in
            let count = slots.count
            guard count > 0 else { return nil }
            if slots[count - 1].key == key { return count - 1 }
            var low = 1
            var high = count
            while low < high {
                let middle = (low + high) / 2
                if slots[middle].key < key { low = middle + 1 } else { high = middle }
            }
            if low < count, slots[low].key == key { return low }
            return slots[0].key == key ? 0 : nil
        }
    }
}

extension ContiguousArray {
    /// Empties slot `index` of an array of slots in which `remaining` stay
    /// occupied: drops everything when none remain, the slot and the vacancies
    /// before it when it is the last, and otherwise clears it and compacts once
    /// vacancies outnumber the occupied slots (so each compaction costs at most
    /// twice the removals since the last one). Shared by `KeyedSlots` and
    /// `ObserverList`; `compact` must drop every vacancy and keep the order.
    mutating func vacateSlot(
        at index: Int, remaining: Int, isVacant: (Element) -> Bool, clear: (inout Element) -> Void,
        compact: (inout Self) -> Void
    ) {
        if remaining == 0 {
            // One slot by itself: `removeAll(keepingCapacity:)` replaces a subrange,
            // about 190 instructions where this is 20 (a subject's last subscriber leaving).
            if count == 1 { removeLast() } else { removeAll(keepingCapacity: true) }
        } else if index == count - 1 {
            removeLast()
            while let last, isVacant(last) { removeLast() }
        } else {
            clear(&self[index])
            let vacancies = count - remaining
            if vacancies > remaining, vacancies >= 16 { compact(&self) }
        }
    }
}
