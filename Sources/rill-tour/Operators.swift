import Foundation
import Rill
import RillTest

/// The operator catalogue, measured in virtual time (RillTest) the way RxSwift's
/// users test it.
let operatorsChapter = Chapter(name: "Operators", source: "Sources/Rill/Rill.docc/OperatorsByFamily.md") { tour in
    tour.section("of versus from")
    tour.check("of([1, 2, 3]) emitted \(record(Observable.of([1, 2, 3]))); from([1, 2, 3]) emitted \(record(Observable.from([1, 2, 3])))",
               record(Observable.of([1, 2, 3])) == ["[1, 2, 3]", "|"] && record(Observable.from([1, 2, 3])) == ["1", "2", "3", "|"])

    tour.section("flatMapLatest drops stale inner results")
    let scheduler = TestScheduler(initialClock: 0)
    let queries = try scheduler.createHotObservable("^-a----b----|", values: ["a": "ada", "b": "bob"])
    let results = scheduler.start {
        // Each "request" answers 30 ticks after it starts; "ada" is superseded by
        // "bob" after 50, so only bob's answer arrives.
        queries.flatMapLatest { query in
            Observable<Int>.timer(.seconds(30), scheduler: scheduler).map { _ in "results for \(query)" }
        }
    }
    tour.check("flatMapLatest delivered \(results.events.compactMap(\.value.element))",
               results.events.compactMap(\.value.element) == ["results for ada", "results for bob"])
    let slow = TestScheduler(initialClock: 0)
    let fastQueries = try slow.createHotObservable("^-a-b-------|", values: ["a": "ada", "b": "bob"])
    let latestOnly = slow.start {
        fastQueries.flatMapLatest { query in
            Observable<Int>.timer(.seconds(30), scheduler: slow).map { _ in "results for \(query)" }
        }
    }
    tour.check("a query replaced before its answer: only \(latestOnly.events.compactMap(\.value.element)) arrived",
               latestOnly.events.compactMap(\.value.element) == ["results for bob"])

    tour.section("combining")
    let zipped = record(Observable.zip(Observable.of(1, 2, 3), Observable.of("a", "b")) { "\($0)\($1)" })
    tour.check("zip(of(1, 2, 3), of(a, b)) emitted \(zipped)", zipped == ["1a", "2b", "|"])
    let merged = record(Observable.merge(Observable.of(1, 2, 3), Observable.of(10, 20, 30)))
    tour.check("merge of two synchronous sources interleaves on the trampoline: \(merged)",
               merged == ["1", "10", "2", "20", "3", "30", "|"])
    let concatenated = record(Observable.concat(Observable.of(1, 2), Observable.of(3)))
    tour.check("concat(of(1, 2), of(3)) emitted \(concatenated)", concatenated == ["1", "2", "3", "|"])

    tour.section("filtering and time")
    let distinct = record(Observable.of(1, 1, 2, 2, 1).distinctUntilChanged())
    tour.check("distinctUntilChanged on 1, 1, 2, 2, 1: \(distinct)", distinct == ["1", "2", "1", "|"])
    let typing = TestScheduler(initialClock: 0)
    let keystrokes: TestableObservable<String> = try typing.createHotObservable("^-a-b-c-------d---|")
    let debounced = typing.start { keystrokes.debounce(.seconds(30), scheduler: typing) }
    tour.check("debounce(30) over a burst kept \(debounced.events.compactMap(\.value.element))",
               debounced.events.compactMap(\.value.element) == ["c", "d"])

    tour.section("errors")
    var attempts = 0
    let flaky = Observable<String>.deferred {
        attempts += 1
        return attempts < 3 ? .error(DemoError.timeout) : .just("third time lucky")
    }
    let retried = record(flaky.retry(3))
    tour.check("retry(3) succeeded after \(attempts) attempts: \(retried)", retried == ["third time lucky", "|"] && attempts == 3)
    let clock = TestScheduler(initialClock: 0)
    let failingRequest = clock.createColdObservable([.next(10, "partial"), .error(20, DemoError.timeout)])
    let backedOff = clock.start {
        failingRequest.retry(4, backoff: .exponential(initial: .seconds(10), maxDelay: .seconds(25)), scheduler: clock)
    }
    let attemptStarts = failingRequest.subscriptions.map(\.subscribe)
    tour.check("retry(4, backoff: exponential from 10, capped at 25) subscribed at \(attemptStarts) "
               + "and delivered the last error at \(backedOff.events.last?.time ?? -1)",
               attemptStarts == [200, 230, 270, 315] && backedOff.events.last == .error(335, DemoError.timeout))
    let caught = record(Observable<Int>.error(DemoError.boom).catchAndReturn(0))
    tour.check("catchAndReturn(0) turned the error into \(caught)", caught == ["0", "|"])
}
