import Rill

/// Draws recorded events as marble diagrams, choosing one symbol per distinct
/// element (by its description) so that several lines drawn by the same
/// renderer use the same symbols.
struct MarbleRenderer<Element> {
    private static var reserved: Set<Character> { ["-", "|", "#", "(", ")", "^", " "] }
    private static var spareSymbols: String { "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789" }

    let frame: TestTime
    /// The time drawn as `^`, or `nil` for a diagram without one (frame 0 at time 0).
    let subscribed: TestTime?
    private var symbols: [String: Character] = [:]
    private var used: Set<Character> = []
    /// Symbols the renderer picked for elements whose description is not a
    /// usable single character: `(symbol, description)`.
    private(set) var legend: [(symbol: Character, meaning: String)] = []

    /// A renderer for `events`, preferring the symbols of `values`.
    init(frame: TestTime, subscribed: TestTime?, values: [Character: Element], events: [[Recorded<Event<Element>>]]) {
        precondition(frame > 0, "Marble frame length must be positive, got \(frame)")
        self.frame = frame
        self.subscribed = subscribed
        for (symbol, value) in values.sorted(by: { $0.key < $1.key }) {
            let meaning = String(describing: value)
            if symbols[meaning] == nil { symbols[meaning] = symbol }
            used.insert(symbol)
        }
        var meanings: [String] = []
        for case .next(let element) in events.joined().map(\.value) {
            meanings.append(String(describing: element))
        }
        // Elements that read as one character keep it; the rest get spare symbols after.
        for meaning in meanings where symbols[meaning] == nil {
            guard meaning.count == 1, let symbol = meaning.first, !Self.reserved.contains(symbol),
                !used.contains(symbol) else { continue }
            symbols[meaning] = symbol
            used.insert(symbol)
        }
        for meaning in meanings where symbols[meaning] == nil {
            let symbol = Self.spareSymbols.first { !used.contains($0) } ?? "?"
            symbols[meaning] = symbol
            used.insert(symbol)
            legend.append((symbol, meaning))
        }
    }

    /// The frame `time` falls in, counted from the subscription point (or time 0).
    func frameIndex(of time: TestTime) -> Int {
        let offset = time - (subscribed ?? 0)
        return offset >= 0 ? offset / frame : -((-offset + frame - 1) / frame)
    }

    /// The first frame a diagram of `events` starts at: the earliest event's, or
    /// the subscription point's (time 0's) if that is earlier.
    func firstFrame(of events: [Recorded<Event<Element>>]) -> Int {
        events.map { frameIndex(of: $0.time) }.reduce(0, min)
    }

    /// Draws `events` starting at frame `first`, so that lines drawn from the
    /// same `first` line up column by column. Events between frame boundaries
    /// are drawn in the frame they fall in.
    func line(_ events: [Recorded<Event<Element>>], from first: Int) -> String {
        var byFrame: [Int: [Event<Element>]] = [:]
        for recorded in events {
            byFrame[frameIndex(of: recorded.time), default: []].append(recorded.value)
        }
        let lastEventFrame = byFrame.keys.max() ?? first - 1
        let last = subscribed == nil ? lastEventFrame : max(lastEventFrame, -1)
        var line = ""
        if first <= last {
            for index in first...last {
                if subscribed != nil && index == 0 { line.append("^") }
                line += slot(byFrame[index] ?? [])
            }
        }
        if subscribed != nil && last < 0 { line.append("^") }
        return line
    }

    private func slot(_ events: [Event<Element>]) -> String {
        switch events.count {
        case 0: return "-"
        case 1: return String(symbol(for: events[0]))
        default: return "(" + String(events.map(symbol(for:))) + ")"
        }
    }

    private func symbol(for event: Event<Element>) -> Character {
        switch event {
        case .next(let element): return symbols[String(describing: element)] ?? "?"
        case .error: return "#"
        case .completed: return "|"
        }
    }
}
