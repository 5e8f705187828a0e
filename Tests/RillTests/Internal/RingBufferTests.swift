import Testing
@testable import Rill

extension AllTests {
    @Suite struct RingBufferTests {
        /// Counts live instances, to check that the buffer releases each element once.
        private final class Tracked {
            nonisolated(unsafe) static var live = 0
            let value: Int
            init(_ value: Int) { self.value = value; Tracked.live += 1 }
            deinit { Tracked.live -= 1 }
        }

        /// What a test checks of a buffer (which is noncopyable, so `#expect` cannot
        /// take it apart itself).
        private struct Observed<Element: Equatable>: Equatable {
            var contents: [Element]
            var first: Element?
            var last: Element?
            var capacity: Int
        }

        private func observe<Element: Equatable>(_ ring: borrowing RingBuffer<Element>) -> Observed<Element> {
            let contents = Array(ring.elements())
            #expect(ring.count == contents.count)
            #expect(ring.isEmpty == contents.isEmpty)
            #expect((0..<ring.count).map { ring[$0] } == contents)
            return Observed(contents: contents, first: ring.first, last: ring.last, capacity: ring.capacity)
        }

        @Test func emptyBufferAllocatesNothingAndHasNoElements() {
            var ring = RingBuffer<Int>()
            #expect(observe(ring) == Observed(contents: [], first: nil, last: nil, capacity: 0))
            let removed = ring.removeFirst()
            #expect(removed == nil)
            ring.removeLast()
            #expect(observe(ring).contents == [])
        }

        @Test func isFirstInFirstOutAcrossTheWrap() {
            var ring = RingBuffer<Int>()
            for value in 0..<3 { ring.append(value) }
            #expect(observe(ring).capacity == 4)
            let first = ring.removeFirst()
            let second = ring.removeFirst()
            #expect(first == 0 && second == 1)
            // The next three wrap around the end of the four slots without growing.
            for value in 3..<6 { ring.append(value) }
            #expect(observe(ring) == Observed(contents: [2, 3, 4, 5], first: 2, last: 5, capacity: 4))
        }

        @Test func growsByDoublingAndKeepsTheOrderOfAWrappedRing() {
            var ring = RingBuffer<Int>()
            for value in 0..<4 { ring.append(value) }
            _ = ring.removeFirst()
            _ = ring.removeFirst()
            for value in 4..<7 { ring.append(value) }   // wraps, then grows
            #expect(observe(ring) == Observed(contents: [2, 3, 4, 5, 6], first: 2, last: 6, capacity: 8))
        }

        @Test func boundedAppendDropsTheOldest() {
            var ring = RingBuffer<Int>()
            for value in 0..<10 {
                ring.append(value, keepingAtMost: 3)
                #expect(observe(ring).contents == Array(Swift.max(0, value - 2)...value))
            }
            #expect(observe(ring).capacity == 4)
        }

        @Test func removeLastDropsTheNewest() {
            var ring = RingBuffer<Int>()
            for value in 0..<5 { ring.append(value) }
            ring.removeLast()
            #expect(observe(ring) == Observed(contents: [0, 1, 2, 3], first: 0, last: 3, capacity: 8))
        }

        @Test func removeFirstWhileStopsAtTheFirstElementThatStays() {
            var ring = RingBuffer<Int>()
            for value in [1, 2, 7, 3, 9] { ring.append(value) }
            ring.removeFirst(while: { $0 < 5 })
            #expect(observe(ring).contents == [7, 3, 9])
        }

        @Test func removeAllKeepsOrFreesTheStorage() {
            var ring = RingBuffer<Int>()
            for value in 0..<5 { ring.append(value) }
            ring.removeAll(keepingCapacity: true)
            #expect(observe(ring) == Observed(contents: [], first: nil, last: nil, capacity: 8))
            ring.append(9)
            #expect(observe(ring).contents == [9])
            ring.removeAll()
            #expect(observe(ring).capacity == 0)
            ring.append(1)
            #expect(observe(ring).contents == [1])
        }

        @Test func forEachVisitsOldestFirst() {
            var ring = RingBuffer<Int>()
            for value in 0..<6 { ring.append(value) }
            for _ in 0..<3 { _ = ring.removeFirst() }
            for value in 6..<9 { ring.append(value) }
            var visited: [Int] = []
            ring.forEach { visited.append($0) }
            #expect(visited == [3, 4, 5, 6, 7, 8])
        }

        @Test func releasesEveryElementExactlyOnce() {
            let before = Tracked.live
            do {
                var ring = RingBuffer<Tracked>()
                for value in 0..<20 { ring.append(Tracked(value)) }
                #expect(Tracked.live == before + 20)
                for _ in 0..<5 { _ = ring.removeFirst() }
                ring.removeLast()
                #expect(Tracked.live == before + 14)
                for value in 20..<25 { ring.append(Tracked(value), keepingAtMost: 16) }
                #expect(Tracked.live == before + 16)
                ring.append(Tracked(99))
                #expect(Tracked.live == before + 17)
                #expect(ring.elements().map(\.value) == Array(8..<19) + Array(20..<25) + [99])
                ring.removeAll(keepingCapacity: true)
                #expect(Tracked.live == before)
                for value in 0..<3 { ring.append(Tracked(value)) }
                #expect(Tracked.live == before + 3)
            }
            #expect(Tracked.live == before)
        }

        @Test func matchesAnArrayUnderRandomOperations() {
            var generator = SplitMix(seed: 0x5EED)
            var ring = RingBuffer<Int>()
            var model: [Int] = []
            for step in 0..<20_000 {
                switch generator.next() % 7 {
                case 0, 1, 2:
                    ring.append(step)
                    model.append(step)
                case 3:
                    let removed = ring.removeFirst()
                    #expect(removed == (model.isEmpty ? nil : model.removeFirst()))
                case 4:
                    ring.removeLast()
                    if !model.isEmpty { model.removeLast() }
                case 5:
                    let limit = Int(generator.next() % 8) + 1
                    ring.append(step, keepingAtMost: limit)
                    if model.count >= limit { model.removeFirst(model.count - limit + 1) }
                    model.append(step)
                default:
                    let (first, last) = (ring.first, ring.last)
                    #expect(first == model.first && last == model.last)
                }
                let count = ring.count
                #expect(count == model.count)
            }
            #expect(observe(ring).contents == model)
        }
    }
}
