import Testing
@testable import Rill

extension AllTests {
    @Suite struct LockedTests {
        /// Counts its deinit in a shared counter, to see a value released exactly once.
        final class Tracked {
            let deinits: Counter
            init(_ deinits: Counter) { self.deinits = deinits }
            deinit { deinits.value += 1 }
        }

        final class Counter {
            var value = 0
        }

        @Test func releasesItsStateExactlyOnce() {
            let deinits = Counter()
            do {
                let locked = Locked([Tracked(deinits), Tracked(deinits)])
                locked.withLock { $0.append(Tracked(deinits)) }
                #expect(locked.withLock { $0.count } == 3)
            }
            #expect(deinits.value == 3)
        }
    }
}
