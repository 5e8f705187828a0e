import Testing
import Rill

extension AllTests {
    @Suite struct TakeTests {
        @Test func emitsTheFirstCountElementsThenCompletes() {
            #expect(record(Observable.of(1, 2, 3, 4, 5).take(3)) == ["1", "2", "3", "|"])
        }

        @Test func stopsAnInfiniteSequenceAfterTheGeneratorRanTwice() {
            // Article 000: the first element of sequence(first:next:) is free, then
            // two calls; take(3) disposes the subscription before a fourth pull.
            nonisolated(unsafe) var generatorCalls = 0
            let naturals = sequence(first: 1) { previous in
                generatorCalls += 1
                return previous + 1
            }
            #expect(record(Observable.from(naturals).take(3)) == ["1", "2", "3", "|"])
            #expect(generatorCalls == 2)
        }

        @Test func stopsRepeatElement() {
            #expect(record(Observable.repeatElement("ping").take(2)) == ["ping", "ping", "|"])
        }

        @Test func takeZeroCompletesWithoutSubscribingTheSource() {
            let source = DrivenSource<Int>()
            #expect(record(source.observable.take(0)) == ["|"])
            #expect(source.subscriptions == 0)
        }

        @Test func negativeCountFailsWithArgumentOutOfRange() {
            let source = DrivenSource<Int>()
            #expect(record(source.observable.take(-1)) == ["x(Argument out of range.)"])
            #expect(source.subscriptions == 0)
        }

        @Test func fewerElementsThanCountCompleteWithTheSource() {
            #expect(record(Observable.of(1, 2).take(5)) == ["1", "2", "|"])
        }

        @Test func anErrorBeforeTheCountPassesThrough() {
            let source = DrivenSource<Int>()
            let log = EventLog<Int>()
            let subscription = log.subscribe(source.observable.take(3))
            source.onNext(1)
            source.onError(DemoError.boom)
            #expect(log.events == ["1", "x(boom)"])
            #expect(source.disposals == 1)
            subscription.dispose()
        }

        @Test func reachingTheCountDisposesTheSourceAndIgnoresItsLaterEvents() {
            let source = DrivenSource<Int>()
            let log = EventLog<Int>()
            let subscription = log.subscribe(source.observable.take(2))
            source.onNext(1)
            #expect(source.disposals == 0)
            source.onNext(2)
            #expect(source.disposals == 1)
            source.onNext(3)
            source.onError(DemoError.boom)
            #expect(log.events == ["1", "2", "|"])
            subscription.dispose()
            #expect(source.disposals == 1)
        }

        @Test func disposingMidStreamStopsDelivery() {
            let source = DrivenSource<Int>()
            let log = EventLog<Int>()
            let subscription = log.subscribe(source.observable.take(5))
            source.onNext(1)
            subscription.dispose()
            source.onNext(2)
            #expect(log.events == ["1"])
            #expect(source.disposals == 1)
        }

        @Test func disposingInsideOnNextStopsDelivery() {
            let source = DrivenSource<Int>()
            let box = DisposableBox()
            var received: [Int] = []
            box.disposable = source.observable.take(3).subscribe(onNext: { element in
                received.append(element)
                box.dispose()
            })
            source.onNext(1)
            source.onNext(2)
            #expect(received == [1])
            #expect(source.disposals == 1)
        }

        @Test func anElementSentReentrantlyCountsTowardsTheLimit() {
            let source = DrivenSource<Int>()
            let log = EventLog<Int>()
            log.onEvent = { [weak source] event in
                if event.element == 1 { source?.onNext(99) }
            }
            let subscription = log.subscribe(source.unguardedObservable.take(2))
            source.onNext(1)
            source.onNext(2)
            #expect(log.events == ["1", "99", "|"])
            subscription.dispose()
        }
    }
}
