import Foundation
import Testing
import Rill
import RillTest

extension AllTests {
    @Suite struct TestSchedulerTests {
        @Test func workAtTheSameTimeRunsInSchedulingOrder() {
            let scheduler = TestScheduler(initialClock: 0)
            let log = RunLog<String>()
            scheduler.scheduleAt(300) { log.append("first@\(scheduler.clock)") }
            scheduler.scheduleAt(200) { log.append("earlier@\(scheduler.clock)") }
            scheduler.scheduleAt(300) { log.append("second@\(scheduler.clock)") }
            scheduler.scheduleAt(300) { log.append("third@\(scheduler.clock)") }
            scheduler.start()
            #expect(log.entries == ["earlier@200", "first@300", "second@300", "third@300"])
        }

        @Test func startCreatesAt100SubscribesAt200AndDisposesAt1000() {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = scheduler.createHotObservable([.next(150, 1), .next(210, 2), .next(1_100, 3)])
            var createdAt: TestTime?
            let observer = scheduler.start { () -> Observable<Int> in
                createdAt = scheduler.clock
                return xs.map { $0 * 10 }
            }
            #expect(createdAt == 100)
            #expect(observer.events == [.next(210, 20)])
            #expect(xs.subscriptions == [Subscription(200, 1_000)])
            #expect(TestScheduler.Defaults.created == 100)
            #expect(TestScheduler.Defaults.subscribed == 200)
            #expect(TestScheduler.Defaults.disposed == 1_000)
        }

        @Test func startUsesTheGivenCreatedSubscribedAndDisposedTimes() {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = scheduler.createHotObservable([.next(90, 1), .next(160, 2), .next(390, 3), .next(410, 4)])
            var createdAt: TestTime?
            let observer = scheduler.start(created: 50, subscribed: 150, disposed: 400) { () -> Observable<Int> in
                createdAt = scheduler.clock
                return xs.filter { $0 > 0 }
            }
            #expect(createdAt == 50)
            #expect(observer.events == [.next(160, 2), .next(390, 3)])
            #expect(xs.subscriptions == [Subscription(150, 400)])
        }

        @Test func startWithOnlyADisposalTimeUsesTheDefaultCreationAndSubscription() {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = scheduler.createHotObservable([.next(210, 1), .next(310, 2)])
            let observer = scheduler.start(disposed: 300) { xs }
            #expect(observer.events == [.next(210, 1)])
            #expect(xs.subscriptions == [Subscription(200, 300)])
        }

        @Test func startRecordsSynchronousSourcesAtTheSubscriptionTime() {
            let scheduler = TestScheduler(initialClock: 0)
            let observer = scheduler.start { Observable.of(1, 2, 3).map { $0 + 1 } }
            #expect(observer.events == [.next(200, 2), .next(200, 3), .next(200, 4), .completed(200)])
            let single = TestScheduler(initialClock: 0).start { Observable.just("a") }
            #expect(single.events == [.next(200, "a"), .completed(200)])
        }

        @Test func startWithTimesOutOfOrderStopsTheProcess() async {
            await #expect(processExitsWith: .failure) {
                let scheduler = TestScheduler(initialClock: 0)
                _ = scheduler.start(created: 300, subscribed: 200, disposed: 1_000) { Observable.just(1) }
            }
        }

        @Test func immediateWorkRunsOneTickLaterWhenSimulatingProcessingDelay() {
            let scheduler = TestScheduler(initialClock: 0)
            let log = RunLog<TestTime>()
            scheduler.scheduleAt(100) {
                scheduler.logClock(into: log)
                scheduler.logClock(after: .seconds(5), into: log)
            }
            scheduler.start()
            #expect(log.entries == [101, 105])
        }

        @Test func immediateWorkRunsAtTheSameTickWithoutProcessingDelay() {
            let scheduler = TestScheduler(initialClock: 0, simulateProcessingDelay: false)
            let log = RunLog<TestTime>()
            scheduler.scheduleAt(100) { scheduler.logClock(into: log) }
            scheduler.start()
            #expect(log.entries == [100])
        }

        @Test func resolutionSetsHowManyTicksASecondIs() {
            let scheduler = TestScheduler(initialClock: 0, resolution: 0.1)
            let log = RunLog<TestTime>()
            scheduler.logClock(after: .seconds(2), into: log)
            scheduler.logClock(after: .milliseconds(500), into: log)
            scheduler.start()
            #expect(log.entries == [5, 20])
            #expect(scheduler.now == Date(timeIntervalSince1970: 2))
        }

        @Test func theConverterCountsTicksOfTheResolution() {
            let converter = TestSchedulerVirtualTimeConverter(resolution: 0.5)
            #expect(converter.convertFromVirtualTime(10) == Date(timeIntervalSince1970: 5))
            #expect(converter.convertToVirtualTime(Date(timeIntervalSince1970: 5.2)) == 10)
            #expect(converter.convertFromVirtualTimeInterval(3) == 1.5)
            #expect(converter.convertToVirtualTimeInterval(1.6) == 3)
            #expect(converter.offsetVirtualTime(10, offset: 5) == 15)
            #expect(converter.compareVirtualTime(1, 2) == .lessThan)
            #expect(converter.compareVirtualTime(2, 2) == .equal)
            #expect(converter.compareVirtualTime(3, 2) == .greaterThan)
        }

        @Test func createObserverRecordsEventsAtTheClock() {
            let scheduler = TestScheduler(initialClock: 0)
            let observer = scheduler.createObserver(Int.self)
            scheduler.scheduleAt(10) { observer.onNext(1) }
            scheduler.scheduleAt(20) { observer.onError(DemoError.boom) }
            scheduler.scheduleAt(30) { observer.onNext(2) }
            scheduler.start()
            // The observer records what it is sent, grammar or not.
            #expect(observer.events == [.next(10, 1), .error(20, DemoError.boom), .next(30, 2)])
        }

        @Test func aCreatedSourceSchedulingOnTheTestSchedulerEmitsInVirtualTime() {
            let scheduler = TestScheduler(initialClock: 0)
            let observer = scheduler.start { () -> Observable<String> in
                Observable.create { observer in
                    let first = scheduler.scheduleRelative("tick", dueTime: .seconds(30)) { value in
                        observer.onNext(value)
                        return Disposables.create()
                    }
                    let second = scheduler.scheduleRelative((), dueTime: .seconds(50)) { _ in
                        observer.onCompleted()
                        return Disposables.create()
                    }
                    return Disposables.create(first, second)
                }
            }
            #expect(observer.events == [.next(230, "tick"), .completed(250)])
        }

        @Test func disposalAtTheDisposeTimeCancelsPendingWorkOfTheSource() {
            let scheduler = TestScheduler(initialClock: 0)
            let observer = scheduler.start(disposed: 240) { () -> Observable<Int> in
                Observable.create { observer in
                    scheduler.schedulePeriodic(0, startAfter: .seconds(10), period: .seconds(10)) { count in
                        observer.onNext(count)
                        return count + 1
                    }
                }
            }
            #expect(observer.events == [.next(210, 0), .next(220, 1), .next(230, 2)])
            #expect(scheduler.clock == 240)
        }
    }
}
