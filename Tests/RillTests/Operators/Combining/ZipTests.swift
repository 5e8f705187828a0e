import Foundation
import Testing
import Rill
import RillTest

extension AllTests {
    @Suite struct ZipTests {
        /// Numbers and letters from two driven sources, zipped into "1a", "2b", ...
        /// and recorded.
        private func zippedLetters() -> (DrivenSource<Int>, DrivenSource<String>, EventLog<String>, any Disposable) {
            let numbers = DrivenSource<Int>()
            let letters = DrivenSource<String>()
            let log = EventLog<String>()
            let subscription = log.subscribe(Observable.zip(numbers.observable, letters.observable) { "\($0)\($1)" })
            return (numbers, letters, log, subscription)
        }

        @Test func pairsElementsByPosition() {
            let pairs = Observable.zip(Observable.of(1, 2, 3), Observable.of("a", "b", "c"))
            #expect(record(pairs) == [#"(1, "a")"#, #"(2, "b")"#, #"(3, "c")"#, "|"])
        }

        @Test func tupleOverloadWorksWithAnExplicitResultType() {
            let typed: Observable<(Int, String)> = Observable.zip(Observable.just(1), Observable.just("a"))
            #expect(record(typed.map { "\($0.0)\($0.1)" }) == ["1a", "|"])
        }

        @Test func combinesWithTheResultSelector() {
            let sums = Observable.zip(Observable.range(start: 0, count: 3), Observable.range(start: 10, count: 3)) { $0 + $1 }
            #expect(record(sums) == ["10", "12", "14", "|"])
        }

        @Test func buffersTheSourceThatRunsAhead() {
            let (numbers, letters, log, subscription) = zippedLetters()
            numbers.onNext(1)
            numbers.onNext(2)
            numbers.onNext(3)
            #expect(log.events == [])
            letters.onNext("a")
            letters.onNext("b")
            #expect(log.events == ["1a", "2b"])
            subscription.dispose()
        }

        @Test func separateSourcesCompleteOnlyWhenEverySourceHasCompleted() {
            // RxSwift 6.10's rule for zip(_:_:...): a completed source whose elements
            // are used up does not end the result; the longer source stays subscribed.
            let (numbers, letters, log, subscription) = zippedLetters()
            numbers.onNext(1)
            numbers.onNext(2)
            numbers.onCompleted()
            #expect(numbers.disposals == 1)
            letters.onNext("a")
            letters.onNext("b")
            letters.onNext("c")
            letters.onNext("d")
            #expect(log.events == ["1a", "2b"])
            #expect(letters.disposals == 0)
            letters.onCompleted()
            #expect(log.events == ["1a", "2b", "|"])
            #expect(letters.disposals == 1)
            subscription.dispose()
        }

        @Test func separateSourcesOnVirtualTimeKeepTheLongerSourceSubscribed() {
            let scheduler = TestScheduler(initialClock: 0)
            let short = scheduler.createHotObservable([.next(150, 1), .next(210, 1), .completed(220)])
            let long = scheduler.createHotObservable([.next(150, 1), .next(215, 10), .next(230, 20), .next(240, 30), .completed(250)])
            let res = scheduler.start { Observable.zip(short, long) { $0 + $1 } }
            #expect(res.events == [.next(215, 11), .completed(250)])
            #expect(short.subscriptions == [Subscription(200, 220)])
            #expect(long.subscriptions == [Subscription(200, 250)])
        }

        @Test func separateSourcesOfEveryArityWaitForTheLastCompletion() {
            // Source i sends i at 210; every source but the first sends a second
            // element at 215 + 10 i, after every earlier source completed (at 220 + 10 j),
            // and completes at 220 + 10 i. That late element cannot pair, but the
            // result still waits for the last source's completion.
            typealias Sources = [Observable<Int>]
            let factories: [(arity: Int, make: (Sources) -> Observable<Int>)] = [
                (2, { s in Observable.zip(s[0], s[1]) { $0 + $1 }.map { _ in 2 } }),
                (3, { s in Observable.zip(s[0], s[1], s[2]) { _, _, _ in 3 } }),
                (4, { s in Observable.zip(s[0], s[1], s[2], s[3]) { _, _, _, _ in 4 } }),
                (5, { s in Observable.zip(s[0], s[1], s[2], s[3], s[4]) { _, _, _, _, _ in 5 } }),
                (6, { s in Observable.zip(s[0], s[1], s[2], s[3], s[4], s[5]).map { _ in 6 } }),
                (7, { s in Observable.zip(s[0], s[1], s[2], s[3], s[4], s[5], s[6]) { _, _, _, _, _, _, _ in 7 } }),
                (8, { s in Observable.zip(s[0], s[1], s[2], s[3], s[4], s[5], s[6], s[7]) { _, _, _, _, _, _, _, _ in 8 } }),
                (8, { s in Observable.zip(s[0], s[1], s[2], s[3], s[4], s[5], s[6], s[7]).map { _ in 8 } }),
            ]
            for (arity, make) in factories {
                let scheduler = TestScheduler(initialClock: 0)
                let sources = (0..<arity).map { index in
                    let late: [Recorded<Event<Int>>] = index == 0 ? [] : [.next(215 + 10 * index, index)]
                    return scheduler.createHotObservable([.next(210, index)] + late + [.completed(220 + 10 * index)])
                }
                let res = scheduler.start { make(sources.map { $0.asObservable() }) }
                let end = 220 + 10 * (arity - 1)
                #expect(res.events == [.next(210, arity), .completed(end)], "arity \(arity)")
                #expect(sources[arity - 1].subscriptions == [Subscription(200, end)], "arity \(arity)")
                #expect(sources[0].subscriptions == [Subscription(200, 220)], "arity \(arity)")
            }
        }

