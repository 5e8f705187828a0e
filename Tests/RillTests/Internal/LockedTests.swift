import Testing
@testable import Rill

extension AllTests {
    @Suite struct LockedTests {
        @Test func releasesItsStateExactlyOnce() {
            let deinits = DeinitCounter()
            do {
                let locked = Locked([Tracked(deinits), Tracked(deinits)])
                locked.withLock { $0.append(Tracked(deinits)) }
                #expect(locked.withLock { $0.count } == 3)
            }
            #expect(deinits.value == 3)
        }
    }
}
