import Testing
import Rill

extension AllTests {
    @Suite struct SkipTests {
        @Test func dropsTheFirstCountElements() {
            #expect(record(Observable.of(1, 2, 3, 4).skip(2)) == ["3", "4", "|"])
        }

        @Test func skippingMoreThanTheSourceHasOnlyCompletes() {
            #expect(record(Observable.of(1, 2).skip(5)) == ["|"])
        }

        @Test func zeroOrNegativeCountDropsNothing() {
            #expect(record(Observable.of(1, 2).skip(0)) == ["1", "2", "|"])
            #expect(record(Observable.of(1, 2).skip(-3)) == ["1", "2", "|"])
        }

        @Test func anErrorWhileSkippingPassesThrough() {
            let source = DrivenSource<Int>()
            let log = EventLog<Int>()
            let subscription = log.subscribe(source.observable.skip(3))
            source.onNext(1)
            source.onError(DemoError.boom)
            #expect(log.events == ["x(boom)"])
            #expect(source.disposals == 1)
            subscription.dispose()
        }

        @Test func disposingMidStreamStopsDelivery() {
            let source = DrivenSource<Int>()
            let log = EventLog<Int>()
            let subscription = log.subscribe(source.observable.skip(1))
            source.onNext(1)
            source.onNext(2)
            subscription.dispose()
            source.onNext(3)
            #expect(log.events == ["2"])
            #expect(source.disposals == 1)
        }

        @Test func composesWithTakeOnAnInfiniteSource() {
            #expect(record(Observable.from(sequence(first: 1) { $0 + 1 }).skip(2).take(3)) == ["3", "4", "5", "|"])
        }
    }
}
