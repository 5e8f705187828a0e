import Rill

/// Events compare equal when they are the same case with equal contents, so
/// recorded events can be compared with `==`, `#expect` and `XCTAssertEqual`.
///
/// Errors carry no `Equatable` requirement, so RillTest compares them by one
/// rule, on every platform: two errors are equal when they have the same
/// dynamic type and
/// - that type is `Equatable` and the values are `==` (`DemoError.boom`), or
/// - otherwise, their `String(reflecting:)` texts are equal.
///
/// (RxTest compares descriptions on Linux and `NSError` domain, code and
/// description on Apple platforms, so an error and a bridged copy could differ
/// by platform; Rill's rule does not depend on the platform.)
///
/// ```swift
/// #expect(Event<Int>.error(DemoError.boom) == .error(DemoError.boom))   // true
/// #expect(Event<Int>.error(DemoError.boom) == .error(DemoError.timeout)) // false
/// ```
extension Event: Equatable where Element: Equatable {
    /// Whether `lhs` and `rhs` are the same event; see the type's rule for errors.
    public static func == (lhs: Event<Element>, rhs: Event<Element>) -> Bool {
        switch (lhs, rhs) {
        case let (.next(left), .next(right)): return left == right
        case let (.error(left), .error(right)): return errorsAreEqual(left, right)
        case (.completed, .completed): return true
        default: return false
        }
    }
}

/// RillTest's error equality: same dynamic type, then `==` if the type is
/// `Equatable`, else equal `String(reflecting:)`.
func errorsAreEqual(_ lhs: any Swift.Error, _ rhs: any Swift.Error) -> Bool {
    guard type(of: lhs) == type(of: rhs) else { return false }
    return sameTypeErrorsAreEqual(lhs, rhs)
}

/// Compares `lhs` with `rhs`, an error of the same dynamic type `E`.
///
/// Conformance is checked on the metatype: casting an error *value* to
/// `any Equatable` would bridge it to `NSError` (always Equatable), which
/// compares only domain and code.
private func sameTypeErrorsAreEqual<E: Swift.Error>(_ lhs: E, _ rhs: any Swift.Error) -> Bool {
    if let equatable = E.self as? any Equatable.Type {
        return valuesAreEqual(as: equatable, lhs, rhs)
    }
    return String(reflecting: lhs) == String(reflecting: rhs)
}

private func valuesAreEqual<Value: Equatable>(as type: Value.Type, _ lhs: Any, _ rhs: Any) -> Bool {
    guard let lhs = lhs as? Value, let rhs = rhs as? Value else { return false }
    return lhs == rhs
}
