extension ObservableConvertibleType {
    /// The sequence's elements as an `AsyncThrowingStream`, for `for try await`.
    ///
    /// The observable is subscribed when `values` is read, and every element is
    /// kept in the stream's buffer until the loop asks for it: the buffer is
    /// unbounded, so a consumer slower than its producer still receives every
    /// element (a burst of ten reaches a slow loop as ten elements). The cost is
    /// memory: a producer that permanently outpaces the loop grows the buffer
    /// without limit. `values(bufferingPolicy:)` bounds it, dropping elements instead.
    ///
    /// The loop ends when the observable completes and throws the observable's
    /// error. Leaving the loop early (`break`, `return`, a thrown error) or
    /// cancelling the task that iterates disposes the subscription.
    ///
    /// ```swift
    /// for try await value in Observable.of(1, 2, 3).values {
    ///     print(value)                      // 1, 2, 3
    /// }
    /// ```
    public var values: AsyncThrowingStream<Element, any Swift.Error> {
        values(bufferingPolicy: .unbounded)
    }

    /// The sequence's elements as an `AsyncThrowingStream` whose buffer follows
    /// `bufferingPolicy` (a Rill addition; `values` is this with `.unbounded`).
    ///
    /// `.bufferingOldest(n)` keeps the first `n` elements the loop has not taken
    /// yet and drops later ones until it catches up; `.bufferingNewest(n)` keeps the
    /// latest `n` and drops older ones. Either bounds the memory a fast producer can
    /// pin, at the price of elements the loop never sees; `.unbounded` drops nothing
    /// and lets the buffer grow. Completion and the error are never dropped.
    ///
    /// ```swift
    /// for try await position in positions.values(bufferingPolicy: .bufferingNewest(1)) {
    ///     render(position)                  // skips positions it was too slow for
    /// }
    /// ```
    ///
    /// - Parameter bufferingPolicy: How many elements wait for the loop, and which.
    /// - Returns: A stream that subscribes now and disposes the subscription when it
    ///   ends, is cancelled, or is no longer iterated.
    public func values(
        bufferingPolicy: AsyncThrowingStream<Element, any Swift.Error>.Continuation.BufferingPolicy
    ) -> AsyncThrowingStream<Element, any Swift.Error> {
        let source = asObservable()
        return AsyncThrowingStream(bufferingPolicy: bufferingPolicy) { continuation in
            let handle = SubscriptionHandle()
            // Set before subscribing, so a stream given up during the subscription
            // still disposes it (the handle disposes an upstream attached later).
            continuation.onTermination = { _ in handle.dispose() }
            handle.attach(ThrowingStreamSink(continuation, handle: handle), to: source)
        }
    }
}

extension InfallibleType {
    /// The sequence's elements as an `AsyncStream`, for `for await`: it cannot
    /// throw, as the sequence cannot fail.
    ///
    /// Buffering, subscription and disposal work as for `Observable.values`: the
    /// buffer is unbounded, so nothing is dropped; leaving the loop or cancelling
    /// its task disposes the subscription.
    ///
    /// ```swift
    /// for await value in Infallible.of(1, 2, 3).values {
    ///     print(value)                      // 1, 2, 3
    /// }
    /// ```
    public var values: AsyncStream<Element> {
        values(bufferingPolicy: .unbounded)
    }

    /// The sequence's elements as an `AsyncStream` whose buffer follows
    /// `bufferingPolicy` (a Rill addition): `.bufferingOldest(n)` or
    /// `.bufferingNewest(n)` bound the memory a fast producer can pin by dropping
    /// elements the loop was too slow for; `.unbounded` (what `values` uses) drops
    /// nothing. Completion is never dropped.
    ///
    /// - Parameter bufferingPolicy: How many elements wait for the loop, and which.
    /// - Returns: A stream that subscribes now and disposes the subscription when it
    ///   ends, is cancelled, or is no longer iterated.
    public func values(
        bufferingPolicy: AsyncStream<Element>.Continuation.BufferingPolicy
    ) -> AsyncStream<Element> {
        let source = asObservable()
        return AsyncStream(bufferingPolicy: bufferingPolicy) { continuation in
            let handle = SubscriptionHandle()
            continuation.onTermination = { _ in handle.dispose() }
            handle.attach(StreamSink(continuation, handle: handle), to: source)
        }
    }
}

/// The bottom sink of `values`: yields each element straight into the stream, so
/// an element costs one virtual call and the stream's own buffering, nothing more.
/// A terminal event finishes the stream and disposes the subscription, as the
/// closure sinks of `subscribe` do.
private final class ThrowingStreamSink<Element>: Sink<Element> {
    private let continuation: AsyncThrowingStream<Element, any Swift.Error>.Continuation
    private let handle: SubscriptionHandle

    init(_ continuation: AsyncThrowingStream<Element, any Swift.Error>.Continuation, handle: SubscriptionHandle) {
        self.continuation = continuation
        self.handle = handle
    }

    // The stream ignores elements after `finish`, so no stopped flag is needed.
    override func onNext(_ element: Element) {
        // `yield` takes a `sending` element. The element leaves the producer here for
        // the iterating task, as it would through `observe(on:)`; like RxSwift's
        // `values`, this asks no `Sendable` of it (see `handOver`).
        continuation.yield(handOver(element))
    }

    override func onError(_ error: any Swift.Error) {
        guard handle.beginTerminal() else { return }
        continuation.finish(throwing: error)
        handle.dispose()
    }

    override func onCompleted() {
        guard handle.beginTerminal() else { return }
        continuation.finish()
        handle.dispose()
    }
}

/// The bottom sink of `Infallible.values`; see `ThrowingStreamSink`. An error,
/// which an infallible must never send, is reported and ends the stream.
private final class StreamSink<Element>: Sink<Element> {
    private let continuation: AsyncStream<Element>.Continuation
    private let handle: SubscriptionHandle

    init(_ continuation: AsyncStream<Element>.Continuation, handle: SubscriptionHandle) {
        self.continuation = continuation
        self.handle = handle
    }

    override func onNext(_ element: Element) { continuation.yield(handOver(element)) }

    override func onError(_ error: any Swift.Error) {
        reportInfallibleError(error)
        onCompleted()
    }

    override func onCompleted() {
        guard handle.beginTerminal() else { return }
        continuation.finish()
        handle.dispose()
    }
}

/// Hands an element from the thread that produced it to the task that iterates a
/// `values` stream. The producer keeps no use of it after the hand-over, which is
/// what `sending` asks; Rx elements are not required to be `Sendable` (RxSwift's
/// `values` does not ask it), so this is asserted rather than proven.
@inline(__always)
private func handOver<Element>(_ element: Element) -> sending Element {
    nonisolated(unsafe) let element = element
    return element
}
