/// A resource that can be released: most often a subscription.
///
/// `dispose()` is safe from any thread and its effect happens once; calling it
/// again does nothing.
public protocol Disposable: Sendable {
    /// Releases the resource. Thread-safe; later calls do nothing.
    func dispose()
}

/// A disposable that can tell whether it was disposed.
public protocol Cancelable: Disposable {
    /// Whether `dispose()` has been called.
    var isDisposed: Bool { get }
}

extension Disposable {
    /// Adds this disposable to `bag`, which disposes it when the bag is deallocated.
    ///
    /// ```swift
    /// observable.subscribe(onNext: { print($0) }).disposed(by: disposeBag)
    /// ```
    ///
    /// - Parameters:
    ///   - bag: The bag that keeps the subscription.
    ///   - file: Where the call is, for `Resources.liveSubscriptions` (`keptAt`).
    ///   - line: The call's line.
    public func disposed(by bag: DisposeBag, file: StaticString = #fileID, line: UInt = #line) {
        // Debugging: one relaxed load; while tracking is on, notes where the subscription is kept.
        if _slowPath(SubscriptionTracking.isOn) { SubscriptionTracking.kept(self, file: file, line: line) }
        bag.insert(self)
    }
}
