import Testing
@testable import Rill

extension AllTests {
    @Suite struct LockedTests {
        final class Tracked {
            let onDeinit: () -> Void
            init(onDeinit: @escaping () -> Void) { self.onDeinit = onDeinit }
            deinit { onDeinit() }
        }

        @Test func releasesItsStateExactlyOnce() {
            var deinits = 0
            do {
                let locked = Locked([Tracked { deinits += 1 }, Tracked { deinits += 1 }])
                locked.withLock { state in state.append(Tracked { deinits += 1 }) }
            }
            #expect(deinits == 3)
        }
    }
}
