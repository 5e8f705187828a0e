import Testing
import Rill

extension AllTests {
    @Suite struct SmokeTests {
        @Test func rangeMapFilter() {
            #expect(record(Observable.range(start: 0, count: 6).map { $0 + 1 }.filter { $0 % 2 == 0 }) == ["2", "4", "6", "|"])
        }

        @Test func resourcesCountLiveObservablesInDebugBuilds() {
            let before = Resources.total
            let observable = Observable.just(1)
            #expect(Resources.total > before)
            _ = observable
        }
    }
}
