import Foundation
import Rill

/// The scheduler that ``Driver`` and ``Signal`` deliver on, and the way tests replace it.
///
/// Outside tests ``make`` returns a new `MainScheduler`, so shared sequences
/// deliver on the main queue. A test runs the code that builds its drivers and
/// signals inside ``mock(scheduler:action:)`` to make them deliver on a virtual-time
/// scheduler instead:
///
/// ```swift
/// let scheduler = TestScheduler(initialClock: 0)
/// let observer = scheduler.createObserver(String.self)
/// SharingScheduler.mock(scheduler: scheduler) {
///     let title = viewModel.title              // a Driver built now delivers on `scheduler`
///     _ = title.drive(observer)
///     scheduler.start()
/// }
/// ```
///
/// The scheduler is read when a shared sequence is built (its `observe(on:)`) and when
/// a time operator (`delay`, `throttle`, `debounce`, `interval`, `timer`) or a
/// factory is applied; a sequence built outside `mock` keeps the main scheduler.
/// `mock` is for tests: the replaced factory is process-wide, so mock from one
/// thread at a time.
public enum SharingScheduler {
    /// Makes the scheduler that shared sequences built now deliver on: a new
    /// `MainScheduler`, or the scheduler given to the innermost
    /// ``mock(scheduler:action:)`` that is running.
    public static var make: () -> any SchedulerType {
        factory.current
    }

    /// Runs `action` with ``make`` returning `scheduler`, then restores the previous
    /// factory, also when `action` throws. Calls nest.
    ///
    /// **For tests only.**
    ///
    /// - Parameters:
    ///   - scheduler: The scheduler shared sequences built inside `action` deliver on.
    ///   - action: The code that builds (and usually subscribes to) the shared sequences.
    /// - Throws: What `action` throws.
    public static func mock(scheduler: any SchedulerType, action: () throws -> Void) rethrows {
        try mock(makeScheduler: { scheduler }, action: action)
    }

    /// Runs `action` with ``make`` replaced by `makeScheduler`, then restores the
    /// previous factory, also when `action` throws. Calls nest.
    ///
    /// **For tests only.**
    ///
    /// - Parameters:
    ///   - makeScheduler: Makes the scheduler for each shared sequence built inside `action`.
    ///   - action: The code that builds (and usually subscribes to) the shared sequences.
    /// - Throws: What `action` throws.
    public static func mock(makeScheduler: @escaping () -> any SchedulerType, action: () throws -> Void) rethrows {
        let previous = factory.replace(with: makeScheduler)
        defer { _ = factory.replace(with: previous) }
        try action()
    }

    private static let factory = SchedulerFactory()
}

/// The current scheduler factory of ``SharingScheduler``.
// Sendable: `make` is read and replaced only under `lock`. The factories themselves
// are not Sendable: like RxSwift's, a mocked factory is a test's own closure, called
// on whichever thread builds a shared sequence while the mock is in place.
private final class SchedulerFactory: @unchecked Sendable {
    /// Guards `make`. NSLock is a pthread mutex on Linux, which ThreadSanitizer
    /// understands; Rill's own lock type is internal to Rill.
    private let lock = NSLock()
    private var make: () -> any SchedulerType = { MainScheduler() }

    var current: () -> any SchedulerType {
        lock.lock()
        defer { lock.unlock() }
        return make
    }

    /// Installs `newMake` and returns the factory it replaced.
    func replace(with newMake: @escaping () -> any SchedulerType) -> () -> any SchedulerType {
        lock.lock()
        defer { lock.unlock() }
        let previous = make
        make = newMake
        return previous
    }
}
