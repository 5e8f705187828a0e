#if canImport(Foundation)
import Foundation
#endif

/// Draws timelines as an SVG picture: one row per lane, time running left to right,
/// each element a labelled circle, completion a bar, an error a cross, subscriptions
/// a band under the row. The one drawing core behind the operators' marble diagrams
/// (rill-tour's `--render-marbles`, from RillTest recordings) and
/// `TraceRecorder.timelineSVG()`.
package struct TimelineDrawing {
    /// One row.
    package struct Lane {
        package var label: String
        package var marks: [Mark]
        /// Drawn as a band under the row, each clipped at the end of the picture.
        package var spans: [Span]
        /// The fill of element circles.
        package var elementFill: String
        /// Whether the row's line stops at its first terminal event (one subscription's
        /// row) or runs to the right edge (a row of several subscriptions).
        package var endsAtTerminal: Bool

        package init(
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
    package struct Mark {
        package enum Kind {
            /// An element, drawn as a circle with `text` in it.
            case element(text: String)
            case completed
            case error
        }

        package var time: Double
        package var kind: Kind
        /// Shown on hover.
        package var title: String

        package init(time: Double, kind: Kind, title: String) {
            self.time = time
            self.kind = kind
            self.title = title
        }

        var isTerminal: Bool {
            if case .element = kind { return false }
            return true
        }
    }

    /// A subscription, from `start` to `end` (nil: still running).
    package struct Span {
        package var start: Double
        package var end: Double?
        package var title: String

        package init(start: Double, end: Double?, title: String) {
            self.start = start
            self.end = end
            self.title = title
        }
    }

    package var caption: String
    package var lanes: [Lane]
    /// The times at the left and right edges of the rows.
    package var start: Double
    package var end: Double

    package init(caption: String, lanes: [Lane], start: Double, end: Double) {
        self.caption = caption
        self.lanes = lanes
        self.start = start
        self.end = end
    }

    private static var left: Double { 80 }
    private static var width: Double { 560 }
    private static var rowHeight: Double { 56 }
    private static var top: Double { 34 }

    private func x(_ time: Double) -> Double {
        Self.left + (time - start) / (end - start) * Self.width
    }

    private static func f(_ value: Double) -> String { String(format: "%.1f", value) }

    /// `text` with the characters XML reserves escaped.
    package static func escaped(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
    }

    /// The picture, as an SVG document ending in a newline.
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
