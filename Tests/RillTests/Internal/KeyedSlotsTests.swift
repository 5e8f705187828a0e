import Testing
@testable import Rill

extension AllTests {
    @Suite struct KeyedSlotsTests {
        private func values(_ slots: KeyedSlots<Int>) -> [Int] { slots.slots.compactMap(\.value) }

        @Test func valuesKeepInsertionOrderThroughRemovalsInAnyOrder() {
            var slots = KeyedSlots<Int>()
            let keys = (0..<3_000).map { slots.append($0) }
            var order = Array(keys.indices)
            var generator = SystemRandomNumberGenerator()
            order.shuffle(using: &generator)
            let removed = Set(order.prefix(2_500))
            for index in order.prefix(2_500) { #expect(slots.remove(keys[index]) == index) }
            #expect(values(slots) == keys.indices.filter { !removed.contains($0) })
            #expect(slots.count == 500)
            #expect(slots.slots.count <= 2 * 500 + 16)
            for index in order.dropFirst(2_500) {
                #expect(slots.remove(keys[index]) == index)
                #expect(slots.remove(keys[index]) == nil)
            }
            #expect(slots.isEmpty)
            #expect(slots.slots.isEmpty)
        }

        /// Keys stop matching their distance from the first one behind the inline
        /// slot once a key went to the inline slot or a compaction dropped slots:
        /// every key is still found, and no removed or unknown one is.
        @Test func everyKeyIsFoundAfterTheInlineSlotAndCompactionsSkipKeys() {
            var slots = KeyedSlots<Int>()
            var present: [UInt64: Int] = [:]
            var generator = SplitMix(seed: 7)
            for step in 0..<4_000 {
                if present.isEmpty || generator.next() % 3 != 0 {
                    present[slots.append(step)] = step
                } else {
                    let key = Array(present.keys)[Int(generator.next() % UInt64(present.count))]
                    #expect(slots.remove(key) == present.removeValue(forKey: key))
                }
                if step % 500 == 0 {
                    for key in 0..<UInt64(step + 2) { #expect(slots.contains(key) == (present[key] != nil)) }
                }
            }
            #expect(slots.count == present.count)
            for (key, value) in present { #expect(slots.remove(key) == value) }
            #expect(slots.isEmpty)
        }

        @Test func anUnknownOrRemovedKeyFindsNothing() {
            var slots = KeyedSlots<Int>()
            let first = slots.append(10)
            _ = slots.append(20)
            #expect(slots.remove(first) == 10)
            #expect(slots.remove(first) == nil)
            #expect(slots.remove(99) == nil)
            #expect(values(slots) == [20])
        }

        @Test func removingFromTheEndDropsTrailingVacancies() {
            var slots = KeyedSlots<Int>()
            let keys = (0..<10).map { slots.append($0) }
            _ = slots.remove(keys[5])
            for key in keys.dropFirst(6).reversed() { _ = slots.remove(key) }
            #expect(slots.slots.map(\.key) == Array(keys.prefix(5)))
        }

        @Test func aCopyIsASnapshotAndRemoveAllEmpties() {
            var slots = KeyedSlots<Int>()
            let first = slots.append(1)
            _ = slots.append(2)
            let snapshot = slots.slots
            _ = slots.remove(first)
            _ = slots.append(3)
            #expect(snapshot.compactMap(\.value) == [1, 2])
            #expect(slots.removeAll().slots.compactMap(\.value) == [3, 2])    // 3 took the freed inline slot
            #expect(slots.isEmpty)
            // Keys are never reused after removeAll.
            #expect(slots.append(4) == 3)
        }
    }
}
