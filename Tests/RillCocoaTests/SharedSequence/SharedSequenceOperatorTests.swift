import Foundation
import Testing
import Rill
import RillCocoa
import RillTest

extension AllTests {
    /// The operators keep the shared-sequence guarantees (one shared subscription,
    /// the strategy's scheduler for timing) and behave as their `Observable`
    /// counterparts, to the tick.
    @MainActor @Suite struct SharedSequenceOperatorTests {
        @Test func anOperatorsResultIsSharedAgain() {
            withTestScheduler { scheduler in
                let bag = DisposeBag()
                var mapped = 0
                let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2)])
                let driver = xs.asDriver(onErrorJustReturn: -1).map { value -> Int in
                    mapped += 1
                    return value * 10
                }
                let first = scheduler.createObserver(Int.self)
                let late = scheduler.createObserver(Int.self)
                scheduler.scheduleAt(200) { driver.drive(first).disposed(by: bag) }
                scheduler.scheduleAt(215) { driver.drive(late).disposed(by: bag) }
                scheduler.start()
                #expect(mapped == 2)
                // One tick for the hop onto the TestScheduler, as with RxTest; the late
                // subscriber gets the latest element at once.
                #expect(first.events == [.next(211, 10), .next(221, 20)])
                #expect(late.events == [.next(215, 10), .next(221, 20)])
            }
        }

        @Test func transformingOperatorsMatchTheirObservableCounterparts() {
            withTestScheduler { scheduler in
                let bag = DisposeBag()
                let xs = scheduler.createHotObservable([
                    .next(210, 1), .next(220, 1), .next(230, 2), .next(240, 3), .next(250, 4), .completed(300),
                ])
                let driver = xs.asDriver(onErrorJustReturn: -1)
                let results = (
                    compactMap: scheduler.createObserver(String.self),
                    filter: scheduler.createObserver(Int.self),
                    scan: scheduler.createObserver(Int.self),
                    startWith: scheduler.createObserver(Int.self),
                    skip: scheduler.createObserver(Int.self),
                    distinct: scheduler.createObserver(Int.self),
                    distinctKey: scheduler.createObserver(Int.self),
                    distinctComparer: scheduler.createObserver(Int.self)
                )
                scheduler.scheduleAt(200) {
                    driver.compactMap { $0 % 2 == 0 ? "\($0)" : nil }.drive(results.compactMap).disposed(by: bag)
                    driver.filter { $0 > 1 }.drive(results.filter).disposed(by: bag)
                    driver.scan(0) { $0 + $1 }.drive(results.scan).disposed(by: bag)
                    driver.startWith(0).drive(results.startWith).disposed(by: bag)
                    driver.skip(3).drive(results.skip).disposed(by: bag)
                    driver.distinctUntilChanged().drive(results.distinct).disposed(by: bag)
                    driver.distinctUntilChanged { $0 / 2 }.drive(results.distinctKey).disposed(by: bag)
                    driver.distinctUntilChanged { $1 - $0 < 2 }.drive(results.distinctComparer).disposed(by: bag)
                }
                scheduler.start()
                #expect(results.compactMap.events == [.next(231, "2"), .next(251, "4"), .completed(301)])
                #expect(results.filter.events == [.next(231, 2), .next(241, 3), .next(251, 4), .completed(301)])
                #expect(results.scan.events == [
                    .next(211, 1), .next(221, 2), .next(231, 4), .next(241, 7), .next(251, 11), .completed(301),
                ])
                #expect(results.startWith.events.first == .next(200, 0))
                #expect(results.skip.events == [.next(241, 3), .next(251, 4), .completed(301)])
                #expect(results.distinct.events == [
                    .next(211, 1), .next(231, 2), .next(241, 3), .next(251, 4), .completed(301),
                ])
                #expect(results.distinctKey.events == [.next(211, 1), .next(231, 2), .next(251, 4), .completed(301)])
                // The comparer sees the last element let through: 1, then 3 (3 - 1 >= 2).
                #expect(results.distinctComparer.events == [.next(211, 1), .next(241, 3), .completed(301)])
            }
        }

        @Test func timeOperatorsRunOnTheStrategysScheduler() {
            withTestScheduler { scheduler in
                let bag = DisposeBag()
                let xs = scheduler.createHotObservable([
                    .next(210, 1), .next(212, 2), .next(230, 3), .completed(300),
                ])
                let driver = xs.asDriver(onErrorJustReturn: -1)
                let throttled = scheduler.createObserver(Int.self)
                let debounced = scheduler.createObserver(Int.self)
                let delayed = scheduler.createObserver(Int.self)
                scheduler.scheduleAt(200) {
                    driver.throttle(.seconds(5)).drive(throttled).disposed(by: bag)
                    driver.debounce(.seconds(5)).drive(debounced).disposed(by: bag)
                    driver.delay(.seconds(5)).drive(delayed).disposed(by: bag)
                }
                scheduler.start()
                // The source reaches the operators one tick late (211, 213, 231, 301).
                #expect(throttled.events == [.next(211, 1), .next(216, 2), .next(231, 3), .completed(301)])
                #expect(debounced.events == [.next(218, 2), .next(236, 3), .completed(301)])
                #expect(delayed.events == [.next(216, 1), .next(218, 2), .next(236, 3), .completed(306)])
            }
        }

        @Test func flatMapLatestSwitchesToTheNewestInnerDriver() {
            withTestScheduler { scheduler in
                let inner1 = scheduler.createHotObservable([.next(215, "a1"), .next(235, "a2")])
                let inner2 = scheduler.createHotObservable([.next(240, "b1")])
                let outer = scheduler.createHotObservable([.next(210, 1), .next(230, 2)])
                let observer = scheduler.start {
                    outer.asDriver(onErrorJustReturn: -1)
                        .flatMapLatest { ($0 == 1 ? inner1 : inner2).asDriver(onErrorJustReturn: "x") }
                        .asObservable()
                }
                #expect(observer.events == [.next(216, "a1"), .next(241, "b1")])
                #expect(inner1.subscriptions == [Subscription(211, 231)])
            }
        }

        @Test func flatMapFirstIgnoresElementsWhileAnInnerDriverRuns() {
            withTestScheduler { scheduler in
                let inner = scheduler.createColdObservable([.next(5, "i"), .completed(20)])
                let outer = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .next(240, 3)])
                let observer = scheduler.start {
                    outer.asDriver(onErrorJustReturn: -1)
                        .flatMapFirst { value in inner.map { "\($0)\(value)" }.asDriver(onErrorJustReturn: "x") }
                        .asObservable()
                }
                // 1 arrives at 211 and its inner sends at 216 (+1 hop); 2 (221) is dropped
                // while that inner runs (until 231); 3 arrives at 241.
                #expect(observer.events == [.next(217, "i1"), .next(247, "i3")])
            }
        }

        @Test func flatMapMergeAndSwitchLatestCombineInnerDrivers() {
            withTestScheduler { scheduler in
                let bag = DisposeBag()
                let outer = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(250)])
                let driver = outer.asDriver(onErrorJustReturn: -1)
                let flat = scheduler.createObserver(Int.self)
                let merged = scheduler.createObserver(Int.self)
                let limited = scheduler.createObserver(Int.self)
                let switched = scheduler.createObserver(Int.self)
                let inner = { (value: Int) in Driver<Int>.of(value, value * 10) }
                scheduler.scheduleAt(200) {
                    driver.flatMap(inner).drive(flat).disposed(by: bag)
                    driver.map(inner).merge().drive(merged).disposed(by: bag)
                    driver.map(inner).merge(maxConcurrent: 1).drive(limited).disposed(by: bag)
                    driver.map(inner).switchLatest().drive(switched).disposed(by: bag)
                }
                scheduler.start()
                let expected: [Recorded<Event<Int>>] = [
                    .next(212, 1), .next(213, 10), .next(222, 2), .next(223, 20), .completed(251),
                ]
                #expect(flat.events == expected)
                #expect(merged.events == expected)
                #expect(limited.events == expected)
                #expect(switched.events == expected)
            }
        }

        @Test func staticMergeAndConcatCombineDrivers() {
            withTestScheduler { scheduler in
                let bag = DisposeBag()
                let a = scheduler.createHotObservable([.next(210, 1), .completed(220)]).asDriver(onErrorJustReturn: -1)
                let b = scheduler.createHotObservable([.next(215, 2), .next(230, 3), .completed(240)]).asDriver(onErrorJustReturn: -1)
                let mergedVariadic = scheduler.createObserver(Int.self)
                let mergedArray = scheduler.createObserver(Int.self)
                let concatenated = scheduler.createObserver(Int.self)
                scheduler.scheduleAt(200) {
                    Driver.merge(a, b).drive(mergedVariadic).disposed(by: bag)
                    Driver.merge([a, b]).drive(mergedArray).disposed(by: bag)
                    Driver.concat([a, b]).drive(concatenated).disposed(by: bag)
                }
                scheduler.start()
                #expect(mergedVariadic.events == [.next(211, 1), .next(216, 2), .next(231, 3), .completed(241)])
                #expect(mergedArray.events == mergedVariadic.events)
                // concat subscribes to b when a completes (221): b replays its latest element (Driver).
                #expect(concatenated.events == [.next(211, 1), .next(221, 2), .next(231, 3), .completed(241)])
            }
        }

        @Test func withLatestFromCombinesEachElementWithTheLatestOfTheOther() {
            withTestScheduler { scheduler in
                let bag = DisposeBag()
                let source = scheduler.createHotObservable([.next(210, 1), .next(230, 2), .next(250, 3)])
                let other = scheduler.createHotObservable([.next(220, "a"), .next(240, "b")])
                let combined = scheduler.createObserver(String.self)
                let latest = scheduler.createObserver(String.self)
                scheduler.scheduleAt(200) {
                    let driver = source.asDriver(onErrorJustReturn: -1)
                    let otherDriver = other.asDriver(onErrorJustReturn: "x")
                    driver.withLatestFrom(otherDriver) { "\($0)\($1)" }.drive(combined).disposed(by: bag)
                    driver.withLatestFrom(otherDriver).drive(latest).disposed(by: bag)
                }
                scheduler.start()
                #expect(combined.events == [.next(231, "2a"), .next(251, "3b")])
                #expect(latest.events == [.next(231, "a"), .next(251, "b")])
            }
        }

        @Test func zipAndCombineLatestOfTwoSourcesPairElements() {
            withTestScheduler { scheduler in
                let bag = DisposeBag()
                let a = scheduler.createHotObservable([.next(210, 1), .next(230, 2), .completed(260)])
                let b = scheduler.createHotObservable([.next(220, "x"), .next(240, "y"), .completed(250)])
                let zipped = scheduler.createObserver(String.self)
                let zippedTuples = scheduler.createObserver(String.self)
                let combined = scheduler.createObserver(String.self)
                let combinedTuples = scheduler.createObserver(String.self)
                scheduler.scheduleAt(200) {
                    let da = a.asDriver(onErrorJustReturn: -1)
                    let db = b.asDriver(onErrorJustReturn: "e")
                    Driver.zip(da, db) { "\($0)\($1)" }.drive(zipped).disposed(by: bag)
                    Driver.zip(da, db).map { "\($0)\($1)" }.drive(zippedTuples).disposed(by: bag)
                    Driver.combineLatest(da, db) { "\($0)\($1)" }.drive(combined).disposed(by: bag)
                    Driver.combineLatest(da, db).map { "\($0)\($1)" }.drive(combinedTuples).disposed(by: bag)
                }
                scheduler.start()
                #expect(zipped.events == [.next(221, "1x"), .next(241, "2y"), .completed(261)])
                #expect(zippedTuples.events == zipped.events)
                #expect(combined.events == [.next(221, "1x"), .next(231, "2x"), .next(241, "2y"), .completed(261)])
                #expect(combinedTuples.events == combined.events)
            }
        }

        @Test func zipAndCombineLatestOfEightSourcesTakeOneElementOfEach() {
            withTestScheduler { scheduler in
                let bag = DisposeBag()
                let sources = (1...8).map { index in
                    scheduler.createHotObservable([.next(200 + 10 * index, index)]).asDriver(onErrorJustReturn: -1)
                }
                let zipped = scheduler.createObserver(Int.self)
                let combined = scheduler.createObserver(Int.self)
                scheduler.scheduleAt(200) {
                    let s = sources
                    Driver.zip(s[0], s[1], s[2], s[3], s[4], s[5], s[6], s[7]) {
                        $0 + $1 + $2 + $3 + $4 + $5 + $6 + $7
                    }.drive(zipped).disposed(by: bag)
                    Driver.combineLatest(s[0], s[1], s[2], s[3], s[4], s[5], s[6], s[7])
                        .map { $0.0 * $0.7 }
                        .drive(combined)
                        .disposed(by: bag)
                }
                scheduler.start()
                #expect(zipped.events == [.next(281, 36)])
                #expect(combined.events == [.next(281, 8)])
            }
        }

        @Test func zipAndCombineLatestOfACollectionGiveArrays() {
            withTestScheduler { scheduler in
                let bag = DisposeBag()
                let a = scheduler.createHotObservable([.next(210, 1), .next(230, 3)]).asDriver(onErrorJustReturn: -1)
                let b = scheduler.createHotObservable([.next(220, 2)]).asDriver(onErrorJustReturn: -1)
                let zipped = scheduler.createObserver([Int].self)
                let zippedSum = scheduler.createObserver(Int.self)
                let combined = scheduler.createObserver([Int].self)
                let combinedSum = scheduler.createObserver(Int.self)
                scheduler.scheduleAt(200) {
                    Driver.zip([a, b]).drive(zipped).disposed(by: bag)
                    Driver.zip([a, b]) { $0.reduce(0, +) }.drive(zippedSum).disposed(by: bag)
                    Driver.combineLatest([a, b]).drive(combined).disposed(by: bag)
                    Driver.combineLatest([a, b]) { $0.reduce(0, +) }.drive(combinedSum).disposed(by: bag)
                }
                scheduler.start()
                #expect(zipped.events == [.next(221, [1, 2])])
                #expect(zippedSum.events == [.next(221, 3)])
                #expect(combined.events == [.next(221, [1, 2]), .next(231, [3, 2])])
                #expect(combinedSum.events == [.next(221, 3), .next(231, 5)])
            }
        }

        @Test func doRunsItsSideEffectsOncePerSharedEvent() {
            withTestScheduler { scheduler in
                var effects: [String] = []
                let xs = scheduler.createHotObservable([.next(210, 1), .completed(220)])
                let driver = xs.asDriver(onErrorJustReturn: -1).do(
                    onNext: { effects.append("next \($0)") },
                    afterNext: { effects.append("after \($0)") },
                    onCompleted: { effects.append("completed") },
                    onSubscribe: { effects.append("subscribe") },
                    onSubscribed: { effects.append("subscribed") },
                    onDispose: { effects.append("dispose") }
                )
                scheduler.scheduleAt(200) {
                    _ = driver.drive()
                    _ = driver.drive()
                }
                scheduler.start()
                #expect(effects == ["subscribe", "subscribed", "next 1", "after 1", "completed", "dispose"])
            }
        }

        @Test func signalWithUnretainedCompletesOnceTheObjectIsGone() {
            final class Owner {}
            withTestScheduler { scheduler in
                let bag = DisposeBag()
                var owner: Owner? = Owner()
                let xs = scheduler.createHotObservable([.next(210, 1), .next(230, 2)])
                let observer = scheduler.createObserver(Int.self)
                scheduler.scheduleAt(200) {
                    xs.asSignal(onErrorJustReturn: -1).withUnretained(owner!) { $1 }.emit(to: observer).disposed(by: bag)
                }
                scheduler.scheduleAt(220) { owner = nil }
                scheduler.start()
                #expect(observer.events == [.next(211, 1), .completed(231)])
            }
        }
    }
}
