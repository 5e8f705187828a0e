import Foundation
import Testing
import Rill
import RillBlocking
import RillTest

extension AllTests {
    /// `ClockScheduler`: Rx time operators driven by a Swift `Clock`.
    @Suite struct ClockSchedulerTests {
        @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
        @Test func intervalDelayAndTimeoutRunOnTheSystemClocks() throws {
            let continuous = ClockScheduler(clock: ContinuousClock())
            let ticks = try Observable<Int>.interval(.milliseconds(2), scheduler: continuous)
                .take(3)
                .toBlocking(timeout: 10)
                .toArray()
            #expect(ticks == [0, 1, 2])

            let suspending = ClockScheduler(clock: SuspendingClock())
            let delayed = try Observable.of(1, 2).delay(.milliseconds(2), scheduler: suspending).toBlocking(timeout: 10).toArray()
            #expect(delayed == [1, 2])

            #expect(throws: RxError.self) {
                _ = try Observable<Int>.never().timeout(.milliseconds(2), scheduler: suspending).toBlocking(timeout: 10).first()
            }
        }

        @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
        @Test func debounceFollowsTheClockItIsGiven() async {
            let testScheduler = TestScheduler(initialClock: 0, resolution: 0.001)
            let scheduler = ClockScheduler(clock: testScheduler.virtualClock)
            let start = scheduler.now
            let queries = PublishSubject<String>()
            let received = LockedBox<[String]>([])
            let subscription = queries
                .debounce(.milliseconds(300), scheduler: scheduler)
                .subscribe(onNext: { query in received.mutate { $0.append(query) } })
            queries.onNext("r")
            queries.onNext("ri")
            queries.onNext("rill")
            #expect(received.value.isEmpty)
            await testScheduler.advance(by: .milliseconds(300))
            #expect(await eventually { received.value == ["rill"] })
            #expect(abs(scheduler.now.timeIntervalSince(start) - 0.3) < 0.000_001)   // Date keeps about 0.1 µs
            subscription.dispose()
        }

        @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
        @Test func aDisposedActionNeverRuns() async {
            let testScheduler = TestScheduler(initialClock: 0)
            let scheduler = ClockScheduler(clock: testScheduler.virtualClock)
            let ran = LockedBox<[String]>([])
            let cancelled = scheduler.scheduleRelative((), dueTime: .seconds(5)) { _ in
                ran.mutate { $0.append("cancelled") }
                return Disposables.create()
            }
            _ = scheduler.scheduleRelative((), dueTime: .seconds(6)) { _ in
                ran.mutate { $0.append("kept") }
                return Disposables.create()
            }
            cancelled.dispose()
            await testScheduler.advance(by: .seconds(10))
            #expect(await eventually { ran.value == ["kept"] })
        }

        @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
        @Test func periodicRunsAreDueWholePeriodsApartAndStopWhenDisposed() async {
            let testScheduler = TestScheduler(initialClock: 0)
            let scheduler = ClockScheduler(clock: testScheduler.virtualClock)
            let runs = LockedBox<[Int]>([])
            let periodic = scheduler.schedulePeriodic(0, startAfter: .seconds(1), period: .seconds(1)) { count in
                runs.mutate { $0.append(count) }
                return count + 1
            }
            await testScheduler.advance(to: 3)
            #expect(await eventually { runs.value == [0, 1, 2] })
            periodic.dispose()
            await testScheduler.advance(to: 10)
            // A one-off action after the disposal, to give a stray run its chance.
            let sentinel = LockedBox(false)
            _ = scheduler.schedule(()) { _ in
                sentinel.mutate { $0 = true }
                return Disposables.create()
            }
            #expect(await eventually { sentinel.value })
            #expect(runs.value == [0, 1, 2])
        }
    }
}
