import Foundation
import Rill

/// Article 000: "Creating Observables".
let creatingObservables = Chapter(name: "Creating observables", source: "spec/000 Creating Observables") { tour in
    tour.section("just, deferred, of, from")
    tour.check("just(\"hello\") delivered \(record(Observable.just("hello")))", record(Observable.just("hello")) == ["hello", "|"])

    var clockReads = 0
    func readClock() -> Int {
        clockReads += 1
        return clockReads
    }
    let eagerReading = Observable.just(readClock())
    let eagerFirst = record(eagerReading), eagerSecond = record(eagerReading)
    tour.check(
        "just evaluated its argument \(clockReads) time for 2 subscribers, who both got \(eagerFirst[0])",
        clockReads == 1 && eagerFirst == ["1", "|"] && eagerSecond == ["1", "|"]
    )
    let freshReading = Observable.deferred { Observable.just(readClock()) }
    let readsBefore = clockReads
    let freshFirst = record(freshReading), freshSecond = record(freshReading)
    tour.check(
        "deferred read the clock \(clockReads - readsBefore) times for 2 subscribers: readings \(freshFirst[0]) and \(freshSecond[0])",
        readsBefore == 1 && freshFirst == ["2", "|"] && freshSecond == ["3", "|"]
    )

    let ofArray = record(Observable.of([1, 2, 3])), fromArray = record(Observable.from([1, 2, 3]))
    tour.check(
        "of([1, 2, 3]) emitted \(ofArray.count - 1) element; from([1, 2, 3]) emitted \(fromArray.count - 1)",
        ofArray == ["[1, 2, 3]", "|"] && fromArray == ["1", "2", "3", "|"]
    )
    let noQuery: String? = nil
    tour.check(
        "from(optional: nil) delivered \(record(Observable.from(optional: noQuery))); from(optional: \"swift\") \(record(Observable.from(optional: "swift")))",
        record(Observable.from(optional: noQuery)) == ["|"] && record(Observable.from(optional: "swift")) == ["swift", "|"]
    )

    tour.section("range, generate, repeatElement, and the trampoline")
    let powers = record(Observable.generate(initialState: 1, condition: { $0 < 100 }, iterate: { $0 * 3 }))
    tour.check("generate(1, < 100, * 3) delivered \(powers.dropLast().joined(separator: ", "))", powers == ["1", "3", "9", "27", "81", "|"])
    tour.check("range(start: 5, count: 3) delivered \(record(Observable.range(start: 5, count: 3)))",
               record(Observable.range(start: 5, count: 3)) == ["5", "6", "7", "|"])
    var stackDepths: [Int] = []
    let depthProbe = Observable.range(start: 1, count: 10_000)
        .subscribe(onNext: { _ in stackDepths.append(Thread.callStackSymbols.count) })
    depthProbe.dispose()
    tour.check(
        "range delivered \(stackDepths.count.formatted()) elements at \(Set(stackDepths).count) stack depth",
        stackDepths.count == 10_000 && Set(stackDepths).count == 1
    )

    tour.section("empty, never, error")
    tour.check("empty() delivered \(record(Observable<Int>.empty())), never() \(record(Observable<Int>.never())), error(boom) \(record(Observable<Int>.error(DemoError.boom)))",
               record(Observable<Int>.empty()) == ["|"] && record(Observable<Int>.never()) == []
                   && record(Observable<Int>.error(DemoError.boom)) == ["x(boom)"])
}
