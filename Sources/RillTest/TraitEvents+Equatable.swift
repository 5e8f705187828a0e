import Rill

/// `Maybe` outcomes compare equal when they are the same case with equal
/// contents; errors compare by `Event`'s rule (same dynamic type, then `==` or
/// equal `String(reflecting:)`).
extension MaybeEvent: Equatable where Element: Equatable {
    /// Whether `lhs` and `rhs` are the same outcome; see `Event`'s rule for errors.
    public static func == (lhs: MaybeEvent<Element>, rhs: MaybeEvent<Element>) -> Bool {
        switch (lhs, rhs) {
        case let (.success(left), .success(right)): return left == right
        case let (.error(left), .error(right)): return errorsAreEqual(left, right)
        case (.completed, .completed): return true
        default: return false
        }
    }
}

/// `Completable` outcomes compare equal when they are the same case; errors
/// compare by `Event`'s rule.
extension CompletableEvent: Equatable {
    /// Whether `lhs` and `rhs` are the same outcome; see `Event`'s rule for errors.
    public static func == (lhs: CompletableEvent, rhs: CompletableEvent) -> Bool {
        switch (lhs, rhs) {
        case let (.error(left), .error(right)): return errorsAreEqual(left, right)
        case (.completed, .completed): return true
        default: return false
        }
    }
}
