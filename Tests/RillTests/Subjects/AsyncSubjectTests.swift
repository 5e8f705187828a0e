import Testing
import Rill

extension AllTests {
    @Suite struct AsyncSubjectTests {
        @Test func emitsOnlyTheLastElementWhenItCompletes() {
            let result = AsyncSubject<Int>()
            var events: [String] = []
            let subscription = result.subscribe { events.append($0.debugDescription) }
            result.onNext(1)
            result.onNext(2)
            #expect(events == [])
            result.onCompleted()
            #expect(events == ["next(2)", "completed"])
            subscription.dispose()
        }

        @Test func lateSubscriberGetsTheLastElementAndCompletion() {
            let result = AsyncSubject<String>()
            result.onNext("a")
            result.onNext("b")
            result.onCompleted()
            result.onNext("c")
            #expect(record(result) == ["b", "|"])
            #expect(record(result) == ["b", "|"])
        }

        @Test func completingWithoutAnElementEmitsOnlyCompletion() {
            let result = AsyncSubject<Int>()
            var events: [String] = []
            let subscription = result.subscribe { events.append($0.debugDescription) }
            result.onCompleted()
            #expect(events == ["completed"])
            #expect(record(result) == ["|"])
            subscription.dispose()
        }

        @Test func anErrorDropsTheLastElement() {
            let result = AsyncSubject<Int>()
            var events: [String] = []
            let subscription = result.subscribe { events.append($0.debugDescription) }
            result.onNext(1)
            result.onError(DemoError.boom)
            result.onCompleted()
            #expect(events == ["error(boom)"])
            #expect(record(result) == ["x(boom)"])
            subscription.dispose()
        }

        @Test func everySubscriberGetsTheResultInSubscriptionOrder() {
            let result = AsyncSubject<Int>()
            var log: [String] = []
            let first = result.subscribe(onNext: { log.append("first \($0)") })
            let second = result.subscribe(onNext: { log.append("second \($0)") })
            result.onNext(7)
            result.onCompleted()
            #expect(log == ["first 7", "second 7"])
            first.dispose()
            second.dispose()
        }

        @Test func hasObserversFollowsSubscriptionsAndTheEnd() {
            let result = AsyncSubject<Int>()
            let subscription = result.subscribe()
            #expect(result.hasObservers)
            subscription.dispose()
            #expect(!result.hasObservers)
            let another = result.subscribe()
            result.onCompleted()
            #expect(!result.hasObservers)
            another.dispose()
        }

        @Test func asObservableHidesTheSubject() {
            let result = AsyncSubject<Int>()
            let observable = result.asObservable()
            #expect(!(observable is AsyncSubject<Int>))
            result.onNext(1)
            result.onCompleted()
            #expect(record(observable) == ["1", "|"])
        }
    }
}
