import Foundation
import Rill
import RillTest

// Marble diagrams drawn from the truth: each operator's example runs on a TestScheduler,
// and the recorded timelines (the inputs with their subscription spans, and the output)
// are drawn as an SVG. `Scripts/render-marbles.sh` calls `rill-tour --render-marbles DIR`
// to write them into the DocC catalogue's Resources, and `--check` to fail when a
// checked-in picture differs from what the code does today.

let renderMarblesArgument = "--render-marbles"

/// One line of a diagram: what a hot input sent, or what the operator delivered.
struct MarbleTimeline {
    let label: String
    let events: [Recorded<Event<String>>]
    /// The input's subscriptions, drawn as a band under its line (none for the output).
    let subscriptions: [Subscription]

    init<Element>(_ label: String, _ events: [Recorded<Event<Element>>], subscriptions: [Subscription] = []) {
        self.label = label
        self.events = events.map { Recorded(time: $0.time, value: $0.value.map { "\($0)" }) }
        self.subscriptions = subscriptions
    }
}

/// An operator's example: its file name (`marble-<name>.svg`) and the timelines it recorded.
struct MarbleExample {
    let name: String
    let caption: String
    let record: () -> [MarbleTimeline]
}

/// Runs `operation` over one hot input on a fresh scheduler, with the default times
/// (created 100, subscribed 200, disposed 1000).
func unary<Output>(
    _ input: [Recorded<Event<Int>>], _ operation: @escaping (Observable<Int>, TestScheduler) -> Observable<Output>
) -> () -> [MarbleTimeline] {
    {
        let scheduler = TestScheduler(initialClock: 0)
        let source = scheduler.createHotObservable(input)
        let observer = scheduler.start { operation(source.asObservable(), scheduler) }
        return [MarbleTimeline("source", source.recordedEvents, subscriptions: source.subscriptions),
                MarbleTimeline("result", observer.events)]
    }
}

/// Runs `operation` over two hot inputs on a fresh scheduler.
func binary<Output>(
    _ first: [Recorded<Event<Int>>], _ second: [Recorded<Event<String>>],
    _ operation: @escaping (Observable<Int>, Observable<String>) -> Observable<Output>
) -> () -> [MarbleTimeline] {
    {
        let scheduler = TestScheduler(initialClock: 0)
        let left = scheduler.createHotObservable(first)
        let right = scheduler.createHotObservable(second)
        let observer = scheduler.start { operation(left.asObservable(), right.asObservable()) }
        return [MarbleTimeline("first", left.recordedEvents, subscriptions: left.subscriptions),
                MarbleTimeline("second", right.recordedEvents, subscriptions: right.subscriptions),
                MarbleTimeline("result", observer.events)]
    }
}

/// The examples, in the order the operators article shows them.
func makeMarbleExamples() -> [MarbleExample] {
    let numbers: [Recorded<Event<Int>>] = [.next(210, 1), .next(240, 2), .next(270, 3), .next(300, 4), .completed(330)]
    let letters: [Recorded<Event<String>>] = [.next(225, "a"), .next(285, "b"), .completed(345)]
    return [
        MarbleExample(name: "map", caption: "map { $0 * 10 }", record: unary(numbers) { source, _ in source.map { $0 * 10 } }),
        MarbleExample(name: "filter", caption: "filter { $0 % 2 == 0 }", record: unary(numbers) { source, _ in source.filter { $0 % 2 == 0 } }),
        MarbleExample(name: "scan", caption: "scan(0, accumulator: +)", record: unary(numbers) { source, _ in source.scan(0, accumulator: +) }),
        MarbleExample(name: "take", caption: "take(2)", record: unary(numbers) { source, _ in source.take(2) }),
        MarbleExample(name: "skip", caption: "skip(2)", record: unary(numbers) { source, _ in source.skip(2) }),
        MarbleExample(name: "distinctUntilChanged", caption: "distinctUntilChanged()", record: unary(
            [.next(210, 1), .next(240, 1), .next(270, 2), .next(300, 2), .next(320, 1), .completed(340)]
        ) { source, _ in source.distinctUntilChanged() }),
        MarbleExample(name: "startWith", caption: "startWith(0)", record: unary(numbers) { source, _ in source.startWith(0) }),
        MarbleExample(name: "debounce", caption: "debounce(.seconds(20))", record: unary(
            [.next(210, 1), .next(220, 2), .next(260, 3), .next(270, 4), .next(280, 5), .completed(340)]
        ) { source, scheduler in source.debounce(.seconds(20), scheduler: scheduler) }),
        MarbleExample(name: "throttle", caption: "throttle(.seconds(40))", record: unary(
            [.next(210, 1), .next(220, 2), .next(230, 3), .next(290, 4), .next(300, 5), .completed(360)]
        ) { source, scheduler in source.throttle(.seconds(40), scheduler: scheduler) }),
        MarbleExample(name: "delay", caption: "delay(.seconds(20))", record: unary(numbers) { source, scheduler in
            source.delay(.seconds(20), scheduler: scheduler)
        }),
        MarbleExample(name: "catchAndReturn", caption: "catchAndReturn(0)", record: unary(
            [.next(210, 1), .next(240, 2), .error(DemoError.boom, at: 270)]
        ) { source, _ in source.catchAndReturn(0) }),
        MarbleExample(name: "retryBackoff", caption: "retry(3, backoff: .exponential(initial: 20 s, maxDelay: 60 s))",
                      record: retryBackoffTimelines),
        MarbleExample(name: "merge", caption: "merge(first, second)", record: binary(numbers, letters) { first, second in
            Observable.merge(first.map { "\($0)" }, second)
        }),
        MarbleExample(name: "concat", caption: "concat(first, second)", record: binary(
            [.next(210, 1), .next(240, 2), .completed(250)], [.next(225, "a"), .next(285, "b"), .completed(300)]
        ) { first, second in Observable.concat(first.map { "\($0)" }, second) }),
        MarbleExample(name: "zip", caption: "zip(first, second) { \"\\($0)\\($1)\" }", record: binary(numbers, letters) { first, second in
            Observable.zip(first, second) { "\($0)\($1)" }
        }),
        MarbleExample(name: "combineLatest", caption: "combineLatest(first, second) { \"\\($0)\\($1)\" }", record: binary(numbers, letters) { first, second in
            Observable.combineLatest(first, second) { "\($0)\($1)" }
        }),
        MarbleExample(name: "withLatestFrom", caption: "first.withLatestFrom(second) { \"\\($0)\\($1)\" }", record: binary(numbers, letters) { first, second in
            first.withLatestFrom(second) { "\($0)\($1)" }
        }),
    ]
}

