/// A base class for disposables of your own, counted in `Resources.total` while alive
/// (debug builds), as RxSwift's `DisposeBase` is under `TRACE_RESOURCES`.
///
/// Subclass it so a leak check that compares `Resources.total` before and after a
/// test also sees your disposables. It holds no state and needs no lock: it is
/// `Sendable` when the subclass is (a subclass with mutable state declares an
/// unchecked `Sendable` conformance, with a `Sendable:` comment giving the reason).
///
/// ```swift
/// final class TokenDisposable: DisposeBase, Disposable, @unchecked Sendable {
///     // Sendable: `token` is immutable; `cancel()` is thread-safe.
///     let token: Token
///     init(_ token: Token) { self.token = token }
///     func dispose() { token.cancel() }
/// }
/// ```
open class DisposeBase {
    /// Counts the new object in `Resources.total` (debug builds).
    public init() {
        #if DEBUG
        Resources.increment()
        #endif
    }

    deinit {
        #if DEBUG
        Resources.decrement()
        #endif
    }
}
