import Foundation
import Testing
import Rill
import RillTest

/// A scheduler that only tells the time: the test sets it (seconds since the
/// reference date) from any thread. `onRead`, if set, runs on every read, in the
/// reader's thread, as a user's scheduler might run code in `now`.
final class ManualClock: SchedulerType, @unchecked Sendable {
    // Sendable: `seconds` and `onRead` are only touched under `lock`.
    private let lock = NSLock()
    private var seconds: TimeInterval = 0
    private var onRead: (@Sendable () -> Void)?

    var time: TimeInterval {
        get {
            lock.lock()
            defer { lock.unlock() }
            return seconds
        }
        set {
            lock.lock()
            seconds = newValue
            lock.unlock()
        }
    }

    func whenRead(_ action: @escaping @Sendable () -> Void) {
        lock.lock()
        onRead = action
        lock.unlock()
    }

    var now: Date {
        lock.lock()
        let (seconds, onRead) = (self.seconds, self.onRead)
        lock.unlock()
        onRead?()
        return Date(timeIntervalSinceReferenceDate: seconds)
    }

    func schedule<StateType>(_ state: StateType, action: @escaping (StateType) -> any Disposable) -> any Disposable {
        preconditionFailure("ManualClock only tells the time")
    }

    func scheduleRelative<StateType>(
        _ state: StateType, dueTime: RxTimeInterval, action: @escaping (StateType) -> any Disposable
    ) -> any Disposable {
        preconditionFailure("ManualClock only tells the time")
    }
}

extension AllTests {
    /// `ReplaySubject.create(bufferSize:window:scheduler:)`.
    @Suite struct ReplaySubjectWindowTests {
        @Test func aNewSubscriberGetsOnlyTheElementsYoungerThanTheWindowThenLiveOnes() {
            let scheduler = TestScheduler(initialClock: 0)
            let subject = ReplaySubject<String>.create(bufferSize: 10, window: .seconds(10), scheduler: scheduler)
            subject.onNext("a")
            scheduler.advanceTo(4)
            subject.onNext("b")
            scheduler.advanceTo(9)
            subject.onNext("c")
            #expect(record(subject) == ["a", "b", "c"])
            scheduler.advanceTo(13)
            var seen: [String] = []
            let subscription = subject.subscribe(onNext: { seen.append($0) })
            scheduler.advanceTo(30)
            subject.onNext("d")    // live: delivered whatever the window
            #expect(seen == ["b", "c", "d"])
            #expect(record(subject) == ["d"])
            subscription.dispose()
        }

        @Test func anElementExactlyAsOldAsTheWindowIsNoLongerReplayed() {
            let scheduler = TestScheduler(initialClock: 100)
            let subject = ReplaySubject<Int>.create(bufferSize: 5, window: .seconds(10), scheduler: scheduler)
            subject.onNext(1)
            scheduler.advanceTo(109)
            #expect(record(subject) == ["1"])
            scheduler.advanceTo(110)
            #expect(record(subject) == [])
        }

        @Test func theBufferSizeStillLimitsTheReplay() {
            let scheduler = TestScheduler(initialClock: 0)
            let subject = ReplaySubject<Int>.create(bufferSize: 2, window: .seconds(60), scheduler: scheduler)
            for value in 1...5 { subject.onNext(value) }
            #expect(record(subject) == ["4", "5"])
        }

        @Test func anUnlimitedBufferSizeLetsOnlyTheWindowLimitTheReplay() {
            let scheduler = TestScheduler(initialClock: 0)
            let subject = ReplaySubject<Int>.create(bufferSize: .max, window: .seconds(100), scheduler: scheduler)
            for value in 0..<300 {
                scheduler.advanceTo(TestTime(value))
                subject.onNext(value)
            }
            #expect(record(subject) == (200..<300).map(String.init))
        }

        /// A subject of `Tracked` values with a 10-second window, holding one
        /// element received at 0.
        static func trackingSubject() -> (TestScheduler, ReplaySubject<Tracked>, DeinitCounter) {
            let scheduler = TestScheduler(initialClock: 0)
            let subject = ReplaySubject<Tracked>.create(bufferSize: 5, window: .seconds(10), scheduler: scheduler)
            let deinits = DeinitCounter()
            subject.onNext(Tracked(deinits))
            return (scheduler, subject, deinits)
        }

