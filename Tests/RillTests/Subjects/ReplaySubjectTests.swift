import Testing
import Rill

extension AllTests {
    @Suite struct ReplaySubjectTests {
        @Test func newSubscriberGetsTheLastBufferSizeElementsInOrderThenLiveOnes() {
            let log = ReplaySubject<String>.create(bufferSize: 2)
            log.onNext("a")
            log.onNext("b")
            log.onNext("c")
            var seen: [String] = []
            let subscription = log.subscribe(onNext: { seen.append($0) })
            log.onNext("d")
            #expect(seen == ["b", "c", "d"])
            #expect(record(log) == ["c", "d"])
            subscription.dispose()
        }

        @Test func bufferWrapsAroundManyTimesAndKeepsOrder() {
            let subject = ReplaySubject<Int>.create(bufferSize: 3)
            for value in 0..<10 {
                subject.onNext(value)
                #expect(record(subject) == (Swift.max(0, value - 2)...value).map(String.init))
            }
        }

        @Test func unboundReplaysEverything() {
            let subject = ReplaySubject<Int>.createUnbound()
            for value in 0..<100 { subject.onNext(value) }
            #expect(record(subject) == (0..<100).map(String.init))
        }

        @Test func bufferSizeZeroReplaysNothingButTheEnd() {
            let subject = ReplaySubject<Int>.create(bufferSize: 0)
            subject.onNext(1)
            #expect(record(subject) == [])
            subject.onCompleted()
            #expect(record(subject) == ["|"])
        }

        @Test func lateSubscriberAfterCompletionGetsTheReplayThenCompletion() {
            let subject = ReplaySubject<Int>.create(bufferSize: 2)
            subject.onNext(1)
            subject.onNext(2)
            subject.onNext(3)
            subject.onCompleted()
            subject.onNext(4)
            #expect(record(subject) == ["2", "3", "|"])
            #expect(record(subject) == ["2", "3", "|"])
        }

        @Test func lateSubscriberAfterAnErrorGetsTheReplayThenTheError() {
            let subject = ReplaySubject<Int>.createUnbound()
            subject.onNext(1)
            subject.onError(DemoError.boom)
            #expect(record(subject) == ["1", "x(boom)"])
        }

        @Test func disposeDropsTheBufferAndFailsLaterSubscribers() {
            let subject = ReplaySubject<Int>.create(bufferSize: 1)
            subject.onNext(1)
            var events: [String] = []
            let subscription = subject.subscribe(onNext: { events.append("\($0)") }, onCompleted: { events.append("|") })
            subject.dispose()
            subject.onNext(2)
            subject.onCompleted()
            #expect(events == ["1"])
            #expect(!subject.hasObservers)
            #expect(record(subject) == ["x(Object `Rill.ReplaySubject<Swift.Int>` was already disposed.)"])
            withExtendedLifetime(subscription) {}
        }

        @Test func elementsSentDuringTheReplayFollowIt() {
            let subject = ReplaySubject<Int>.createUnbound()
            subject.onNext(1)
            subject.onNext(2)
            var seen: [Int] = []
            let subscription = subject.subscribe(onNext: { value in
                seen.append(value)
                if value == 1 { subject.onNext(3) }
            })
            #expect(seen == [1, 2, 3])
            subscription.dispose()
        }

        @Test func completingDuringTheReplayDeliversTheRestOfTheReplayFirst() {
            let subject = ReplaySubject<Int>.createUnbound()
            subject.onNext(1)
            subject.onNext(2)
            var events: [String] = []
            let subscription = subject.subscribe(
                onNext: { value in
                    events.append("\(value)")
                    if value == 1 { subject.onCompleted() }
                },
                onCompleted: { events.append("|") })
            #expect(events == ["1", "2", "|"])
            subscription.dispose()
        }

        @Test func disposingTheSubjectDuringTheReplayStopsIt() {
            let subject = ReplaySubject<Int>.createUnbound()
            for value in 0..<5 { subject.onNext(value) }
            var seen: [Int] = []
            let subscription = subject.subscribe(onNext: { value in
                seen.append(value)
                if value == 1 { subject.dispose() }
            })
            #expect(seen == [0, 1])
            subscription.dispose()
        }

        @Test func everySubscriberSeesConsecutiveElementsWhileAnotherThreadEmits() {
            let subject = ReplaySubject<Int>.create(bufferSize: 4)
            let logs = subscribeWhileEmitting(subject, subscribers: 200, count: 20_000) { subject.onNext($0) }
            for log in logs {
                #expect(isConsecutive(log), "\(log.prefix(20))")
            }
        }
    }
}
