/// Errors that Rill itself reports, with RxSwift's names and messages.
///
/// ```swift
/// Observable<Int>.empty().asSingle()   // fails with RxError.noElements:
///                                      // "Sequence doesn't contain any elements."
/// ```
public enum RxError: Swift.Error, CustomDebugStringConvertible, CustomStringConvertible {
    /// An unknown error.
    case unknown
    /// An operation was performed on an object that was already disposed, such
    /// as subscribing to a disposed subject.
    case disposed(object: AnyObject)
    /// An arithmetic overflow.
    case overflow
    /// An argument was outside its allowed range.
    case argumentOutOfRange
    /// A sequence that had to contain an element contained none.
    case noElements
    /// A sequence that had to contain exactly one element contained more.
    case moreThanOneElement
    /// A timeout elapsed before the sequence produced what was waited for.
    case timeout

    /// The message, as RxSwift words it.
    public var debugDescription: String {
        switch self {
        case .unknown: return "Unknown error occurred."
        case .disposed(let object): return "Object `\(object)` was already disposed."
        case .overflow: return "Arithmetic overflow occurred."
        case .argumentOutOfRange: return "Argument out of range."
        case .noElements: return "Sequence doesn't contain any elements."
        case .moreThanOneElement: return "Sequence contains more than one element."
        case .timeout: return "Sequence timeout."
        }
    }

    /// The same message as `debugDescription`, so `"\(error)"` prints it.
    public var description: String { debugDescription }
}

// Sendable: the only non-Sendable payload is the object of `disposed(object:)`, which Rill
// never mutates or calls: it is kept for its description.
extension RxError: @unchecked Sendable {}
