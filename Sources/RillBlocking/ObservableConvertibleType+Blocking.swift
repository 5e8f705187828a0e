import Foundation
import Rill

extension ObservableConvertibleType {
    /// Turns this sequence into one you wait for: the calling thread blocks until
    /// the answer a `BlockingObservable` method asks for is known.
    ///
    /// A testing and scripting tool, as in RxBlocking. Each method subscribes once,
    /// waits, and disposes the subscription before it returns.
    ///
    /// ```swift
    /// let elements = try Observable.of(1, 2).toBlocking().toArray()     // [1, 2]
    /// let nothing = try Observable<Int>.never().toBlocking(timeout: 0.05).first()
    /// // throws RxError.timeout after 50 ms
    /// ```
    ///
    /// - Parameter timeout: The longest a method waits, in seconds; `nil` waits as long
    ///   as it takes. When it elapses the method disposes the subscription and throws
    ///   `RxError.timeout` (`materialize()` returns `.failed(elements:error:)`).
    /// - Returns: A view of this sequence whose methods block.
    public func toBlocking(timeout: TimeInterval? = nil) -> BlockingObservable<Element> {
        BlockingObservable(timeout: timeout, source: asObservable())
    }
}
