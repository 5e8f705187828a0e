#if canImport(Foundation)
import Foundation
#endif
#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Records what the points of a chain marked with `trace(_:to:)` did, and when: each
/// subscription as a span (subscribed to disposed) and each event as an instant, with
/// the thread it ran on. Write the recording out as a Chrome trace (`chromeTraceJSON()`,
/// which Perfetto opens, and Chrome DevTools for its events) or as a timeline picture any browser
/// shows (`timelineSVG()`).
///
/// Times come from a scheduler's clock when one is given (on RillTest's
/// `TestScheduler`, virtual time, so a test's trace is the same on every run), else
/// from a monotonic clock that starts with the recorder.
///
/// ```swift
/// let recorder = TraceRecorder()
/// query.trace("query", to: recorder)
///     .debounce(.milliseconds(300), scheduler: MainScheduler.instance)
///     .trace("debounced", to: recorder)
///     .subscribe(onNext: search)
///     .disposed(by: bag)
/// // later
/// try recorder.chromeTraceJSON().write(toFile: "/tmp/search.json", atomically: true, encoding: .utf8)
/// ```
///
/// A recorder is safe to use from any thread. It keeps every record until it is
/// released (or `clear()` is called): trace a bounded piece of work.
public final class TraceRecorder: @unchecked Sendable {
    // Sendable: the records are behind `state`'s lock; `clock` is immutable.
    private let clock: Clock
    private let state = Locked(TraceState())

    private enum Clock {
        case scheduler(any SchedulerType)
        case monotonic(origin: UInt64)
    }

    /// A recorder timed by a monotonic clock: times are seconds since the recorder was made.
    public init() {
        clock = .monotonic(origin: SubscriptionTracking.monotonicNanoseconds())
    }

    /// A recorder timed by `scheduler`'s clock: times are `scheduler.now` in seconds
    /// since 1970, which on `TestScheduler` (resolution 1) are its ticks.
    ///
    /// - Parameter scheduler: The scheduler whose `now` times the records.
    public init(scheduler: any SchedulerType) {
        clock = .scheduler(scheduler)
    }

    /// Forgets everything recorded so far.
    public func clear() {
        state.withLock { $0 = TraceState() }
    }

    // MARK: Recording

    private var now: Double {
        switch clock {
        case .scheduler(let scheduler):
            return scheduler.now.timeIntervalSince1970
        case .monotonic(let origin):
            return Double(SubscriptionTracking.monotonicNanoseconds() &- origin) / 1_000_000_000
        }
    }

    /// Starts a span for a new subscription at `point` and returns its number.
    func subscribed(_ point: String) -> Int {
        let time = now, thread = TraceThread.current
        return state.withLock { state in
            state.nextSpan += 1
            state.append(point: point, span: state.nextSpan, time: time, thread: thread, kind: .subscribed)
            return state.nextSpan
        }
    }

    /// Records `kind` for the subscription `span` at `point`.
    func record(_ kind: TraceRecord.Kind, point: String, span: Int) {
        let time = now, thread = TraceThread.current
        state.withLock { state in
            state.append(point: point, span: span, time: time, thread: thread, kind: kind)
        }
    }

    @usableFromInline
    var records: (records: [TraceRecord], threads: [TraceThread]) {
        state.withLock { ($0.records, $0.threads) }
    }

    // MARK: Output

