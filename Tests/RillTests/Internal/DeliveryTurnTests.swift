import Foundation
import Testing
@testable import Rill

extension AllTests {
    @Suite struct DeliveryTurnTests {
        @Test func theFirstClaimWinsAndLaterOffersQueueUntilTheHolderFinishes() {
            let turn = DeliveryTurn()
            #expect(turn.tryClaim())
            #expect(!turn.tryClaim())            // held
            #expect(turn.offer() == .queue)
            #expect(turn.offer() == .queue)
            #expect(!turn.finish())              // two queued: the holder takes one
            #expect(!turn.finish())              // and the other
            #expect(turn.finish())               // nothing left: released
            #expect(turn.tryClaim())             // a new holder
            #expect(turn.finish())
        }

        @Test func anOfferClaimsTheTurnWhenNobodyHoldsIt() {
            let turn = DeliveryTurn()
            #expect(turn.offer() == .deliver)
            #expect(turn.offer() == .queue)
            #expect(!turn.finish())
            #expect(turn.finish())
        }

        @Test func closingDropsLaterOffersAndReleasesAtTheNextFinish() {
            let turn = DeliveryTurn()
            #expect(turn.tryClaim())
            #expect(turn.offer() == .queue)
            #expect(turn.close())
            #expect(!turn.close())               // only the first close counts
            #expect(turn.isClosed)
            #expect(turn.offer() == .drop)
            #expect(turn.finish())               // the queued item is abandoned
            #expect(!turn.tryClaim())
            #expect(turn.offer() == .drop)
        }

        @Test func serialDrainDeliversNothingAfterClose() {
            let drain = SerialDrain<Int>()
            var delivered: [Int] = []
            drain.send(1) { value in
                delivered.append(value)
                if value == 1 {
                    drain.send(2) { delivered.append($0) }   // queued behind 1
                    drain.close()                             // drops 2
                }
            }
            drain.send(3) { delivered.append($0) }
            #expect(delivered == [1])
        }

        @Test func aDrainLetsGoEvenWhenTheQueueWasEmptiedUnderIt() {
            // The holder learns an item is queued, then a close empties the queue
            // before the holder takes it: the holder finds nothing and lets go.
            let drain = SerialDrain<Int>()
            #expect(drain.tryClaim())
            #expect(!drain.offer(7))
            #expect(!drain.release())            // 7 is waiting: still the holder
            drain.close()
            var delivered: [Int] = []
            drain.continueDraining { delivered.append($0) }
            #expect(delivered.isEmpty)
            #expect(!drain.tryClaim())
        }

        @Test func theTurnPassesBetweenThreadsWithoutOverlapOrLoss() {
            let drain = SerialDrain<Int>()
            let detector = OverlapDetector()
            // Written only by the holder of the turn: ThreadSanitizer checks that
            // the turn orders these writes.
            nonisolated(unsafe) var total = 0
            let finished = runOnThreads(4) { thread in
                for value in 1...2_000 {
                    drain.send(value) { item in
                        detector.deliver()
                        total += item
                    }
                }
            }
            #expect(finished, "deadlock")
            #expect(detector.deliveries == 8_000)
            #expect(detector.overlaps == 0)
            #expect(total == 4 * 2_000 * 2_001 / 2)
        }
    }
}
