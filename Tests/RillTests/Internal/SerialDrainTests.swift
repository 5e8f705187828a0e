import Foundation
import Testing
@testable import Rill

extension AllTests {
    @Suite struct SerialDrainTests {
        @Test func theFirstSenderDrainsAndLaterSendersQueue() {
            var state = SerialDrainState<Int>()
            #expect(state.send(1) == 1)          // caller becomes the drainer
            #expect(state.isDraining)
            #expect(state.send(2) == nil)        // queued for the drainer
            #expect(state.send(3) == nil)
            #expect(state.next() == 2)
            #expect(state.send(4) == nil)
            #expect(state.next() == 3)
            #expect(state.next() == 4)
            #expect(state.next() == nil)         // drain over
            #expect(!state.isDraining)
            #expect(state.send(5) == 5)          // a new drain starts
            #expect(state.next() == nil)
            #expect(!state.hasQueued)
        }

        @Test func aLongDrainReusesItsQueue() {
            var state = SerialDrainState<Int>()
            #expect(state.send(0) == 0)
            for round in 0..<3 {
                for value in 1...100 { #expect(state.send(round * 1_000 + value) == nil) }
                for value in 1...100 { #expect(state.next() == round * 1_000 + value) }
            }
            #expect(state.next() == nil)
        }

        @Test func sendDeliversAtOnceWhenIdle() {
            let drain = SerialDrain<Int>()
            var delivered: [Int] = []
            drain.send(1) { delivered.append($0) }
            #expect(delivered == [1])
        }

        @Test func aReentrantSendIsDeliveredAfterTheCurrentItemNotNested() {
            let drain = SerialDrain<Int>()
            var log: [String] = []
            func deliver(_ value: Int) {
                log.append("start \(value)")
                if value < 3 { drain.send(value + 1, deliver: deliver) }
                log.append("end \(value)")
            }
            drain.send(1, deliver: deliver)
            #expect(log == ["start 1", "end 1", "start 2", "end 2", "start 3", "end 3"])
        }

        @Test func itemsFromManyThreadsAreDeliveredOneAtATimeEachThreadInOrder() {
            let drain = SerialDrain<Int>()
            let detector = OverlapDetector()
            let log = SharedLog<Int>()
            let finished = runOnThreads(8) { thread in
                for value in 0..<1_000 {
                    drain.send(thread * 10_000 + value) { item in
                        detector.deliver()
                        log.append(item)
                    }
                }
            }
            #expect(finished, "deadlock")
            #expect(detector.deliveries == 8_000)
            #expect(detector.overlaps == 0)
            let values = log.values
            for thread in 0..<8 {
                #expect(values.filter { $0 / 10_000 == thread } == (0..<1_000).map { thread * 10_000 + $0 })
            }
        }
    }
}
