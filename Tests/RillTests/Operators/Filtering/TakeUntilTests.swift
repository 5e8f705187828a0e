import Foundation
import Testing
@testable import Rill
import RillTest

extension AllTests {
    @Suite struct TakeUntilTests {
        /// A driven source taken until a driven trigger fires, recorded.
        private func takenUntilTrigger() -> (DrivenSource<Int>, DrivenSource<Int>, EventLog<Int>, any Disposable) {
            let source = DrivenSource<Int>()
            let trigger = DrivenSource<Int>()
            let log = EventLog<Int>()
            return (source, trigger, log, log.subscribe(source.observable.take(until: trigger.observable)))
        }

        // MARK: take(until: other)

        @Test func completesWhenTheOtherSequenceEmits() {
            let (source, trigger, log, subscription) = takenUntilTrigger()
            source.onNext(1)
            source.onNext(2)
            trigger.onNext(0)
            source.onNext(3)
            #expect(log.events == ["1", "2", "|"])
            #expect(source.disposals == 1)
            #expect(trigger.disposals == 1)
            subscription.dispose()
        }

        @Test func subscribesTheOtherSequenceFirst() {
            var order: [String] = []
            let source = DrivenSource<Int>(onSubscribe: { order.append("source") })
            let trigger = DrivenSource<Int>(onSubscribe: { order.append("other") })
            let subscription = source.observable.take(until: trigger.observable).subscribe()
            #expect(order == ["other", "source"])
            subscription.dispose()
        }

        @Test func completionOfTheOtherSequenceChangesNothingButReleasesIt() {
            let (source, trigger, log, subscription) = takenUntilTrigger()
            source.onNext(1)
            trigger.onCompleted()
            #expect(trigger.disposals == 1)
            source.onNext(2)
            source.onCompleted()
            #expect(log.events == ["1", "2", "|"])
            #expect(source.disposals == 1)
            subscription.dispose()
        }

        @Test func anErrorFromTheOtherSequenceFailsTheResult() {
            let (source, trigger, log, subscription) = takenUntilTrigger()
            source.onNext(1)
            trigger.onError(DemoError.boom)
            source.onNext(2)
            #expect(log.events == ["1", "x(boom)"])
            #expect(source.disposals == 1)
            #expect(trigger.disposals == 1)
            subscription.dispose()
        }

        @Test func theSourceEndingDisposesTheOtherSequence() {
            let (source, trigger, log, subscription) = takenUntilTrigger()
            source.onError(DemoError.timeout)
            trigger.onNext(1)
            #expect(log.events == ["x(timeout)"])
            #expect(trigger.disposals == 1)
            subscription.dispose()
        }

        /// As in RxSwift, whose `take(until:)` subscribes the source after the other
        /// sequence whatever the other did: the source is started and disposed at once,
        /// and nothing of it gets through.
        @Test func anOtherSequenceThatFiresAtOnceStillStartsTheSourceAndEndsItAtOnce() {
            let source = DrivenSource<Int>()
            #expect(record(source.observable.take(until: Observable.just(()))) == ["|"])
            #expect(source.subscriptions == 1)
            #expect(source.disposals == 1)
        }

        @Test func aTestObservableRecordsTheSourceSubscriptionAsStartingAndEndingAtOnce() {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = scheduler.createHotObservable([.next(210, 1), .completed(300)])
            let observer = scheduler.start { xs.take(until: Observable.just(0)) }
            #expect(observer.events == [.completed(200)])
            #expect(xs.subscriptions == [Subscription(200, 200)])
        }

        /// The other sequence's subscription outlives the source's subscribing: a
        /// source that shares a connection with it joins that connection instead of
        /// starting another (RxSwift disposes both only when `take(until:)` returns).
        @Test func aSourceSharingTheOthersConnectionJoinsItWhenTheOtherFiredAtOnce() {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = scheduler.createHotObservable([.next(210, 1), .completed(300)])
            let shared = xs.asObservable().multicast(makeSubject: { BehaviorSubject(value: 5) }).refCount()
            let observer = scheduler.start { shared.take(until: shared) }
            #expect(observer.events == [.completed(200)])
            #expect(xs.subscriptions == [Subscription(200, 200)])
        }

        @Test func neverAsTheOtherSequenceLetsEverythingThrough() {
            #expect(record(Observable.of(1, 2).take(until: Observable<Int>.never())) == ["1", "2", "|"])
        }

        @Test func disposingMidStreamDisposesBothSequences() {
            let (source, trigger, log, subscription) = takenUntilTrigger()
            source.onNext(1)
            subscription.dispose()
            source.onNext(2)
            trigger.onNext(1)
            #expect(log.events == ["1"])
            #expect(source.disposals == 1)
            #expect(trigger.disposals == 1)
        }

        @Test func aTriggerFiredDuringAnElementsDeliveryCompletesAfterIt() {
            let (source, trigger, log, subscription) = takenUntilTrigger()
            log.onEvent = { [weak trigger, weak log] event in
                guard event.element == 1 else { return }
                trigger?.onNext(0)
                log?.note("delivery of 1 ends")
            }
            source.onNext(1)
            source.onNext(2)
            #expect(log.events == ["1", "delivery of 1 ends", "|"])
            subscription.dispose()
        }

        @Test func stopsAnInfiniteSynchronousSource() {
            let trigger = DrivenSource<Int>()
            let log = EventLog<Int>()
            log.onEvent = { [weak trigger] event in
                if event.element == 3 { trigger?.onNext(0) }
            }
            let subscription = log.subscribe(Observable.from(sequence(first: 1) { $0 + 1 }).take(until: trigger.observable))
            #expect(log.events == ["1", "2", "3", "|"])
            subscription.dispose()
        }

