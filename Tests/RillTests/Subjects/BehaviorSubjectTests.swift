import Testing
import Rill

extension AllTests {
    @Suite struct BehaviorSubjectTests {
        @Test func newSubscriberGetsTheLatestValueFirst() {
            let user = BehaviorSubject(value: "guest")
            #expect(record(user) == ["guest"])
            user.onNext("ada")
            var seen: [String] = []
            let subscription = user.subscribe(onNext: { seen.append($0) })
            user.onNext("grace")
            #expect(seen == ["ada", "grace"])
            subscription.dispose()
        }

        /// The replayed value is copied to the subscribing thread's stack: in a
        /// fixed four-word room when it fits, else in room sized at run time. Either
        /// way it arrives intact and is released once, when nothing holds it.
        @Test func replayedValuesOfEverySizeArriveIntactAndAreReleasedOnce() {
            final class Payload {}
            struct FourWords { var payload: Payload; var a, b, c: Int }
            struct FiveWords { var payload: Payload; var a, b, c, d: Int }
            weak var small: Payload?, large: Payload?
            do {
                let four = BehaviorSubject(value: FourWords(payload: Payload(), a: 1, b: 2, c: 3))
                let five = BehaviorSubject(value: FiveWords(payload: Payload(), a: 1, b: 2, c: 3, d: 4))
                small = try? four.value().payload
                large = try? five.value().payload
                var seen: [Int] = []
                for _ in 0..<3 {
                    four.subscribe(onNext: { seen.append($0.a + $0.b + $0.c); #expect($0.payload === small) }).dispose()
                    five.subscribe(onNext: { seen.append($0.a + $0.b + $0.c + $0.d); #expect($0.payload === large) }).dispose()
                }
                #expect(seen == [6, 10, 6, 10, 6, 10])
                #expect(small != nil && large != nil)
            }
            #expect(small == nil)
            #expect(large == nil)
        }

        @Test func valueReturnsTheLatestElement() throws {
            let subject = BehaviorSubject(value: 1)
            #expect(try subject.value() == 1)
            subject.onNext(2)
            #expect(try subject.value() == 2)
            subject.onCompleted()
            subject.onNext(3)
            #expect(try subject.value() == 2)
        }

        @Test func valueThrowsTheErrorTheSubjectEndedWith() {
            let subject = BehaviorSubject(value: 1)
            subject.onError(DemoError.boom)
            #expect(throws: DemoError.boom) { try subject.value() }
        }

        @Test func valueThrowsDisposedAfterDispose() {
            let subject = BehaviorSubject(value: 1)
            subject.dispose()
            #expect(subject.isDisposed)
            #expect(throws: RxError.self) { try subject.value() }
            #expect(record(subject) == ["x(Object `Rill.BehaviorSubject<Swift.Int>` was already disposed.)"])
        }

        @Test func lateSubscriberAfterTheEndGetsOnlyTheTerminalEvent() {
            let completed = BehaviorSubject(value: 1)
            completed.onCompleted()
            #expect(record(completed) == ["|"])
            let failed = BehaviorSubject(value: 1)
            failed.onError(DemoError.timeout)
            #expect(record(failed) == ["x(timeout)"])
        }

        @Test func currentSubscribersReceiveLiveElementsThenTheEnd() {
            let subject = BehaviorSubject(value: 0)
            var events: [String] = []
            let subscription = subject.subscribe { events.append($0.debugDescription) }
            subject.onNext(1)
            subject.onCompleted()
            #expect(events == ["next(0)", "next(1)", "completed"])
            subscription.dispose()
        }

        @Test func disposeRemovesSubscribersSilently() {
            let subject = BehaviorSubject(value: 0)
            var events: [String] = []
            let subscription = subject.subscribe(
                onNext: { events.append("\($0)") }, onCompleted: { events.append("|") }, onDisposed: { events.append("disposed") })
            #expect(subject.hasObservers)
            subject.dispose()
            subject.onNext(1)
            #expect(events == ["0"])
            #expect(!subject.hasObservers)
            withExtendedLifetime(subscription) {}
        }

        @Test func replayRunsOutsideTheLockSoASubscriberCanSendDuringIt() throws {
            let subject = BehaviorSubject(value: 1)
            var seen: [Int] = []
            let subscription = subject.subscribe(onNext: { value in
                seen.append(value)
                if value == 1 {
                    subject.onNext(2)             // would deadlock if the replay held the lock
                    seen.append(try! subject.value())
                }
            })
            // The element sent during the replay reaches this subscriber after it.
            #expect(seen == [1, 2, 2])
            #expect(try subject.value() == 2)
            subscription.dispose()
        }

        @Test func aSubscriberSubscribingAgainDuringItsReplayDoesNotDeadlock() {
            let subject = BehaviorSubject(value: "a")
            var seen: [String] = []
            var inner: (any Disposable)?
            let outer = subject.subscribe(onNext: { value in
                seen.append("outer \(value)")
                if inner == nil { inner = subject.subscribe(onNext: { seen.append("inner \($0)") }) }
            })
            subject.onNext("b")
            #expect(seen == ["outer a", "inner a", "outer b", "inner b"])
            outer.dispose()
            inner?.dispose()
        }

        @Test func everySubscriberSeesConsecutiveElementsWhileAnotherThreadEmits() {
            let subject = BehaviorSubject(value: -1)
            let logs = subscribeWhileEmitting(subject, subscribers: 200, count: 20_000) { subject.onNext($0) }
            for log in logs {
                #expect(!log.isEmpty)   // the latest value at least
                #expect(isConsecutive(log), "\(log.prefix(20))")
            }
        }
    }
}
