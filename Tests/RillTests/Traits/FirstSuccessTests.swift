import Foundation
import Testing
import RillTest
@testable import Rill

extension AllTests {
    /// `Single.firstSuccess(_:)`: the article's `firstResponse` exercise.
    @Suite struct FirstSuccessTests {
        @Test func succeedsWithTheFirstSuccessAndDisposesTheRest() {
            let requests = (0..<3).map { _ in CountedRequest<String>() }
            let log = OutcomeLog()
            let subscription = Single.firstSuccess(requests.map(\.single)).subscribe(
                onSuccess: { log.append($0) }, onFailure: { log.append("x(\($0))") }
            )
            #expect(requests.map(\.subscriptions) == [1, 1, 1])   // all at once
            requests[1].send(.success("mirror 1"))
            #expect(log.events == ["mirror 1"])
            #expect(requests.map(\.disposals) == [1, 1, 1])
            requests[0].send(.success("mirror 0"))
            #expect(log.events == ["mirror 1"])
            subscription.dispose()
            #expect(requests.map(\.disposals) == [1, 1, 1])
            requests.forEach { $0.release() }
        }

        @Test func ignoresFailuresWhileAnotherRequestIsRunning() {
            let requests = (0..<3).map { _ in CountedRequest<String>() }
            let log = OutcomeLog()
            let subscription = Single.firstSuccess(requests.map(\.single)).subscribe(
                onSuccess: { log.append($0) }, onFailure: { log.append("x(\($0))") }
            )
            requests[0].send(.failure(DemoError.boom))
            requests[2].send(.failure(DemoError.timeout))
            #expect(log.events == [])
            #expect(requests[1].disposals == 0)
            requests[1].send(.success("last one standing"))
            #expect(log.events == ["last one standing"])
            subscription.dispose()
            requests.forEach { $0.release() }
        }

        @Test func failsWithTheLastErrorWhenAllFail() {
            let requests = (0..<2).map { _ in CountedRequest<String>() }
            let log = OutcomeLog()
            let subscription = Single.firstSuccess(requests.map(\.single)).subscribe(
                onSuccess: { log.append($0) }, onFailure: { log.append("x(\($0))") }
            )
            requests[1].send(.failure(DemoError.boom))
            requests[0].send(.failure(DemoError.timeout))
            #expect(log.events == ["x(timeout)"])
            #expect(requests.map(\.disposals) == [1, 1])
            subscription.dispose()
            requests.forEach { $0.release() }
        }

        @Test func anEmptyCollectionFailsWithNoElements() {
            let none: [Single<Int>] = []
            #expect(record(Single.firstSuccess(none).asObservable()) == ["x(Sequence doesn't contain any elements.)"])
        }

        @Test func aSynchronousSuccessLeavesTheLaterRequestsUnstarted() {
            let fast = CountedRequest<Int>(immediate: .success(1))
            let later = CountedRequest<Int>(immediate: .success(2))
            #expect(record(Single.firstSuccess([fast.single, later.single]).asObservable()) == ["1", "|"])
            #expect(fast.disposals == 1)
            #expect(later.subscriptions == 0)
        }

        @Test func disposingCancelsEveryRunningRequest() {
            let requests = (0..<3).map { _ in CountedRequest<Int>() }
            let subscription = Single.firstSuccess(requests.map(\.single)).subscribe()
            subscription.dispose()
            #expect(requests.map(\.disposals) == [1, 1, 1])
            requests.forEach { $0.release() }
        }

        @Test func firstSuccessInVirtualTime() {
            let scheduler = TestScheduler(initialClock: 0)
            let failsFirst = scheduler.createColdObservable([.error(10, DemoError.boom, String.self)])
            let winner = scheduler.createColdObservable([.next(30, "b"), .completed(30)])
            let slower = scheduler.createColdObservable([.next(50, "c"), .completed(50)])
            let res = scheduler.start {
                Single.firstSuccess([failsFirst.asSingle(), winner.asSingle(), slower.asSingle()]).asObservable()
            }
            #expect(res.events == [.next(230, "b"), .completed(230)])
            #expect(failsFirst.subscriptions == [Subscription(200, 210)])
            #expect(slower.subscriptions == [Subscription(200, 230)])
        }

        @Test func concurrentOutcomesDeliverExactlyOneResult() {
            for _ in 0..<50 {
                let requests = (0..<4).map { _ in CountedRequest<Int>() }
                let log = OutcomeLog()
                let subscription = Single.firstSuccess(requests.map(\.single)).subscribe(
                    onSuccess: { log.append("\($0)") }, onFailure: { _ in log.append("x") }
                )
                DispatchQueue.concurrentPerform(iterations: 4) { index in
                    requests[index].send(index % 2 == 0 ? .failure(DemoError.boom) : .success(index))
                }
                #expect(log.events.count == 1)
                #expect(log.events != ["x"])
                subscription.dispose()
                requests.forEach { $0.release() }
            }
        }

        @Test func stateMachineDecidesOnce() {
            var state = FirstSuccessState(count: 2)
            #expect(state.requestFailed() == .none)
            #expect(state.requestSucceeded() == .succeed)
            #expect(state.requestSucceeded() == .none)
            #expect(state.requestFailed() == .none)

            var allFail = FirstSuccessState(count: 2)
            #expect(allFail.requestFailed() == .none)
            #expect(allFail.requestFailed() == .fail)
            #expect(allFail.isDecided)
        }
    }
}
