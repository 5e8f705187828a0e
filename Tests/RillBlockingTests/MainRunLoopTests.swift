import Foundation
import XCTest
import Rill
import RillBlocking

/// Blocking calls made on the main thread, which must run the main run loop so
/// that work dispatched to the main queue can deliver.
///
/// The only XCTest tests in the package, because they need the main thread: XCTest
/// runs its tests there, on Linux too, while Swift Testing on Linux runs every test
/// (`@MainActor` ones included) on dispatch worker threads and keeps the main thread
/// parked. XCTest also runs before Swift Testing starts, so the resource count
/// checked here is not disturbed by Swift Testing's parallel suites. Every other
/// RillBlocking test is in RillTests (Blocking/), under its serialized root suite.
final class MainRunLoopTests: XCTestCase {
    private var resourcesBefore: Int32 = 0

    override func setUp() {
        resourcesBefore = Resources.total
    }

    /// Fails when this test leaves more Rill resources alive than there were before
    /// it. Fewer is not a failure: a resource of an earlier test released by a
    /// main-queue block that runs during this one lowers the count (seen under
    /// ThreadSanitizer on a loaded machine: 2 before, 0 after).
    override func tearDown() {
        let deadline = Date().addingTimeInterval(2)
        while Resources.total > resourcesBefore && Date() < deadline {
            _ = RunLoop.current.run(mode: .default, before: Date().addingTimeInterval(0.005))
        }
        XCTAssertLessThanOrEqual(Resources.total, resourcesBefore, "Rill resources outlived the test")
    }

    /// The article's `Observable.of(1, 2, scheduler: MainScheduler.asyncInstance)`
    /// example, with the main-queue delivery written out: nothing arrives
    /// synchronously, and `toBlocking()` on the main thread gets both elements.
    func testWaitingOnTheMainThreadRunsMainQueueWork() throws {
        XCTAssertTrue(Thread.isMainThread)
        let later = Observable<Int>.create { observer in
            DispatchQueue.main.async {
                observer.onNext(1)
                observer.onNext(2)
                observer.onCompleted()
            }
            return Disposables.create()
        }
        var synchronous: [Int] = []
        later.subscribe(onNext: { synchronous.append($0) }).dispose()
        XCTAssertEqual(synchronous, [])

        let tagged = later.map { "\($0) on \(Thread.isMainThread ? "main" : "another thread")" }
        XCTAssertEqual(try tagged.toBlocking().toArray(), ["1 on main", "2 on main"])
    }

    func testACompletionOnAnotherThreadEndsTheMainThreadWait() throws {
        let background = Observable<Int>.create { observer in
            DispatchQueue.global().async {
                observer.onNext(1)
                observer.onCompleted()
            }
            return Disposables.create()
        }
        XCTAssertEqual(try background.toBlocking(timeout: 10).toArray(), [1])
    }

    func testATimeoutEndsTheMainThreadWait() {
        XCTAssertThrowsError(try Observable<Int>.never().toBlocking(timeout: 0.05).first()) { error in
            guard case RxError.timeout = error else { return XCTFail("expected RxError.timeout, got \(error)") }
        }
    }

    /// The article's "From Swift concurrency" example, from the main thread.
    func testAnAsyncSequenceDeliversOnABackgroundThread() throws {
        let countdown = AsyncStream<Int> { continuation in
            for value in [3, 2, 1] { continuation.yield(value) }
            continuation.finish()
        }
        let taggedCountdown = try countdown.asObservable()
            .map { "\($0) on \(Thread.isMainThread ? "main" : "a background thread")" }
            .toBlocking(timeout: 10)
            .toArray()
        XCTAssertEqual(taggedCountdown, ["3 on a background thread", "2 on a background thread", "1 on a background thread"])
    }
}
