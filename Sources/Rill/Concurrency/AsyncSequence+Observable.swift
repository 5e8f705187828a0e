extension AsyncSequence where Self: Sendable {
    /// An observable that iterates this sequence for each subscriber and emits its
    /// elements, then completes.
    ///
    /// Each subscription iterates in its own `Task.detached`, so the iteration never
    /// inherits the subscriber's actor and elements arrive on a background thread:
    /// put `observe(on: MainScheduler.instance)` before a closure that touches the
    /// main actor. An error the iteration throws becomes the error event. Disposing
    /// the subscription cancels the task; what the sequence does on cancellation is
    /// up to it (an `AsyncStream` ends, calling its `onTermination`).
    ///
    /// The sequence must be `Sendable`: every subscription iterates it from a task of
    /// its own. (RxSwift, built without concurrency checking, does not ask.)
    ///
    /// ```swift
    /// let countdown = AsyncStream<Int> { continuation in
    ///     for value in [3, 2, 1] { continuation.yield(value) }
    ///     continuation.finish()
    /// }
    /// countdown.asObservable().subscribe(onNext: { print($0) })   // 3, 2, 1 on a background thread
    /// ```
    ///
    /// A `CancellationError` the iteration throws completes the observable, as in
    /// RxSwift (after a disposal nothing is delivered anyway).
    ///
    /// - Parameter priority: The priority of each subscription's iterating task;
    ///   `nil` (the default) leaves it to the task.
    /// - Returns: A cold observable of the sequence's elements.
    public func asObservable(priority: TaskPriority? = nil) -> Observable<Element> {
        Observable.create { observer in
            let task = Task.detached(priority: priority) {
                do {
                    for try await element in self {
                        observer.onNext(element)
                    }
                    observer.onCompleted()
                } catch is CancellationError {
                    observer.onCompleted()
                } catch {
                    observer.onError(error)
                }
            }
            return Disposables.create { task.cancel() }
        }
    }
}