        @Test func appendingReleasesTheElementsThatLeftTheWindow() {
            let (scheduler, subject, deinits) = Self.trackingSubject()
            scheduler.advanceTo(20)
            #expect(deinits.value == 0)         // time alone drops nothing
            subject.onNext(Tracked(deinits))
            #expect(deinits.value == 1)
            subject.dispose()
            #expect(deinits.value == 2)
        }

        @Test func subscribingReleasesTheElementsThatLeftTheWindow() {
            let (scheduler, subject, deinits) = Self.trackingSubject()
            scheduler.advanceTo(5)
            subject.onNext(Tracked(deinits))
            scheduler.advanceTo(12)
            var replayed = 0
            subject.subscribe(onNext: { _ in replayed += 1 }).dispose()
            #expect(replayed == 1)
            #expect(deinits.value == 1)
            subject.dispose()
            #expect(deinits.value == 2)
        }

        @Test func aSubscriberAfterCompletionGetsTheElementsStillInsideTheWindowThenCompletion() {
            let scheduler = TestScheduler(initialClock: 0)
            let subject = ReplaySubject<Int>.create(bufferSize: 5, window: .seconds(10), scheduler: scheduler)
            subject.onNext(1)
            scheduler.advanceTo(5)
            subject.onNext(2)
            subject.onCompleted()
            subject.onNext(3)
            #expect(record(subject) == ["1", "2", "|"])
            scheduler.advanceTo(12)
            #expect(record(subject) == ["2", "|"])
            scheduler.advanceTo(15)
            #expect(record(subject) == ["|"])
        }

        @Test func aSubscriberAfterAnErrorGetsTheElementsStillInsideTheWindowThenTheError() {
            let scheduler = TestScheduler(initialClock: 0)
            let subject = ReplaySubject<Int>.create(bufferSize: 5, window: .seconds(10), scheduler: scheduler)
            subject.onNext(1)
            scheduler.advanceTo(6)
            subject.onNext(2)
            subject.onError(DemoError.boom)
            scheduler.advanceTo(11)
            #expect(record(subject) == ["2", "x(boom)"])
        }

        @Test func aWindowOfZeroOrLessReplaysNothingButTheEnd() {
            for window in [RxTimeInterval.seconds(0), .milliseconds(-1)] {
                let scheduler = TestScheduler(initialClock: 0)
                let subject = ReplaySubject<Int>.create(bufferSize: 5, window: window, scheduler: scheduler)
                var live: [Int] = []
                let subscription = subject.subscribe(onNext: { live.append($0) })
                subject.onNext(1)
                #expect(record(subject) == [])
                subject.onCompleted()
                #expect(record(subject) == ["|"])
                #expect(live == [1])
                subscription.dispose()
            }
        }

        @Test func anEndlessWindowReplaysByCountAlone() {
            let scheduler = TestScheduler(initialClock: 0)
            let subject = ReplaySubject<Int>.create(bufferSize: 2, window: .never, scheduler: scheduler)
            subject.onNext(1)
            subject.onNext(2)
            subject.onNext(3)
            scheduler.advanceTo(1_000_000)
            #expect(record(subject) == ["2", "3"])
        }

        @Test func disposeDropsTheBufferAndFailsLaterSubscribers() {
            let scheduler = TestScheduler(initialClock: 0)
            let subject = ReplaySubject<Int>.create(bufferSize: 3, window: .seconds(5), scheduler: scheduler)
            subject.onNext(1)
            subject.dispose()
            #expect(record(subject) == ["x(Object `Rill.ReplaySubject<Swift.Int>` was already disposed.)"])
        }

        /// A clock whose `now` takes the subject's lock (through `hasObservers`)
        /// deadlocks if the subject reads it while holding that lock.
        @Test func theClockIsReadOutsideTheSubjectsLock() {
            let clock = ManualClock()
            let subject = ReplaySubject<Int>.create(bufferSize: 3, window: .seconds(10), scheduler: clock)
            clock.whenRead { _ = subject.hasObservers }
            let replayed = SharedLog<Int>()
            let finished = runOnThreads(1, seconds: 20) { _ in
                subject.onNext(1)
                clock.time = 5
                subject.onNext(2)
                subject.subscribe(onNext: { replayed.append($0) }).dispose()
            }
            #expect(finished, "deadlock: the clock was read under the subject's lock")
            #expect(replayed.values == [1, 2])
            clock.whenRead {}
        }
    }
}