        @Test func inputsOnTwoThreadsDeliverAPrefixThenOneCompletion() {
            // The source sends 0..<count on one thread while the trigger fires on
            // another: the result is some prefix, then exactly one completion, with
            // no overlapping deliveries.
            let count = 2_000
            for _ in 0..<20 {
                let source = DrivenSource<Int>()
                let trigger = DrivenSource<Int>()
                let log = EventLog<Int>()
                let subscription = log.subscribe(source.observable.take(until: trigger.observable))
                runConcurrently([
                    { for element in 0..<count { source.onNext(element) } },
                    { trigger.onNext(0) },
                ])
                let events = log.events
                #expect(events.last == "|")
                #expect(events.dropLast() == (0..<(events.count - 1)).map(String.init)[...])
                #expect(log.overlaps == 0)
                #expect(source.disposals == 1 && trigger.disposals == 1)
                subscription.dispose()
            }
        }

        @Test func inputsOnTwoThreadsLoseNoElementBeforeTheTrigger() {
            let count = 5_000
            let (source, trigger, log, subscription) = takenUntilTrigger()
            runConcurrently([{ for element in 0..<count { source.onNext(element) } }])
            runConcurrently([{ trigger.onNext(0) }])
            #expect(log.events == (0..<count).map(String.init) + ["|"])
            subscription.dispose()
        }

        // MARK: take(until: predicate) and take(while:)

        @Test func untilPredicateExcludesTheEndingElementByDefault() {
            #expect(record(Observable.of(1, 2, 3, 4).take(until: { $0 == 3 })) == ["1", "2", "|"])
        }

        @Test func untilPredicateInclusiveEmitsTheEndingElement() {
            #expect(record(Observable.of(1, 2, 3, 4).take(until: { $0 == 3 }, behavior: .inclusive)) == ["1", "2", "3", "|"])
        }

        @Test func whilePredicateStopsAtTheFirstFailingElement() {
            #expect(record(Observable.of(1, 2, 3, 1).take(while: { $0 < 3 })) == ["1", "2", "|"])
            #expect(record(Observable.of(1, 2, 3, 1).take(while: { $0 < 3 }, behavior: .inclusive)) == ["1", "2", "3", "|"])
        }

        @Test func aThrowingPredicateFailsTheSequence() {
            let source = DrivenSource<Int>()
            let log = EventLog<Int>()
            let subscription = log.subscribe(source.observable.take(while: { element in
                if element == 2 { throw DemoError.boom }
                return true
            }))
            source.onNext(1)
            source.onNext(2)
            source.onNext(3)
            #expect(log.events == ["1", "x(boom)"])
            #expect(source.disposals == 1)
            subscription.dispose()
        }

        @Test func predicateEndingDisposesTheSourceAndIgnoresItsLaterEvents() {
            let source = DrivenSource<Int>()
            let log = EventLog<Int>()
            let subscription = log.subscribe(source.observable.take(until: { $0 > 1 }))
            source.onNext(1)
            source.onNext(2)
            #expect(source.disposals == 1)
            source.onNext(0)
            source.onCompleted()
            #expect(log.events == ["1", "|"])
            subscription.dispose()
        }

        @Test func predicateStopsAnInfiniteSource() {
            #expect(record(Observable.from(sequence(first: 1) { $0 + 1 }).take(while: { $0 < 4 })) == ["1", "2", "3", "|"])
        }

        @Test func predicateSourceErrorPassesThrough() {
            #expect(record(Observable<Int>.error(DemoError.boom).take(while: { _ in true })) == ["x(boom)"])
        }
    }

    @Suite struct TakeUntilStateTests {
        @Test func elementsPassWhileNoTriggerFired() {
            var state = TakeUntilState()
            let delivers = state.elementArrived()
            let after = state.elementDelivered()
            #expect(delivers)
            #expect(describe(after) == "none")
        }

        @Test func aTriggerWhileIdleEndsAtOnceAndStopsLaterEvents() {
            var state = TakeUntilState()
            let first = state.triggerFired(.completed)
            let element = state.elementArrived()
            let second = state.triggerFired(.completed)
            let sourceEnd = state.sourceEnded()
            #expect(describe(first) == "completed")
            #expect(!element)
            #expect(describe(second) == "none")
            #expect(!sourceEnd)
        }

        @Test func aTriggerDuringDeliveryWaitsForTheElementInFlight() {
            var state = TakeUntilState()
            _ = state.elementArrived()
            let fired = state.triggerFired(.error(DemoError.boom))
            let lateElement = state.elementArrived()
            let pending = state.elementDelivered()
            #expect(describe(fired) == "none")
            #expect(!lateElement)
            #expect(describe(pending) == "error(boom)")
        }

        @Test func aPendingTerminalWaitsForTheOutermostNestedElement() {
            var state = TakeUntilState()
            _ = state.elementArrived()
            _ = state.elementArrived()
            _ = state.triggerFired(.completed)
            let inner = state.elementDelivered()
            let outer = state.elementDelivered()
            #expect(describe(inner) == "none")
            #expect(describe(outer) == "completed")
        }

        @Test func theSourceEndingStopsTheTrigger() {
            var state = TakeUntilState()
            let sourceEnd = state.sourceEnded()
            let fired = state.triggerFired(.completed)
            #expect(sourceEnd)
            #expect(describe(fired) == "none")
        }

        @Test func disposalDropsAPendingTerminal() {
            var state = TakeUntilState()
            _ = state.elementArrived()
            _ = state.triggerFired(.completed)
            state.disposed()
            let after = state.elementDelivered()
            #expect(describe(after) == "none")
        }

        private func describe(_ termination: Termination?) -> String {
            switch termination {
            case nil: return "none"
            case .completed: return "completed"
            case .error(let error): return "error(\(error))"
            }
        }
    }
}
