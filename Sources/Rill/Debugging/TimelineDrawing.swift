#if canImport(Foundation)
import Foundation
#endif

/// Draws timelines as an SVG picture: one row per lane, time running left to right,
/// each element a labelled circle, completion a bar, an error a cross, subscriptions
/// a band under the row. The one drawing core behind the operators' marble diagrams
/// (rill-tour's `--render-marbles`, from RillTest recordings) and
/// `TraceRecorder.timelineSVG()`.
@usableFromInline
package struct TimelineDrawing {
    /// One row.
    @usableFromInline
    package struct Lane {
        @usableFromInline package var label: String
        @usableFromInline package var marks: [Mark]
        /// Drawn as a band under the row, each clipped at the end of the picture.
        @usableFromInline package var spans: [Span]
        /// The fill of element circles.
        @usableFromInline package var elementFill: String
        /// Whether the row's line stops at its first terminal event (one subscription's
        /// row) or runs to the right edge (a row of several subscriptions).
        @usableFromInline package var endsAtTerminal: Bool

        @usableFromInline package init(
            label: String, marks: [Mark], spans: [Span] = [], elementFill: String = "#c6dbef", endsAtTerminal: Bool = true
        ) {
            self.label = label
            self.marks = marks
            self.spans = spans
            self.elementFill = elementFill
            self.endsAtTerminal = endsAtTerminal
        }
    }

    /// An event on a row.
    @usableFromInline
    package struct Mark {
        @usableFromInline
        package enum Kind {
            /// An element, drawn as a circle with `text` in it.
            case element(text: String)
            case completed
            case error
        }

        @usableFromInline package var time: Double
        @usableFromInline package var kind: Kind
        /// Shown on hover.
        @usableFromInline package var title: String

        @usableFromInline package init(time: Double, kind: Kind, title: String) {
            self.time = time
            self.kind = kind
            self.title = title
        }

        @usableFromInline
        var isTerminal: Bool {
            if case .element = kind { return false }
            return true
        }
    }

    /// A subscription, from `start` to `end` (nil: still running).
    @usableFromInline
    package struct Span {
        @usableFromInline package var start: Double
        @usableFromInline package var end: Double?
        @usableFromInline package var title: String

        @usableFromInline package init(start: Double, end: Double?, title: String) {
            self.start = start
            self.end = end
            self.title = title
        }
    }

    @usableFromInline package var caption: String
    @usableFromInline package var lanes: [Lane]
    /// The times at the left and right edges of the rows.
    package var start: Double
    @usableFromInline package var end: Double

    @usableFromInline package init(caption: String, lanes: [Lane], start: Double, end: Double) {
        self.caption = caption
        self.lanes = lanes
        self.start = start
        self.end = end
    }

    @usableFromInline static var left: Double { 80 }
    @usableFromInline static var width: Double { 560 }
    @usableFromInline static var rowHeight: Double { 56 }
    @usableFromInline static var top: Double { 34 }

    @usableFromInline
    func x(_ time: Double) -> Double {
        Self.left + (time - start) / (end - start) * Self.width
    }

    @usableFromInline
    static func f(_ value: Double) -> String { String(format: "%.1f", value) }

    /// `text` with the characters XML reserves escaped.
    @usableFromInline
    package static func escaped(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
    }

    /// The picture, as an SVG document ending in a newline. Emitted only into the
    /// programs that draw one (rill-tour, `TraceRecorder.timelineSVG()`'s callers).
    @_alwaysEmitIntoClient
    package func svg() -> String {
        let f = Self.f, escaped = Self.escaped
        let left = Self.left, rowHeight = Self.rowHeight, top = Self.top
        let height = top + rowHeight * Double(lanes.count) + 10
        let totalWidth = left + Self.width + 30
        var svg = """
        <svg xmlns="http://www.w3.org/2000/svg" width="\(f(totalWidth))" height="\(f(height))" \
        viewBox="0 0 \(f(totalWidth)) \(f(height))" font-family="Menlo, monospace" font-size="13">
        <rect width="100%" height="100%" fill="#ffffff"/>
        <text x="\(f(left))" y="20" fill="#333333">\(escaped(caption))</text>

        """
        for (row, lane) in lanes.enumerated() {
            let y = top + rowHeight * Double(row) + rowHeight / 2
            svg += "<text x=\"8\" y=\"\(f(y + 4))\" fill=\"#555555\">\(escaped(lane.label))</text>\n"
            for span in lane.spans {
                let until = min(span.end ?? end, end)
                svg += "<rect x=\"\(f(x(span.start)))\" y=\"\(f(y + 14))\" width=\"\(f(x(until) - x(span.start)))\" "
                    + "height=\"4\" fill=\"#9ecae1\"><title>\(escaped(span.title))</title></rect>\n"
            }
            let elementTimes = Set(lane.marks.filter { !$0.isTerminal }.map(\.time))
            let terminal = lane.endsAtTerminal ? lane.marks.first { $0.isTerminal }?.time : nil
            let lineEnd = terminal.map { x($0) + (elementTimes.contains($0) ? 18 : 0) } ?? x(end)
            svg += "<line x1=\"\(f(left))\" y1=\"\(f(y))\" x2=\"\(f(lineEnd))\" y2=\"\(f(y))\" stroke=\"#333333\" stroke-width=\"1.5\"/>\n"
            for mark in lane.marks {
                // A terminal event at the same time as an element is drawn just after it.
                let shift = mark.isTerminal && elementTimes.contains(mark.time) ? 18.0 : 0
                let cx = x(mark.time) + shift
                let title = escaped(mark.title)
                switch mark.kind {
                case .element(let text):
                    svg += "<circle cx=\"\(f(cx))\" cy=\"\(f(y))\" r=\"13\" fill=\"\(lane.elementFill)\" stroke=\"#333333\"><title>\(title)</title></circle>\n"
                    svg += "<text x=\"\(f(cx))\" y=\"\(f(y + 4))\" text-anchor=\"middle\" fill=\"#000000\">\(escaped(text))</text>\n"
                case .completed:
                    svg += "<line x1=\"\(f(cx))\" y1=\"\(f(y - 12))\" x2=\"\(f(cx))\" y2=\"\(f(y + 12))\" stroke=\"#333333\" stroke-width=\"2.5\"><title>\(title)</title></line>\n"
                case .error:
                    svg += "<text x=\"\(f(cx))\" y=\"\(f(y + 6))\" text-anchor=\"middle\" font-size=\"20\" fill=\"#cb181d\">✕<title>\(title)</title></text>\n"
                }
            }
        }
        return svg + "</svg>\n"
    }
}
