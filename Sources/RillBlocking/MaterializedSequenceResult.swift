import Rill

/// How a sequence ended, with the elements it delivered first: the result of
/// `BlockingObservable.materialize()`.
///
/// ```swift
/// switch Observable.of(1, 2).toBlocking().materialize() {
/// case .completed(let elements): print(elements)            // [1, 2]
/// case .failed(let elements, let error): print(elements, error)
/// }
/// ```
public enum MaterializedSequenceResult<T> {
    /// The sequence completed after delivering `elements`.
    case completed(elements: [T])
    /// The sequence failed with `error` after delivering `elements`. A timeout of
    /// `toBlocking(timeout:)` is `RxError.timeout`.
    case failed(elements: [T], error: any Swift.Error)
}

extension MaterializedSequenceResult: Sendable where T: Sendable {}
