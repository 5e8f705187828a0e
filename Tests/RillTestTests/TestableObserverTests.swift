import Testing
import Rill
import RillTest

extension AllTests {
    @Suite struct TestableObserverTests {
        @Test func recordingFromManyThreadsLosesNoEvent() async {
            let scheduler = TestScheduler(initialClock: 7)
            let observer = scheduler.createObserver(Int.self)
            let threads = 4
            let perThread = 500
            await withTaskGroup(of: Void.self) { group in
                for thread in 0..<threads {
                    group.addTask {
                        for index in 0..<perThread { observer.onNext(thread * perThread + index) }
                    }
                }
            }
            let events = observer.events
            #expect(events.count == threads * perThread)
            #expect(Set(events.compactMap(\.value.element)) == Set(0..<threads * perThread))
            #expect(events.allSatisfy { $0.time == 7 })
        }

        @Test func eventsAreRecordedInArrivalOrderWithTheirTimes() {
            let scheduler = TestScheduler(initialClock: 0)
            let observer = scheduler.createObserver(String.self)
            observer.onNext("now")
            scheduler.scheduleAt(50) { observer.onCompleted() }
            scheduler.start()
            #expect(observer.events == [.next(0, "now"), .completed(50)])
        }
    }
}