/// `retry(_:backoff:scheduler:)` over a cold source that fails 30 ticks after each
/// subscription: one row per attempt (its events at their virtual times, and its
/// subscription), then the result.
private func retryBackoffTimelines() -> [MarbleTimeline] {
    let scheduler = TestScheduler(initialClock: 0)
    let source = scheduler.createColdObservable([.next(10, 1), .error(DemoError.boom, at: 30)])
    let observer = scheduler.start {
        source.retry(3, backoff: .exponential(initial: .seconds(20), maxDelay: .seconds(60)), scheduler: scheduler)
    }
    let attempts = source.subscriptions.enumerated().map { number, span in
        let events = source.recordedEvents
            .map { Recorded(time: span.subscribe + $0.time, value: $0.value) }
            .filter { $0.time <= span.unsubscribe }
        return MarbleTimeline("attempt \(number + 1)", events, subscriptions: [span])
    }
    return attempts + [MarbleTimeline("result", observer.events)]
}

extension Recorded where Value == Event<Int> {
    /// An error event at `time`, for the examples' inputs.
    static func error(_ error: any Swift.Error, at time: TestTime) -> Recorded<Event<Int>> {
        Recorded(time: time, value: .error(error))
    }
}

/// Draws timelines as an SVG: one row per timeline, time running left to right from
/// just before the subscription (200) to just after the last event. The drawing is
/// Rill's `TimelineDrawing`, which also draws `TraceRecorder.timelineSVG()`.
func renderSVG(_ timelines: [MarbleTimeline], caption: String) -> String {
    let times = timelines.flatMap { $0.events.map(\.time) }
    let end = max((times.max() ?? 300) + 20, 260)
    let lanes = timelines.enumerated().map { row, timeline in
        TimelineDrawing.Lane(
            label: timeline.label,
            marks: timeline.events.map(marbleMark),
            spans: timeline.subscriptions.map { span in
                let until = span.unsubscribe == Int.max ? "∞" : "\(span.unsubscribe)"
                return TimelineDrawing.Span(
                    start: Double(span.subscribe), end: Double(min(span.unsubscribe, end)),
                    title: "subscribed \(span.subscribe)–\(until)"
                )
            },
            elementFill: row == timelines.count - 1 ? "#fdd49e" : "#c6dbef"
        )
    }
    return TimelineDrawing(caption: caption, lanes: lanes, start: 190, end: Double(end)).svg()
}

/// One recorded event as a mark of the drawing.
private func marbleMark(_ recorded: Recorded<Event<String>>) -> TimelineDrawing.Mark {
    let time = Double(recorded.time)
    switch recorded.value {
    case .next(let element):
        return TimelineDrawing.Mark(time: time, kind: .element(text: element), title: "next(\(element)) @ \(recorded.time)")
    case .completed:
        return TimelineDrawing.Mark(time: time, kind: .completed, title: "completed @ \(recorded.time)")
    case .error:
        return TimelineDrawing.Mark(time: time, kind: .error, title: "error @ \(recorded.time)")
    }
}

/// Writes (or, with `check`, compares) every example's SVG in `directory`. Exits 0 when
/// everything is written or matches, 1 when a checked-in picture differs or is missing.
func renderMarbles(into directory: String, check: Bool) -> Never {
    var stale: [String] = []
    let examples = makeMarbleExamples()
    for example in examples {
        let svg = renderSVG(example.record(), caption: example.caption)
        let path = (directory as NSString).appendingPathComponent("marble-\(example.name).svg")
        if check {
            let existing = try? String(contentsOfFile: path, encoding: .utf8)
            if existing != svg { stale.append(path) }
        } else {
            do {
                try svg.write(toFile: path, atomically: true, encoding: .utf8)
            } catch {
                FileHandle.standardError.write(Data("rill-tour: cannot write \(path): \(error)\n".utf8))
                exit(1)
            }
        }
    }
    if stale.isEmpty {
        print("\(examples.count) marble diagrams \(check ? "match the code" : "written to \(directory)")")
        exit(0)
    }
    print("marble diagrams that differ from what the code does (rerun Scripts/render-marbles.sh):")
    for path in stale { print("  \(path)") }
    exit(1)
}