        @Test func aCollectionCompletesWhenAnElementCannotPairWithACompletedSource() {
            // RxSwift 6.10's rule for zip([...]), kept so virtual times in users' tests match.
            let numbers = DrivenSource<Int>()
            let letters = DrivenSource<Int>()
            let log = EventLog<String>()
            let subscription = log.subscribe(Observable.zip([numbers.observable, letters.observable]) { "\($0[0])\($0[1])" })
            numbers.onNext(1)
            numbers.onNext(2)
            numbers.onCompleted()
            #expect(numbers.disposals == 1)
            #expect(letters.disposals == 0)
            letters.onNext(10)
            #expect(log.events == ["110"])
            letters.onNext(20)
            #expect(log.events == ["110", "220"])
            #expect(letters.disposals == 0)
            letters.onNext(30)
            #expect(log.events == ["110", "220", "|"])
            #expect(letters.disposals == 1)
            letters.onNext(40)
            #expect(log.events == ["110", "220", "|"])
            subscription.dispose()
        }

        @Test func anEmptyCompletionWaitsForTheOtherSource() {
            let (numbers, letters, log, subscription) = zippedLetters()
            letters.onNext("a")
            numbers.onCompleted()
            #expect(log.events == [])
            letters.onCompleted()
            #expect(log.events == ["|"])
            #expect(letters.disposals == 1)
            subscription.dispose()
        }

        @Test func neverAndEmptyNeverTerminateAsInRxSwift() {
            #expect(record(Observable.zip(Observable<Int>.never(), Observable<Int>.empty())) == [])
        }

        @Test func stopsAnInfiniteSourceWhenTheOtherRunsOut() {
            nonisolated(unsafe) var pulled = 0
            let naturals = sequence(first: 1) { previous in
                pulled += 1
                return previous + 1
            }
            // The collection form ends when an element cannot pair with a completed
            // source (separate arguments would wait for the infinite source).
            let pairs = Observable.zip([Observable.from(naturals), Observable.of(10, 20)]) { "\($0[0])\($0[1])" }
            #expect(record(pairs) == ["110", "220", "|"])
            #expect(pulled <= 3)
        }

        @Test func anErrorFromAnySourceFailsAndDisposesEverySource() {
            let (numbers, letters, log, subscription) = zippedLetters()
            numbers.onNext(1)
            letters.onError(DemoError.boom)
            numbers.onNext(2)
            letters.onNext("a")
            #expect(log.events == ["x(boom)"])
            #expect(numbers.disposals == 1)
            #expect(letters.disposals == 1)
            subscription.dispose()
        }

        @Test func aThrowingResultSelectorFailsAndDisposesEverySource() {
            let numbers = DrivenSource<Int>()
            let letters = DrivenSource<String>()
            let log = EventLog<String>()
            let zipped = Observable.zip(numbers.observable, letters.observable) { number, letter -> String in
                if number == 2 { throw DemoError.boom }
                return "\(number)\(letter)"
            }
            let subscription = log.subscribe(zipped)
            numbers.onNext(1)
            numbers.onNext(2)
            numbers.onNext(3)
            letters.onNext("a")
            letters.onNext("b")
            letters.onNext("c")
            #expect(log.events == ["1a", "x(boom)"])
            #expect(numbers.disposals == 1)
            #expect(letters.disposals == 1)
            subscription.dispose()
        }

        @Test func anErrorWhileSubscribingSkipsTheLaterSources() {
            let later = DrivenSource<Int>()
            let zipped = Observable.zip(Observable<Int>.error(DemoError.boom), later.observable) { $0 + $1 }
            #expect(record(zipped) == ["x(boom)"])
            #expect(later.subscriptions == 0)
        }

