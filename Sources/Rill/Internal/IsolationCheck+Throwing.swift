// Isolation checks for the throwing closures of trait operators whose Observable
// counterparts take no `isolation` parameter (see Internal/IsolationCheck.swift).

extension IsolationCheck {
    /// `body`, checked on each call when `isolation` is non-nil.
    static func guardingThrowing<Value, Result>(
        _ body: ((Value) throws -> Result)?, _ isolation: (any Actor)?, _ operation: StaticString
    ) -> ((Value) throws -> Result)? {
        guard let body, let isolation else { return body }
        return checking(body, isolation, operation)
    }

    /// `body`, checked on each call when `isolation` is non-nil.
    static func guardingThrowing(
        _ body: (() throws -> Void)?, _ isolation: (any Actor)?, _ operation: StaticString
    ) -> (() throws -> Void)? {
        guard let body, let isolation else { return body }
        return {
            verify(isolation, operation)
            try body()
        }
    }
}
