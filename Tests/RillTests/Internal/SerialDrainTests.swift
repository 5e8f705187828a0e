import Foundation
import Testing
@testable import Rill

extension AllTests {
    @Suite struct SerialDrainTests {
        @Test func theFirstClaimantDrainsAndLaterItemsQueue() {
            let drain = SerialDrain<Int>()
            #expect(!drain.isBusy)
            #expect(drain.claimOrQueue(1))       // the caller delivers 1
            #expect(drain.isBusy)
            #expect(!drain.claimOrQueue(2))      // queued for the claimant
            #expect(!drain.claimOrQueue(3))
            var drained: [Int] = []
            drain.drain { drained.append($0) }
            #expect(drained == [2, 3])
            #expect(!drain.isBusy)
            #expect(drain.claimOrQueue(4))       // a new drain starts
            drain.drain { _ in Issue.record("nothing was queued") }
        }

        @Test func aLongDrainKeepsTheOrderOfEveryQueuedItem() {
            let drain = SerialDrain<Int>()
            var drained: [Int] = []
            func deliver(_ item: Int) {
                drained.append(item)
                if item < 300 { _ = drain.claimOrQueue(item + 1) }   // re-entrant: queued, not nested
            }
            #expect(drain.claimOrQueue(0))
            deliver(0)
            drain.drain(deliver)
            #expect(drained == Array(0...300))
        }

        @Test func closeDropsWhatIsQueuedAndLaterItems() {
            let drain = SerialDrain<Int>()
            #expect(drain.claimOrQueue(1))
            #expect(!drain.claimOrQueue(2))
            drain.close()
            #expect(drain.isClosed)
            #expect(!drain.claimOrQueue(3))
            drain.drain { _ in Issue.record("a closed drain delivered") }
            #expect(!drain.claimOrQueue(4))
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

    @Suite struct SerialDelivererTests {
        @Test func eventsDecidedUnderALockAreDeliveredInTheOrderDecided() {
            let downstream = RecordingSink<Int>()
            let deliverer = SerialDeliverer(downstream: downstream)
            let decisions = Locked(0)
            // The first decision claims; two more are decided (and queued) before
            // the claimant delivers, as another thread would while it is busy.
            let (claimed, _) = deliverer.claim(under: decisions) { count, emit in
                count += 1
                emit(.next(1))
            }
            let (second, _) = deliverer.claim(under: decisions) { count, emit in
                count += 1
                emit(.next(2))
                emit(.completed)
            }
            #expect(second == nil)
            #expect(downstream.events == [])
            let ended = deliverer.deliverClaimed(try! #require(claimed))
            #expect(ended, "the claimant delivered the queued completion")
            #expect(downstream.events == [.next(1), .next(2), .completed])
        }

        @Test func onlyTheFirstTerminalEventGoesOut() {
            let downstream = RecordingSink<Int>()
            let deliverer = SerialDeliverer(downstream: downstream)
            deliverer.deliver(1)
            #expect(deliverer.end(.error(DemoError.boom)))
            #expect(!deliverer.end(.completed))
            deliverer.deliver(2)
            #expect(downstream.events == [.next(1), .error(DemoError.boom)])
        }

        @Test func disposalDropsQueuedEvents() {
            let downstream = RecordingSink<Int>()
            let deliverer = SerialDeliverer(downstream: downstream)
            #expect(deliverer.offer(.next(1)))
            #expect(!deliverer.offer(.next(2)))
            deliverer.dispose()
            #expect(!deliverer.deliverClaimed(.next(1)))
            #expect(downstream.events == [.next(1)])
        }
    }
}