        @Test func disposingMidStreamDisposesEverySource() {
            let (numbers, letters, log, subscription) = zippedLetters()
            numbers.onNext(1)
            letters.onNext("a")
            subscription.dispose()
            numbers.onNext(2)
            letters.onNext("b")
            #expect(log.events == ["1a"])
            #expect(numbers.disposals == 1)
            #expect(letters.disposals == 1)
        }

        @Test func disposingInsideOnNextStopsTheRowsAlreadyBuffered() {
            let numbers = DrivenSource<Int>()
            let letters = DrivenSource<String>()
            let box = DisposableBox()
            var received: [String] = []
            box.disposable = Observable.zip(numbers.observable, letters.observable) { "\($0)\($1)" }
                .subscribe(onNext: { [weak letters] row in
                    received.append(row)
                    if row == "1a" { letters?.onNext("b") }   // completes a second row, delivered after this one
                    box.dispose()
                })
            numbers.onNext(1)
            numbers.onNext(2)
            letters.onNext("a")
            #expect(received == ["1a"])
            #expect(numbers.disposals == 1 && letters.disposals == 1)
        }

        @Test func aRowCompletedDuringDeliveryIsDeliveredAfterItNotNested() {
            let (numbers, letters, log, subscription) = zippedLetters()
            log.onEvent = { [weak letters, weak log] event in
                guard event.element == "1a" else { return }
                letters?.onNext("b")
                log?.note("delivery of 1a ends")
            }
            numbers.onNext(1)
            numbers.onNext(2)
            letters.onNext("a")
            #expect(log.events == ["1a", "delivery of 1a ends", "2b"])
            subscription.dispose()
        }

        @Test func anErrorDuringDeliveryComesAfterTheRowsBufferedBeforeIt() {
            let (numbers, letters, log, subscription) = zippedLetters()
            log.onEvent = { [weak letters] event in
                guard event.element == "1a" else { return }
                letters?.onNext("b")
                letters?.onError(DemoError.timeout)
            }
            numbers.onNext(1)
            numbers.onNext(2)
            numbers.onNext(3)
            letters.onNext("a")
            #expect(log.events == ["1a", "2b", "x(timeout)"])
            subscription.dispose()
        }

        @Test func coldSourcesAreSubscribedOncePerSubscriber() {
            // Article 000: zipping a cold request with itself makes two requests.
            let started = DrivenSource<Int>()
            let request = Observable<Int>.deferred {
                started.observable.subscribe().dispose()
                return .just(7)
            }
            #expect(record(Observable.zip(request, request)) == ["(7, 7)", "|"])
            #expect(started.subscriptions == 2)
        }

        @Test func zipsACollection() {
            let sources = [Observable.of(1, 2), Observable.of(10, 20), Observable.of(100, 200, 300)]
            #expect(record(Observable.zip(sources)) == ["[1, 10, 100]", "[2, 20, 200]", "|"])
            #expect(record(Observable.zip(sources) { $0.reduce(0, +) }) == ["111", "222", "|"])
        }

        @Test func anEmptyCollectionCompletesAtOnce() {
            #expect(record(Observable.zip([Observable<Int>]())) == ["|"])
            #expect(record(Observable<Int>.zip([Observable<Int>]()) { $0.count }) == ["|"])
        }

        @Test func zipsThreeToEightSources() {
            let a = Observable.of(1, 2)
            #expect(record(Observable.zip(a, a, a)) == ["(1, 1, 1)", "(2, 2, 2)", "|"])
            #expect(record(Observable.zip(a, a, a, a)) == ["(1, 1, 1, 1)", "(2, 2, 2, 2)", "|"])
            #expect(record(Observable.zip(a, a, a, a, a)) == ["(1, 1, 1, 1, 1)", "(2, 2, 2, 2, 2)", "|"])
            #expect(record(Observable.zip(a, a, a, a, a, a)) == ["(1, 1, 1, 1, 1, 1)", "(2, 2, 2, 2, 2, 2)", "|"])
            #expect(record(Observable.zip(a, a, a, a, a, a, a)) == ["(1, 1, 1, 1, 1, 1, 1)", "(2, 2, 2, 2, 2, 2, 2)", "|"])
            #expect(record(Observable.zip(a, a, a, a, a, a, a, a)) == ["(1, 1, 1, 1, 1, 1, 1, 1)", "(2, 2, 2, 2, 2, 2, 2, 2)", "|"])
            #expect(record(Observable.zip(a, a, a) { $0 + $1 + $2 }) == ["3", "6", "|"])
            #expect(record(Observable.zip(a, a, a, a, a, a, a, a) { $0 + $1 + $2 + $3 + $4 + $5 + $6 + $7 }) == ["8", "16", "|"])
        }

