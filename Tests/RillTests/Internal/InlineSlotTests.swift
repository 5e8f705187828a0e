import Testing
@testable import Rill

extension AllTests {
    /// `ObserverList` and `KeyedSlots` keep RxSwift's `Bag` order: slot 0 is the
    /// inline slot, which the next new entry takes once it is free; the rest follow
    /// in insertion order. Checked against a model of that rule through long random
    /// runs of insertions and removals (which compact the slots many times).
    @Suite struct InlineSlotTests {
        /// RxSwift's `Bag` order with its dictionary tier made deterministic.
        private struct BagModel {
            private var inline: Int?
            private var rest: [Int] = []

            mutating func insert(_ value: Int) {
                if inline == nil { inline = value } else { rest.append(value) }
            }

            mutating func remove(_ value: Int) {
                if inline == value { inline = nil } else { rest.removeAll { $0 == value } }
            }

            var order: [Int] { (inline.map { [$0] } ?? []) + rest }
        }

        /// A fixed pseudo-random sequence, so a failure repeats.
        private struct Steps {
            private var state: UInt64 = 0x2545_F491_4F6C_DD1D
            mutating func next(_ bound: Int) -> Int {
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                return Int((state >> 33) % UInt64(bound))
            }
        }

        /// Runs `steps` random insertions and removals, growing to a few hundred
        /// entries and shrinking again, through `insert` and `remove`, and checks
        /// `order()` against the model after each one.
        private func checkAgainstTheModel(
            steps: Int, insert: (Int) -> Void, remove: (Int) -> Void, order: () -> [Int]
        ) {
            var model = BagModel()
            var present: [Int] = []
            var random = Steps()
            var mismatches = 0
            for step in 0..<steps {
                let growing = (step / 1_000) % 2 == 0
                if present.isEmpty || random.next(100) < (growing ? 65 : 35) {
                    insert(step)
                    model.insert(step)
                    present.append(step)
                } else {
                    let value = present.remove(at: random.next(present.count))
                    remove(value)
                    model.remove(value)
                }
                if order() != model.order { mismatches += 1 }
            }
            #expect(mismatches == 0)
        }

        private final class NumberedSink: Sink<Int> {
            let number: Int
            init(_ number: Int) { self.number = number }
        }

        /// A new sink numbered `number`, claimed as its own key, as a subject
        /// registers it: a list's slot keeps its sink through the key.
        private func claimed(_ number: Int) -> ObserverKey {
            NumberedSink(number).adoptAsKey()
        }

        @Test func observerListFollowsTheBagModel() {
            var list = ObserverList()
            var keys: [Int: ObserverKey] = [:]
            checkAgainstTheModel(
                steps: 6_000,
                insert: { number in
                    let sink = NumberedSink(number)
                    let key = sink.adoptAsKey()
                    list.insert(sink, key: key)
                    keys[number] = key
                },
                remove: { number in #expect(list.remove(keys.removeValue(forKey: number)!) != nil) },
                order: { list.live.compactMap { ($0.sink as? NumberedSink)?.number } }
            )
        }

        @Test func keyedSlotsFollowTheBagModel() {
            var slots = KeyedSlots<Int>()
            var keys: [Int: UInt64] = [:]
            checkAgainstTheModel(
                steps: 6_000,
                insert: { number in keys[number] = slots.append(number) },
                remove: { number in #expect(slots.remove(keys.removeValue(forKey: number)!) == number) },
                order: { slots.slots.compactMap(\.value) }
            )
        }

        @Test func aCatchingUpSubscriberTakesTheFreeInlineSlot() {
            var list = ObserverList()
            let first = claimed(1), second = claimed(2), third = claimed(3)
            list.insert(first, key: first)
            list.insert(second, key: second)
            #expect(list.remove(first) != nil)
            list.insertCatchingUp(third, key: third)
            // Its place is kept: the inline slot holds it, but deliveries skip it.
            #expect(list.live.map { ($0.sink as? NumberedSink)?.number } == [3, 2])
            #expect(list.live.map { $0.unretainedSink != nil } == [false, true])
            _ = list.nextCatchUpStep(for: third)
            #expect(list.live.map { ($0.sink as? NumberedSink)?.number } == [3, 2])
            #expect(list.live.map { $0.unretainedSink != nil } == [true, true])
        }

        @Test func aSubscriberPlacedWhenCaughtUpTakesItsPlaceThen() {
            var list = ObserverList()
            let first = claimed(1), second = claimed(2), late = claimed(3), during = claimed(4)
            list.insert(first, key: first)
            list.insert(second, key: second)
            #expect(list.remove(first) != nil)
            list.insertCatchingUpPlacedWhenCaughtUp(late, key: late)
            #expect(list.live.map { ($0.sink as? NumberedSink)?.number } == [nil, 2])     // no slot yet
            list.insert(during, key: during)                                     // takes the free inline slot
            #expect(list.nextCatchUpStep(for: late).isCaughtUp)
            #expect(list.live.map { ($0.sink as? NumberedSink)?.number } == [4, 2, 3])
            // Removable after it caught up, and before.
            #expect(list.remove(late) != nil)
            let removedEarly = claimed(5)
            list.insertCatchingUpPlacedWhenCaughtUp(removedEarly, key: removedEarly)
            #expect(list.remove(removedEarly) != nil)
            #expect(list.nextCatchUpStep(for: removedEarly).isRemoved)
            #expect(list.live.compactMap { ($0.sink as? NumberedSink)?.number } == [4, 2])
        }

        @Test func compactionKeepsAVacantInlineSlotForTheNextSubscriber() {
            var list = ObserverList()
            let keys = (0..<100).map { number in
                let key = claimed(number)
                list.insert(key, key: key)
                return key
            }
            for key in keys.prefix(80) { #expect(list.remove(key) != nil) }
            // Compacted on the way (vacancies outnumbered subscribers), keeping the
            // vacant inline slot in front of the twenty left.
            #expect(list.live.count <= 2 * 20 + 16)
            let latest = claimed(100)
            list.insert(latest, key: latest)
            #expect(list.live.compactMap { ($0.sink as? NumberedSink)?.number } == [100] + Array(80..<100))
            for key in keys.dropFirst(80) { #expect(list.remove(key) != nil) }
        }
    }
}

extension CatchUpStep {
    fileprivate var isCaughtUp: Bool {
        if case .caughtUp = self { return true }
        return false
    }

    fileprivate var isRemoved: Bool {
        if case .removed = self { return true }
        return false
    }
}
