import Testing
@testable import Rill

extension AllTests {
    @Suite struct ReplayBufferTests {
        @Test func keepsTheLastCapacityElementsOldestFirst() {
            let buffer = ReplayBuffer<Int>(capacity: 3)
            #expect(buffer.isEmpty)
            #expect(buffer.last == nil)
            for value in 0..<10 {
                buffer.append(value)
                #expect(Array(buffer.elements()) == Array(Swift.max(0, value - 2)...value))
                #expect(buffer.last == value)
            }
        }

        @Test func capacityOneHoldsTheLatest() {
            let buffer = ReplayBuffer<String>(capacity: 1)
            buffer.append("a")
            buffer.append("b")
            #expect(Array(buffer.elements()) == ["b"])
            #expect(buffer.last == "b")
        }

        @Test func unboundedGrowsAndKeepsEverything() {
            let buffer = ReplayBuffer<Int>(capacity: Int.max)
            for value in 0..<1_000 { buffer.append(value) }
            #expect(Array(buffer.elements()) == Array(0..<1_000))
        }

        @Test func removeAllReturnsTheElementsAndEmptiesTheBuffer() {
            let buffer = ReplayBuffer<Int>(capacity: 2)
            for value in 0..<5 { buffer.append(value) }
            #expect(Array(buffer.removeAll()) == [3, 4])
            #expect(buffer.isEmpty)
            buffer.append(7)
            #expect(Array(buffer.elements()) == [7])
        }

        @Test func releasesEveryElementExactlyOnce() {
            let deinits = DeinitCounter()
            do {
                let buffer = ReplayBuffer<Tracked>(capacity: 3)
                for _ in 0..<5 { buffer.append(Tracked(deinits)) }
                #expect(deinits.value == 2)       // overwritten in place
                _ = buffer.removeAll()
                #expect(deinits.value == 5)
                for _ in 0..<2 { buffer.append(Tracked(deinits)) }
            }
            #expect(deinits.value == 7)
        }
    }
}
