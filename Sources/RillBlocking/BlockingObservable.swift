import Foundation
import Rill

/// A sequence whose methods block the calling thread until they have their answer:
/// what `toBlocking(timeout:)` returns.
///
/// Each method subscribes once, waits, and disposes the subscription before it
/// returns; `first()` and `single()` dispose it as soon as they know the answer, so
/// they also work on an infinite source.
///
/// How the caller waits:
/// - On the main thread, it runs the main run loop in short slices until the answer
///   arrives, so work the sequence dispatches to the main queue (such as delivery on
///   `MainScheduler`) still runs. This holds on Linux too, where Foundation's main
///   run loop services the main dispatch queue.
/// - On any other thread, it sleeps on a condition until the answer arrives.
/// - Main-actor code in Swift concurrency (a `@MainActor` test or task) is itself a
///   job on the main queue, so main-queue work the sequence needs cannot run until
///   that code returns: such a wait ends only by its timeout. (On Linux, Swift
///   Testing runs main-actor tests off the main thread, on the main queue.) Wait
///   from non-isolated code, or pass a timeout.
/// - Called from work running on `CurrentThreadScheduler` (inside another
///   subscription's delivery on this thread), the subscription is made on a thread
///   of its own: a synchronous source queued behind the blocked work would never
///   start.
///
/// ```swift
/// let blocking = Observable.of(1, 2, 3).toBlocking()
/// try blocking.toArray()   // [1, 2, 3]
/// try blocking.first()     // 1
/// try blocking.single()    // throws RxError.moreThanOneElement
/// ```
public struct BlockingObservable<Element>: Sendable {
    let timeout: TimeInterval?
    let source: Observable<Element>
}

extension BlockingObservable {
    /// Waits for the sequence to complete and returns all its elements.
    ///
    /// - Throws: The sequence's error, or `RxError.timeout`.
    public func toArray() throws -> [Element] {
        try elements(of: run())
    }

    /// Waits for the first element, then disposes the subscription.
    ///
    /// - Returns: The first element, or `nil` if the sequence completed without one.
    /// - Throws: An error the sequence failed with before its first element, or
    ///   `RxError.timeout`.
    public func first() throws -> Element? {
        try elements(of: run(limit: 1)).first
    }

    /// Waits for the sequence to complete and returns its last element.
    ///
    /// - Returns: The last element, or `nil` if the sequence completed without one.
    /// - Throws: The sequence's error (even after elements), or `RxError.timeout`.
    public func last() throws -> Element? {
        try elements(of: run()).last
    }

    /// Waits for the sequence to complete and returns its only element. A second
    /// element ends the wait at once and disposes the subscription.
    ///
    /// - Throws: `RxError.noElements` ("Sequence doesn't contain any elements.") if it
    ///   completed empty, `RxError.moreThanOneElement` ("Sequence contains more than
    ///   one element.") on a second element, the sequence's error, or `RxError.timeout`.
    public func single() throws -> Element {
        try single { _ in true }
    }

    /// Waits for the sequence to complete and returns the only element for which
    /// `predicate` returns true. A second such element ends the wait at once and
    /// disposes the subscription.
    ///
    /// `predicate` runs on the thread that delivers each element. An error it throws
    /// ends the wait and is rethrown.
    ///
    /// - Throws: `RxError.noElements` if no element passed, `RxError.moreThanOneElement`
    ///   on a second one that passed, the sequence's or `predicate`'s error, or
    ///   `RxError.timeout`.
    public func single(_ predicate: @escaping (Element) throws -> Bool) throws -> Element {
        let matching = try elements(of: run(limit: 2, predicate: predicate))
        guard matching.count < 2 else { throw RxError.moreThanOneElement }
        guard let element = matching.first else { throw RxError.noElements }
        return element
    }

    /// Waits for the sequence to end and returns how it ended, with the elements it
    /// delivered. Never throws: an error or a timeout (`RxError.timeout`) is
    /// `.failed(elements:error:)`, with the elements delivered before it.
    public func materialize() -> MaterializedSequenceResult<Element> {
        run()
    }

    private func run(
        limit: Int? = nil, predicate: ((Element) throws -> Bool)? = nil
    ) -> MaterializedSequenceResult<Element> {
        BlockingSubscription(limit: limit, predicate: predicate, timeout: timeout).run(source)
    }

    private func elements(of result: MaterializedSequenceResult<Element>) throws -> [Element] {
        switch result {
        case .completed(let elements): return elements
        case .failed(_, let error): throw error
        }
    }
}
