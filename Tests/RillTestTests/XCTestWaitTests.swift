#if canImport(XCTest) && !canImport(Darwin)
import Dispatch
import Rill
import RillTest
import XCTest

/// `wait(for:)` without a timeout, as Apple's XCTest has it, on Linux.
final class XCTestWaitTests: XCTestCase {
    func testWaitReturnsOnceAnExpectationFulfilledOnAnotherThreadIs() {
        let delivered = expectation(description: "delivered on the queue")
        let received = SendableBox()
        _ = Observable.just(7)
            .observe(on: SerialDispatchQueueScheduler(qos: .default))
            .subscribe(onNext: { received.set($0); delivered.fulfill() }, isolation: nil)
        wait(for: [delivered])
        XCTAssertEqual(received.get(), 7)
    }

    func testEnforcedOrderAcceptsExpectationsFulfilledInOrder() {
        let first = expectation(description: "first")
        let second = expectation(description: "second")
        DispatchQueue.global().async { first.fulfill(); second.fulfill() }
        wait(for: [first, second], enforceOrder: true)
    }

    func testTheDefaultTimeoutIsBounded() {
        XCTAssertEqual(Self.defaultExpectationTimeout, 300)
    }
}

private final class SendableBox: @unchecked Sendable {
    // Sendable: `value` is behind `lock`.
    private let lock = NSLock()
    private var value: Int?
    func set(_ newValue: Int) { lock.lock(); value = newValue; lock.unlock() }
    func get() -> Int? { lock.lock(); defer { lock.unlock() }; return value }
}
#endif
