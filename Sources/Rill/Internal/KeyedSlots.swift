/// Values in insertion order, each under the key `append` returned, for
/// collections that remove by key: `CompositeDisposable` and RillTest's hot
/// observables.
///
/// Cost: `append` is O(1) amortised; `remove` finds its key by binary search (the
/// newest key at once) and is otherwise O(1) amortised: it leaves a vacancy, so
/// nothing is copied or shifted per removal. Vacancies at the end go at once, the
/// others when they outnumber the values, so walking `slots` costs at most about
/// twice `count`. Copying `slots` is a snapshot (copy-on-write): later changes do
/// not reach it.
///
/// A value type with no locking of its own: the owner keeps it behind its lock and
/// lets removed values go (they may be disposables or user objects) after unlocking.
package struct KeyedSlots<Value> {
    /// One value and its key; `value` is nil once removed.
    package struct Slot {
        package let key: UInt64
        package fileprivate(set) var value: Value?
    }

    /// The slots in insertion order (ascending keys), vacancies included.
    package private(set) var slots: ContiguousArray<Slot> = []
    /// How many values are present.
    package private(set) var count = 0
    private var nextKey: UInt64 = 0

    /// An empty collection.
    package init() {}

    /// Whether no value is present.
    package var isEmpty: Bool { count == 0 }

    /// Adds `value` behind the others and returns its key.
    package mutating func append(_ value: Value) -> UInt64 {
        defer { nextKey += 1 }
        slots.append(Slot(key: nextKey, value: value))
        count += 1
        return nextKey
    }

    /// Removes and returns the value for `key`, or nil if it is not here.
    package mutating func remove(_ key: UInt64) -> Value? {
        guard let index = index(of: key), let removed = slots[index].value else { return nil }
        count -= 1
        slots.vacateSlot(
            at: index, remaining: count, isVacant: { $0.value == nil }, clear: { $0.value = nil },
            compact: { $0.removeAll { $0.value == nil } }
        )
        return removed
    }

    /// Removes every value; returns the slots for the owner to walk or release
    /// after unlocking.
    package mutating func removeAll() -> ContiguousArray<Slot> {
        count = 0
        defer { slots = [] }
        return slots
    }

    /// The slot of `key`: the last one (the usual case), or found by binary search.
    private func index(of key: UInt64) -> Int? {
        if let last = slots.last, last.key == key { return slots.count - 1 }
        var low = 0
        var high = slots.count
        while low < high {
            let middle = (low + high) / 2
            if slots[middle].key < key { low = middle + 1 } else { high = middle }
        }
        return low < slots.count && slots[low].key == key ? low : nil
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
            removeAll(keepingCapacity: true)
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
