#if canImport(Foundation)
import Foundation
#endif

/// An element with the time since the previous one: what `timeInterval(scheduler:)` emits.
public struct TimeIntervalled<Element> {
    /// The element.
    public let value: Element
    /// Seconds since the previous element, or since the subscription for the first.
    public let interval: Foundation.TimeInterval

    /// An element that arrived `interval` seconds after the previous one.
    ///
    /// - Parameters:
    ///   - value: The element.
    ///   - interval: Seconds since the previous element (or the subscription).
    public init(value: Element, interval: Foundation.TimeInterval) {
        self.value = value
        self.interval = interval
    }
}

extension TimeIntervalled: Equatable where Element: Equatable {}
extension TimeIntervalled: Hashable where Element: Hashable {}
extension TimeIntervalled: Sendable where Element: Sendable {}

extension ObservableType {
    /// Pairs each element with the seconds elapsed since the previous element (for
    /// the first, since the subscription), measured with `scheduler.now`.
    /// An addition to RxSwift (RxJava's `timeInterval`).
    ///
    /// Nothing is scheduled: elements pass through on the source's thread at once,
    /// and errors and completion unchanged. On a `TestScheduler` one tick is one
    /// second, so the intervals are the differences of the virtual times.
    ///
    /// ```swift
    /// keystrokes.timeInterval(scheduler: MainScheduler.instance)
    ///     .filter { $0.interval > 1 }   // keystrokes after a pause
    /// ```
    ///
    /// - Parameter scheduler: The clock to read.
    /// - Returns: The elements with the intervals between them.
    @_alwaysEmitIntoClient
    public func timeInterval(scheduler: any SchedulerType) -> Observable<TimeIntervalled<Element>> {
        ClockReadingObservable(source: asObservable(), scheduler: scheduler) { element, now, previous in
            TimeIntervalled(value: element, interval: now.timeIntervalSince(previous))
        }
    }
}
