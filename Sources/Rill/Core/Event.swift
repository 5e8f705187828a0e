/// One event of an observable sequence: an element, an error, or completion.
///
/// A sequence follows the grammar `next* (error | completed)?`: any number of
/// elements, then at most one terminal event, after which nothing is delivered.
///
/// ```swift
/// let events: [Event<Int>] = [.next(1), .next(2), .completed]
/// events.compactMap(\.element)   // [1, 2]
/// ```
@frozen
public enum Event<Element> {
    /// An element of the sequence.
    case next(Element)
    /// The sequence failed with `error`; nothing follows.
    case error(any Swift.Error)
    /// The sequence finished; nothing follows.
    case completed
}

extension Event: Sendable where Element: Sendable {}

extension Event: CustomDebugStringConvertible {
    /// `next(1)`, `error(...)` or `completed`, as RxSwift prints events.
    public var debugDescription: String {
        switch self {
        case .next(let value): return "next(\(value))"
        case .error(let error): return "error(\(error))"
        case .completed: return "completed"
        }
    }
}

extension Event {
    /// Whether this is `error` or `completed`.
    public var isStopEvent: Bool {
        if case .next = self { return false }
        return true
    }

    /// The element of a `next` event, otherwise `nil`.
    public var element: Element? {
        if case .next(let value) = self { return value }
        return nil
    }

    /// The error of an `error` event, otherwise `nil`.
    public var error: (any Swift.Error)? {
        if case .error(let error) = self { return error }
        return nil
    }

    /// Whether this is `completed`.
    public var isCompleted: Bool {
        if case .completed = self { return true }
        return false
    }

    /// Transforms the element of a `next` event; an error thrown by `transform`
    /// becomes an `error` event. Terminal events pass through unchanged.
    public func map<Result>(_ transform: (Element) throws -> Result) -> Event<Result> {
        do {
            switch self {
            case .next(let element): return .next(try transform(element))
            case .error(let error): return .error(error)
            case .completed: return .completed
            }
        } catch {
            return .error(error)
        }
    }
}

/// A type that can be turned into an `Event`, used to constrain operators such as
/// `dematerialize()` to observables of events.
public protocol EventConvertible {
    /// The element type of the event.
    associatedtype Element
    /// The event this value represents.
    var event: Event<Element> { get }
}

extension Event: EventConvertible {
    /// The event itself.
    public var event: Event<Element> { self }
}
