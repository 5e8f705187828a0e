import Testing
import Rill

extension AllTests {
    @Suite struct MaterializeTests {
        @Test func turnsEveryEventIntoAnElementThenCompletes() {
            #expect(record(Observable.of(1, 2).materialize()) == ["next(1)", "next(2)", "completed", "|"])
        }

        @Test func anErrorBecomesAnElementAndTheResultCompletes() {
            let source = DrivenSource<Int>()
            let log = EventLog<Event<Int>>()
            let subscription = log.subscribe(source.observable.materialize())
            source.onNext(1)
            source.onError(DemoError.boom)
            #expect(log.events == ["next(1)", "error(boom)", "|"])
            #expect(source.disposals == 1)
            subscription.dispose()
        }

        @Test func disposingMidStreamStopsDelivery() {
            let source = DrivenSource<Int>()
            let log = EventLog<Event<Int>>()
            let subscription = log.subscribe(source.observable.materialize())
            source.onNext(1)
            subscription.dispose()
            source.onNext(2)
            source.onCompleted()
            #expect(log.events == ["next(1)"])
            #expect(source.disposals == 1)
        }

        @Test func dematerializeRestoresTheEvents() {
            #expect(record(Observable.of(1, 2).materialize().dematerialize()) == ["1", "2", "|"])
            #expect(record(Observable<Int>.error(DemoError.timeout).materialize().dematerialize()) == ["x(timeout)"])
        }

        @Test func dematerializeEndsAtAnErrorElementAndIgnoresTheRest() {
            let source = DrivenSource<Event<Int>>()
            let log = EventLog<Int>()
            let subscription = log.subscribe(source.observable.dematerialize())
            source.onNext(.next(1))
            source.onNext(.error(DemoError.boom))
            #expect(source.disposals == 1)
            source.onNext(.next(2))
            source.onCompleted()
            #expect(log.events == ["1", "x(boom)"])
            subscription.dispose()
        }

        @Test func dematerializeEndsAtACompletedElement() {
            let events: [Event<Int>] = [.next(1), .completed, .next(2)]
            #expect(record(Observable.from(events).dematerialize()) == ["1", "|"])
        }

        @Test func dematerializePassesTheSourcesOwnErrorThrough() {
            let source = DrivenSource<Event<Int>>()
            let log = EventLog<Int>()
            let subscription = log.subscribe(source.observable.dematerialize())
            source.onNext(.next(1))
            source.onError(DemoError.timeout)
            #expect(log.events == ["1", "x(timeout)"])
            subscription.dispose()
        }

        @Test func dematerializeDisposingInsideOnNextStopsDelivery() {
            let source = DrivenSource<Event<Int>>()
            let box = DisposableBox()
            var received: [Int] = []
            box.disposable = source.observable.dematerialize().subscribe(onNext: { element in
                received.append(element)
                box.dispose()
            })
            source.onNext(.next(1))
            source.onNext(.next(2))
            #expect(received == [1])
            #expect(source.disposals == 1)
        }
    }
}