        @Test func tuplesOfMixedLayoutsComeOutIntact() {
            // The tuple overloads assemble each row in raw memory laid out like
            // the tuple; odd sizes and alignments check the offsets.
            let row = Observable.zip(
                Observable.just(Int8(1)), Observable.just("two"), Observable.just(true), Observable.just(3.5),
                Observable.just([4]), Observable.just(Int16(6)), Observable.just(UInt8(7)), Observable.just(Int?.some(8))
            )
            #expect(record(row) == [#"(1, "two", true, 3.5, [4], 6, 7, Optional(8))"#, "|"])
            let small = Observable.zip(Observable.just(UInt8(1)), Observable.just(Int64(2)), Observable.just(UInt8(3)))
            #expect(record(small) == ["(1, 2, 3)", "|"])
        }

        @Test func releasesEveryElementExactlyOnce() {
            final class Tracked: CustomStringConvertible {
                static let lock = NSLock()
                nonisolated(unsafe) static var live = 0
                let value: Int
                init(_ value: Int) { self.value = value; Self.lock.withLock { Self.live += 1 } }
                deinit { Self.lock.withLock { Self.live -= 1 } }
                var description: String { "\(value)" }
            }
            do {
                let numbers = DrivenSource<Tracked>()
                let others = DrivenSource<Tracked>()
                let log = EventLog<(Tracked, Tracked)>()
                let subscription = log.subscribe(Observable.zip(numbers.observable, others.observable))
                for value in 0..<5 { numbers.onNext(Tracked(value)) }
                for value in 0..<3 { others.onNext(Tracked(value)) }
                #expect(log.events == ["(0, 0)", "(1, 1)", "(2, 2)"])
                subscription.dispose()   // two elements still buffered
            }
            #expect(Tracked.live == 0)
        }

        @Test func keepsOrderWhenTheBufferGrowsAndWraps() {
            let numbers = DrivenSource<Int>()
            let others = DrivenSource<Int>()
            let log = EventLog<Int>()
            let subscription = log.subscribe(Observable.zip(numbers.observable, others.observable) { $0 * 1000 + $1 })
            var numbersSent = 0
            var othersSent = 0
            // Numbers run ahead by up to 12 elements and are drained in uneven
            // steps, so the ring grows several times and wraps around.
            for (ahead, drained) in [(3, 2), (7, 5), (2, 4), (20, 9), (1, 13)] {
                for _ in 0..<ahead {
                    numbers.onNext(numbersSent)
                    numbersSent += 1
                }
                for _ in 0..<drained {
                    others.onNext(othersSent)
                    othersSent += 1
                }
            }
            #expect(log.events == (0..<33).map { String($0 * 1001) })
            subscription.dispose()
        }

        @Test func inputsOnTwoThreadsPairEveryElementOnce() {
            let count = 20_000
            let numbers = DrivenSource<Int>()
            let others = DrivenSource<Int>()
            let log = EventLog<Int>()
            let subscription = log.subscribe(Observable.zip(numbers.observable, others.observable) { $0 == $1 ? $0 : -1 })
            runConcurrently([
                { for element in 0..<count { numbers.onNext(element) }; numbers.onCompleted() },
                { for element in 0..<count { others.onNext(element) }; others.onCompleted() },
            ])
            #expect(log.events == (0..<count).map(String.init) + ["|"])
            #expect(log.overlaps == 0)
            #expect(numbers.disposals == 1 && others.disposals == 1)
            subscription.dispose()
        }

        @Test func inputsOnThreeThreadsWithAnErrorEndExactlyOnce() {
            for _ in 0..<20 {
                let first = DrivenSource<Int>()
                let second = DrivenSource<Int>()
                let failing = DrivenSource<Int>()
                let log = EventLog<[Int]>()
                let subscription = log.subscribe(Observable.zip([first.observable, second.observable, failing.observable]))
                runConcurrently([
                    { for element in 0..<1_000 { first.onNext(element) } },
                    { for element in 0..<1_000 { second.onNext(element) } },
                    { for element in 0..<500 { failing.onNext(element) }; failing.onError(DemoError.boom) },
                ])
                let events = log.events
                #expect(events.last == "x(boom)")
                #expect(events.dropLast() == (0..<(events.count - 1)).map { "[\($0), \($0), \($0)]" }[...])
                #expect(events.count <= 501)
                #expect(log.overlaps == 0)
                subscription.dispose()
            }
        }
    }
}
