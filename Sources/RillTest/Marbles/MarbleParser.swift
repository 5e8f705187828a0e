import Rill

/// Reads a marble diagram into recorded events. See `Marble` for the syntax.
struct MarbleParser<Element> {
    /// The parsed events and whether the diagram marked a subscription point.
    struct Result {
        var events: [Recorded<Event<Element>>]
        var hasSubscriptionPoint: Bool
    }

    let diagram: String
    let value: (Character) -> Element?
    /// Names the symbols of `values:` in a "no value" message; `nil` when symbols
    /// are read as the elements themselves.
    let knownSymbols: String?
    let error: any Swift.Error
    let frame: TestTime
    let subscribed: TestTime
    let allowsSubscriptionPoint: Bool

    func parse() throws -> Result {
        precondition(frame > 0, "Marble frame length must be positive, got \(frame)")
        var frameIndex = 0
        var subscriptionFrame: Int?
        var subscriptionOffset = 0
        var groupOffset: Int?
        var groupIsEmpty = true
        var terminalOffset: Int?
        var found: [(frame: Int, event: Event<Element>)] = []

        func fail(_ offset: Int, _ reason: String) -> MarbleSyntaxError {
            MarbleSyntaxError(diagram: diagram, offset: offset, reason: reason)
        }

        for (offset, symbol) in diagram.enumerated() {
            switch symbol {
            case " ":
                continue
            case "-":
                guard groupOffset == nil else {
                    throw fail(offset, "'-' inside a group: a group is one frame, so time cannot pass inside it")
                }
                frameIndex += 1
            case "^":
                guard allowsSubscriptionPoint else {
                    throw fail(offset, "'^' in a cold observable: its times are already relative to each subscription")
                }
                guard groupOffset == nil else { throw fail(offset, "'^' inside a group") }
                guard subscriptionFrame == nil else {
                    throw fail(offset, "a second '^': the subscription point is already at column \(subscriptionOffset + 1)")
                }
                subscriptionFrame = frameIndex
                subscriptionOffset = offset
            case "(":
                guard groupOffset == nil else { throw fail(offset, "'(' inside a group: groups do not nest") }
                groupOffset = offset
                groupIsEmpty = true
            case ")":
                guard groupOffset != nil else { throw fail(offset, "')' without a matching '('") }
                guard !groupIsEmpty else { throw fail(offset, "an empty group '()': use '-' for a frame without events") }
                groupOffset = nil
                frameIndex += 1
            default:
                if let terminalOffset {
                    throw fail(offset, "'\(symbol)' after the sequence ended at column \(terminalOffset + 1)")
                }
                let event: Event<Element>
                switch symbol {
                case "|":
                    event = .completed
                    terminalOffset = offset
                case "#":
                    event = .error(error)
                    terminalOffset = offset
                default:
                    guard let element = value(symbol) else {
                        guard let knownSymbols else {
                            throw fail(offset, "'\(symbol)' is not a valid \(Element.self); pass values: to name elements")
                        }
                        throw fail(offset, "no value for '\(symbol)' (values has: \(knownSymbols))")
                    }
                    event = .next(element)
                }
                found.append((frameIndex, event))
                if groupOffset == nil {
                    frameIndex += 1
                } else {
                    groupIsEmpty = false
                }
            }
        }
        if let groupOffset { throw fail(groupOffset, "'(' is never closed") }

        let origin = subscriptionFrame ?? 0
        let start = subscriptionFrame == nil ? 0 : subscribed
        let events = found.map { Recorded(time: start + ($0.frame - origin) * frame, value: $0.event) }
        return Result(events: events, hasSubscriptionPoint: subscriptionFrame != nil)
    }
}
