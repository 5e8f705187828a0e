#if canImport(XCTest) && !canImport(Darwin)
import XCTest

extension XCTestCase {
    /// Waits until every expectation in `expectations` is fulfilled, for tests written
    /// against Apple's XCTest, whose `wait(for:)` needs no `timeout`.
    ///
    /// Linux's XCTest has only `wait(for:timeout:enforceOrder:)`, so RxSwift-style
    /// tests that leave the timeout out do not compile there; this overload makes them
    /// compile unchanged. Apple's XCTest waits without a limit; this one waits up to
    /// ``defaultExpectationTimeout`` seconds and then fails the test, so a test whose
    /// expectation is never fulfilled fails instead of hanging the run.
    ///
    /// ```swift
    /// let done = expectation(description: "delivered")
    /// _ = source.subscribe(onNext: { _ in done.fulfill() })
    /// wait(for: [done])
    /// ```
    ///
    /// - Parameters:
    ///   - expectations: The expectations to wait for.
    ///   - enforceOrder: Whether they must be fulfilled in the order given.
    ///   - file: The file to report a failure in.
    ///   - line: The line to report a failure at.
    public func wait(
        for expectations: [XCTestExpectation],
        enforceOrder: Bool = false,
        file: StaticString = #file,
        line: Int = #line
    ) {
        wait(
            for: expectations, timeout: Self.defaultExpectationTimeout, enforceOrder: enforceOrder,
            file: file, line: line
        )
    }

    /// How long ``wait(for:enforceOrder:file:line:)`` waits before it fails the test: 300 seconds.
    public static var defaultExpectationTimeout: TimeInterval { 300 }
}
#endif
