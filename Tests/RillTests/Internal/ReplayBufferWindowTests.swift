import Testing
@testable import Rill

extension AllTests {
    /// The replay buffer with a window: eviction by age, and the ring once eviction
    /// has moved its start (wrapped storage that grows, is read and is emptied).
    @Suite struct ReplayBufferWindowTests {
        @Test func appendingDropsTheElementsAsOldAsTheWindowOrOlder() {
            let buffer = ReplayBuffer<Int>(capacity: 10, window: 5)
            buffer.append(1, receivedAt: 100)
            buffer.append(2, receivedAt: 102)
            buffer.append(3, receivedAt: 104.9)
            #expect(Array(buffer.elements()) == [1, 2, 3])
            buffer.append(4, receivedAt: 105)       // 1 is exactly 5 old
            #expect(Array(buffer.elements()) == [2, 3, 4])
            buffer.append(5, receivedAt: 109.9)     // 2 and 3 are 5 or more, 4 is 4.9
            #expect(Array(buffer.elements()) == [4, 5])
            buffer.append(6, receivedAt: 200)
            #expect(Array(buffer.elements()) == [6])
            #expect(buffer.last == 6)
        }

        @Test func dropExpiredDropsOnlyFromTheOldestEndAndStopsAtTheFirstYoungElement() {
            let buffer = ReplayBuffer<Int>(capacity: 10, window: 5)
            buffer.append(1, receivedAt: 100)
            buffer.append(2, receivedAt: 103)
            // A time out of order (another thread's, read before the lock) stays
            // behind a younger element: the replay never has a gap.
            buffer.append(3, receivedAt: 101)
            buffer.append(4, receivedAt: 104)
            buffer.dropExpired(at: 107)
            #expect(Array(buffer.elements()) == [2, 3, 4])   // 3 is 6 old, but 2 is not
            buffer.dropExpired(at: 108)
            #expect(Array(buffer.elements()) == [4])
            buffer.dropExpired(at: 109)
            #expect(buffer.isEmpty)
            #expect(buffer.last == nil)
        }

        @Test func timesWithinAMicrosecondOfTheBoundaryCountAsOnIt() {
            let buffer = ReplayBuffer<Int>(capacity: 10, window: 0.015)
            buffer.append(1, receivedAt: 0.230)
            buffer.dropExpired(at: 0.244_998)
            #expect(Array(buffer.elements()) == [1])
            buffer.dropExpired(at: 0.245 - 0.000_000_5)
            #expect(buffer.isEmpty)
        }

        @Test func theCapacityStillLimitsAWindowedBuffer() {
            let buffer = ReplayBuffer<Int>(capacity: 3, window: 100)
            for value in 0..<10 {
                buffer.append(value, receivedAt: Double(value))
                #expect(Array(buffer.elements()) == Array(Swift.max(0, value - 2)...value))
                #expect(buffer.last == value)
            }
        }

        @Test func aRingWrappedByEvictionGrowsAndKeepsItsOrder() {
            let buffer = ReplayBuffer<Int>(capacity: 64, window: 3)
            // One element a tick: the buffer settles at 3 elements in 4 slots and
            // its start moves round the storage.
            for value in 0..<11 { buffer.append(value, receivedAt: Double(value)) }
            #expect(Array(buffer.elements()) == [8, 9, 10])
            // A burst in one instant grows the wrapped storage.
            for value in 11..<40 { buffer.append(value, receivedAt: 10) }
            #expect(Array(buffer.elements()) == Array(8..<40))
            #expect(buffer.last == 39)
            buffer.append(40, receivedAt: 13)
            #expect(Array(buffer.elements()) == [40])
        }

        @Test func aWrappedRingAtCapacityOverwritesItsOldestElement() {
            let buffer = ReplayBuffer<Int>(capacity: 4, window: 10)
            for value in 0..<4 { buffer.append(value, receivedAt: Double(value)) }
            buffer.dropExpired(at: 11.5)                 // 0 and 1 leave: start is 2
            for value in 4..<7 { buffer.append(value, receivedAt: 12) }   // 2 leaves
            #expect(Array(buffer.elements()) == [3, 4, 5, 6])
            buffer.append(7, receivedAt: 12)             // full and wrapped: 3 is overwritten
            #expect(Array(buffer.elements()) == [4, 5, 6, 7])
            #expect(buffer.last == 7)
            buffer.dropExpired(at: 22)
            #expect(buffer.isEmpty)
        }

        @Test func releasesEveryElementExactlyOnceWhenExpiringWrappingAndEmptying() {
            let deinits = DeinitCounter()
            do {
                let buffer = ReplayBuffer<Tracked>(capacity: 4, window: 2)
                for time in 0..<6 { buffer.append(Tracked(deinits), receivedAt: Double(time)) }
                #expect(deinits.value == 4)              // 0...3 expired on append
                buffer.dropExpired(at: 6.5)
                #expect(deinits.value == 5)              // 4 expired
                for _ in 0..<5 { buffer.append(Tracked(deinits), receivedAt: 6.5) }
                #expect(deinits.value == 7)              // two overwritten at capacity
                #expect(buffer.removeAll().count == 4)
                #expect(deinits.value == 11)
                for _ in 0..<3 { buffer.append(Tracked(deinits), receivedAt: 7) }
            }
            #expect(deinits.value == 14)
        }
    }
}
