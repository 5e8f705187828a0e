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
    /// cancelling the task that iterates disposes the subscription; after a
    /// cancellation the loop throws `CancellationError` (once the elements already
    /// buffered are taken), as RxSwift's does.
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
            let sink = ThrowingStreamSink(continuation)
            // Set before subscribing, so a stream given up during the subscription
            // still disposes it (the sink disposes an upstream attached later). The
            // stream lets go of this closure once it has run it.
            continuation.onTermination = { termination in
                if case .cancelled = termination { sink.cancelled() }
                sink.disposeSubscription()
            }
            sink.attach(to: source)
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
            let sink = StreamSink(continuation)
            continuation.onTermination = { _ in sink.disposeSubscription() }
            sink.attach(to: source)
        }
    }
}

/// The bottom sink of `values`: yields each element straight into the stream, so
/// an element costs one virtual call and the stream's own buffering, nothing more.
/// A terminal event finishes the stream and disposes the subscription, as the
/// closure sinks of `subscribe` do.
private final class ThrowingStreamSink<Element>: SubscriberSink<Element>, @unchecked Sendable {
    // Sendable: other threads only call `disposeSubscription()`, which is thread-safe
    // (SubscriberSink's atomic state); events arrive one at a time (the grammar).
    private let continuation: AsyncThrowingStream<Element, any Swift.Error>.Continuation

    init(_ continuation: AsyncThrowingStream<Element, any Swift.Error>.Continuation) {
        self.continuation = continuation
        super.init(onDisposed: nil)
    }

    // The stream ignores elements after `finish`, so no stopped flag is needed.
    override func onNext(_ element: Element) {
        // `yield` takes a `sending` element. The element leaves the producer here for
        // the iterating task, as it would through `observe(on:)`; like RxSwift's
        // `values`, this asks no `Sendable` of it (see `handOver`).
        continuation.yield(handOver(element))
    }

    override func onError(_ error: any Swift.Error) {
        guard beginTerminal() else { return }
        continuation.finish(throwing: error)
        disposeSubscription()
    }

    override func onCompleted() {
        guard beginTerminal() else { return }
        continuation.finish()
        disposeSubscription()
    }

    /// The iterating task was cancelled: the loop throws `CancellationError`.
    /// The stream runs its termination handler before it ends the waiting loop, so
    /// finishing the stream here still reaches that loop.
    func cancelled() {
        guard beginTerminal() else { return }
        continuation.finish(throwing: CancellationError())
    }
}

/// The bottom sink of `Infallible.values`; see `ThrowingStreamSink`. An error,
/// which an infallible must never send, is reported and ends the stream.
private final class StreamSink<Element>: SubscriberSink<Element>, @unchecked Sendable {
    // Sendable: other threads only call `disposeSubscription()`, which is thread-safe
    // (SubscriberSink's atomic state); events arrive one at a time (the grammar).
    private let continuation: AsyncStream<Element>.Continuation

    init(_ continuation: AsyncStream<Element>.Continuation) {
        self.continuation = continuation
        super.init(onDisposed: nil)
    }

    override func onNext(_ element: Element) { continuation.yield(handOver(element)) }

    override func onError(_ error: any Swift.Error) {
        reportInfallibleError(error)
        onCompleted()
    }

    override func onCompleted() {
        guard beginTerminal() else { return }
        continuation.finish()
        disposeSubscription()
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
