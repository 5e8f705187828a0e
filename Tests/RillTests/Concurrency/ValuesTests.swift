import Foundation
import Testing
import Rill

extension AllTests {
    @Suite struct ValuesTests {
        @Test func theLoopReceivesEveryElementThenEnds() async throws {
            var received: [Int] = []
            for try await value in Observable.of(1, 2, 3).values {
                received.append(value)
            }
            #expect(received == [1, 2, 3])
        }

        @Test func theLoopThrowsTheObservablesError() async {
            var received: [Int] = []
            await #expect(throws: DemoError.boom) {
                for try await value in Observable.of(1, 2).concat(Observable<Int>.error(DemoError.boom)).values {
                    received.append(value)
                }
            }
            #expect(received == [1, 2])
        }

        /// The article's `slowConsumer`: a burst of ten reaches a loop slower than
        /// the burst as ten elements, because the stream buffers without limit.
        @Test func aSlowConsumerReceivesAllTenOfABurst() async throws {
            let events = PublishSubject<Int>()
            let stream = events.values                        // subscribes now
            let producer = Task.detached {
                for value in 1...10 { events.onNext(value) }   // a burst of ten
                events.onCompleted()
            }
            var received = 0
            for try await _ in stream {
                received += 1
                try await Task.sleep(nanoseconds: 2_000_000)   // slower than the burst
            }
            await producer.value
            #expect(received == 10)
        }

        @Test func bufferingOldestKeepsTheFirstElementsTheLoopHasNotTaken() async throws {
            let events = PublishSubject<Int>()
            let stream = events.values(bufferingPolicy: .bufferingOldest(2))
            for value in 1...5 { events.onNext(value) }
            events.onCompleted()
            var received: [Int] = []
            for try await value in stream { received.append(value) }
            #expect(received == [1, 2])
        }

        @Test func bufferingNewestKeepsTheLatestElementsAndStillThrows() async {
            let events = PublishSubject<Int>()
            let stream = events.values(bufferingPolicy: .bufferingNewest(2))
            for value in 1...5 { events.onNext(value) }
            events.onError(DemoError.boom)
            var received: [Int] = []
            await #expect(throws: DemoError.boom) {
                for try await value in stream { received.append(value) }
            }
            #expect(received == [4, 5])
        }

        @Test func theSubscriptionStartsWhenValuesIsRead() {
            let subscriptions = LockedBox(0)
            let source = Observable<Int>.create { _ in
                subscriptions.mutate { $0 += 1 }
                return Disposables.create()
            }
            let stream = source.values
            #expect(subscriptions.value == 1)
            withExtendedLifetime(stream) {}
        }

        @Test func leavingTheLoopDisposesTheSubscription() async throws {
            let probe = DisposalProbe()
            for try await value in probe.endless.values {
                #expect(value == 1)
                break
            }
            #expect(await probe.waitForDisposal())
        }

        @Test func cancellingTheIteratingTaskDisposesTheSubscription() async throws {
            let probe = DisposalProbe()
            let firstElement = LockedBox(false)
            let stream = probe.endless.values
            let consumer = Task {
                var count = 0
                for try await _ in stream {
                    count += 1
                    firstElement.mutate { $0 = true }
                }
                return count
            }
            #expect(await eventually { firstElement.value })
            consumer.cancel()
            #expect(await probe.waitForDisposal())
            // The loop ends by throwing, as RxSwift's does.
            await #expect(throws: CancellationError.self) { try await consumer.value }
            #expect(firstElement.value)
        }

        @Test func aCancelledTasksLoopThrowsCancellationErrorWithoutEvents() async {
            let consumer = Task { () -> Int in
                withUnsafeCurrentTask { $0?.cancel() }
                var count = 0
                for try await _ in Observable<Int>.never().values { count += 1 }
                return count
            }
            await #expect(throws: CancellationError.self) { try await consumer.value }
        }

        @Test func aLoopThatCompletedBeforeTheCancellationDoesNotThrow() async throws {
            let consumer = Task { () -> [Int] in
                var received: [Int] = []
                for try await value in Observable.of(1, 2, 3).values { received.append(value) }
                withUnsafeCurrentTask { $0?.cancel() }
                return received
            }
            #expect(try await consumer.value == [1, 2, 3])
        }

        @Test func aStreamDroppedUnreadDisposesTheSubscription() async {
            let probe = DisposalProbe()
            do {
                let stream = probe.endless.values
                withExtendedLifetime(stream) {}
            }
            #expect(await probe.waitForDisposal())
        }

        @Test func completionDisposesTheSourceOnce() async throws {
            let disposals = LockedBox(0)
            let source = Observable<Int>.create { observer in
                observer.onNext(1)
                observer.onCompleted()
                return Disposables.create { disposals.mutate { $0 += 1 } }
            }
            var received: [Int] = []
            for try await value in source.values { received.append(value) }
            #expect(received == [1])
            #expect(disposals.value == 1)
        }

        @Test func elementsFromAnotherThreadArriveInOrder() async throws {
            let source = Observable<Int>.create { observer in
                DispatchQueue.global().async {
                    for value in 0..<1_000 { observer.onNext(value) }
                    observer.onCompleted()
                }
                return Disposables.create()
            }
            var received: [Int] = []
            for try await value in source.values { received.append(value) }
            #expect(received == Array(0..<1_000))
        }
    }

    @Suite struct InfallibleValuesTests {
        @Test func anInfallibleGivesAStreamThatCannotThrowAnObservableOneThatCan() {
            let cannotThrow: AsyncStream<Int> = Infallible.just(1).values
            let canThrow: AsyncThrowingStream<Int, any Error> = Infallible.just(1).asObservable().values
            withExtendedLifetime((cannotThrow, canThrow)) {}
        }

        @Test func theLoopReceivesEveryElementWithoutTry() async {
            var received: [Int] = []
            for await value in Infallible.of(1, 2, 3).values {
                received.append(value)
            }
            #expect(received == [1, 2, 3])
        }

        @Test func bufferingNewestDropsTheOlderElements() async {
            let events = PublishSubject<Int>()
            let stream = events.asInfallible(onErrorJustReturn: -1).values(bufferingPolicy: .bufferingNewest(1))
            for value in 1...3 { events.onNext(value) }
            events.onCompleted()
            var received: [Int] = []
            for await value in stream { received.append(value) }
            #expect(received == [3])
        }

        @Test func leavingTheLoopDisposesTheSubscription() async {
            let probe = DisposalProbe()
            for await value in probe.endless.asInfallible(onErrorJustReturn: 0).values {
                #expect(value == 1)
                break
            }
            #expect(await probe.waitForDisposal())
        }

        @Test func cancellingTheIteratingTaskDisposesTheSubscription() async {
            let probe = DisposalProbe()
            let stream = probe.endless.asInfallible(onErrorJustReturn: 0).values
            let consumer = Task {
                for await _ in stream {}
            }
            consumer.cancel()
            #expect(await probe.waitForDisposal())
            await consumer.value
        }
    }
}