    /// The recording in the Chrome Trace Event format (JSON object form).
    ///
    /// Perfetto (ui.perfetto.dev, "Open trace file", which reads the file in the
    /// browser without uploading it) draws the subscriptions as spans and the events
    /// as instants on their threads. Chrome's DevTools Performance panel ("Load
    /// profile") draws the events on their threads but not the spans: it draws async
    /// spans only for its own categories.
    ///
    /// Each subscription is an async span (`"ph": "b"` / `"e"`, category
    /// `subscription`) named after its traced point; it may begin on one thread and
    /// end on another, and spans of different points overlap without nesting, which
    /// only async events describe. Each event is a thread-scoped instant (`"ph": "I"`,
    /// category `event`: the spelling every viewer reads, where DevTools ignores the
    /// newer `"i"`) named `point: next(value)`,
    /// `point: error(…)` or `point: completed`, on the thread it ran on. Threads are
    /// numbered in the order they first appear and named in metadata events. `ts` is in
    /// microseconds.
    ///
    /// - Returns: The JSON text.
    @_alwaysEmitIntoClient  // only in programs that write a trace
    public func chromeTraceJSON() -> String {
        let (records, threads) = self.records
        var events: [String] = [
            #"{"name":"process_name","ph":"M","pid":1,"tid":0,"args":{"name":"Rill trace"}}"#
        ]
        for thread in threads {
            events.append(#"{"name":"thread_name","ph":"M","pid":1,"tid":\#(thread.number),"args":{"name":\#(json(thread.name))}}"#)
        }
        for record in records {
            let common = #""ts":\#(microseconds(record.time)),"pid":1,"tid":\#(record.thread)"#
            switch record.kind {
            case .subscribed:
                events.append(#"{"name":\#(json(record.point)),"cat":"subscription","ph":"b","id":\#(record.span),\#(common),"args":{"subscription":\#(record.span)}}"#)
            case .disposed:
                events.append(#"{"name":\#(json(record.point)),"cat":"subscription","ph":"e","id":\#(record.span),\#(common)}"#)
            case .next(let value), .error(let value):
                let kind = if case .next = record.kind { "next" } else { "error" }
                events.append(#"{"name":\#(json("\(record.point): \(kind)(\(value))")),"cat":"event","ph":"I","s":"t",\#(common),"args":{"subscription":\#(record.span),"\#(kind)":\#(json(value))}}"#)
            case .completed:
                events.append(#"{"name":\#(json("\(record.point): completed")),"cat":"event","ph":"I","s":"t",\#(common),"args":{"subscription":\#(record.span)}}"#)
            }
        }
        return "{\"traceEvents\":[\n" + events.joined(separator: ",\n") + "\n],\"displayTimeUnit\":\"ms\"}\n"
    }

    /// The recording drawn as a timeline: one row per traced point (in the order the
    /// points first appear; a chain subscribed at once from its source down), each
    /// element a marble with its value (the first two characters and "…" if longer), completion a bar, an error a cross, each subscription a band under its
    /// row. Hover over a mark for its value, time and thread. Open the file in any
    /// browser.
    ///
    /// - Returns: The SVG document.
    @_alwaysEmitIntoClient  // only in programs that draw a trace
    public func timelineSVG() -> String {
        let (records, threads) = self.records
        let threadNames = Dictionary(uniqueKeysWithValues: threads.map { ($0.number, $0.name) })
        // Rows in the order the points first appear in time; points subscribed at the
        // same instant from the source down (a chain subscribes from its subscriber up).
        var firstSeen: [String: (time: Double, index: Int)] = [:]
        for (index, record) in records.enumerated() where firstSeen[record.point] == nil {
            firstSeen[record.point] = (record.time, index)
        }
        let points = firstSeen.keys.sorted { a, b in
            let (first, second) = (firstSeen[a]!, firstSeen[b]!)
            return first.time != second.time ? first.time < second.time : first.index > second.index
        }
        let times = records.map(\.time)
        let first = times.min() ?? 0, last = times.max() ?? 1
        let margin = max((last - first) * 0.05, last == first ? 1 : 0)
        let lanes = points.map { point in
            let mine = records.filter { $0.point == point }
            var marks: [TimelineDrawing.Mark] = []
            var spans: [Int: TimelineDrawing.Span] = [:]
            var spanOrder: [Int] = []
            for record in mine {
                let at = "\(formatTime(record.time)) on \(threadNames[record.thread] ?? "?")"
                switch record.kind {
                case .subscribed:
                    spanOrder.append(record.span)
                    spans[record.span] = TimelineDrawing.Span(
                        start: record.time, end: nil, title: "subscription \(record.span): subscribed @ \(at), still running"
                    )
                case .disposed:
                    if let start = spans[record.span]?.start {
                        spans[record.span] = TimelineDrawing.Span(
                            start: start, end: record.time,
                            title: "subscription \(record.span): \(formatTime(start))–\(formatTime(record.time))"
                        )
                    }
                case .next(let value):
                    marks.append(TimelineDrawing.Mark(
                        time: record.time, kind: .element(text: value.count > 3 ? value.prefix(2) + "…" : value),
                        title: "next(\(value)) @ \(at)"
                    ))
                case .error(let value):
                    marks.append(TimelineDrawing.Mark(time: record.time, kind: .error, title: "error(\(value)) @ \(at)"))
                case .completed:
                    marks.append(TimelineDrawing.Mark(time: record.time, kind: .completed, title: "completed @ \(at)"))
                }
            }
            return TimelineDrawing.Lane(
                label: point, marks: marks, spans: spanOrder.compactMap { spans[$0] }, endsAtTerminal: spanOrder.count <= 1
            )
        }
        let caption = "Rill trace: \(formatTime(first)) to \(formatTime(last))"
        return TimelineDrawing(caption: caption, lanes: lanes, start: first - margin, end: last + margin).svg()
    }

    /// A time for people: the scheduler's seconds as they are (`210`, `210.5`), a
    /// monotonic time in milliseconds.
    @usableFromInline
    func formatTime(_ seconds: Double) -> String {
        switch clock {
        case .scheduler:
            return Self.shortest(seconds)
        case .monotonic:
            return String(format: "%.3f ms", seconds * 1000)
        }
    }

    /// `seconds` in microseconds, without a fraction when it has none.
    @usableFromInline
    func microseconds(_ seconds: Double) -> String {
        Self.shortest((seconds * 1_000_000 * 1000).rounded() / 1000)
    }

    private static func shortest(_ value: Double) -> String {
        if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
        return String(format: "%.3f", value)
    }

    /// `text` as a JSON string literal.
    @usableFromInline
    func json(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case _ where scalar.value < 0x20:
                result += String(format: "\\u%04x", scalar.value)
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }
}

/// One thing a traced point did.
@usableFromInline
struct TraceRecord {
    @usableFromInline
    enum Kind {
        case subscribed
        case disposed
        case next(String)
        case error(String)
        case completed
    }

    @usableFromInline let point: String
    @usableFromInline let span: Int
    /// Seconds on the recorder's clock.
    @usableFromInline let time: Double
    /// The thread's number in the recording (1, 2, ...).
    @usableFromInline let thread: Int
    @usableFromInline let kind: Kind
}

/// A thread as a recording names it.
@usableFromInline
struct TraceThread {
    @usableFromInline let number: Int
    @usableFromInline let name: String

    /// The calling thread's identity and whether it is the main thread.
    static var current: (id: UInt, isMain: Bool) {
        #if canImport(Darwin)
        let id = UInt(bitPattern: pthread_self())
        #else
        let id = UInt(pthread_self())
        #endif
        #if canImport(Foundation)
        return (id, Thread.isMainThread)
        #else
        return (id, false)
        #endif
    }
}

/// A recorder's records and the threads they ran on.
struct TraceState {
    var records: [TraceRecord] = []
    var threads: [TraceThread] = []
    var threadNumbers: [UInt: Int] = [:]
    var nextSpan = 0

    mutating func append(point: String, span: Int, time: Double, thread: (id: UInt, isMain: Bool), kind: TraceRecord.Kind) {
        let number: Int
        if let known = threadNumbers[thread.id] {
            number = known
        } else {
            number = threads.count + 1
            threadNumbers[thread.id] = number
            threads.append(TraceThread(number: number, name: "thread \(number)" + (thread.isMain ? " (main)" : "")))
        }
        records.append(TraceRecord(point: point, span: span, time: time, thread: number, kind: kind))
    }
}
