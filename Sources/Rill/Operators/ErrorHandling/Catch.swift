extension ObservableType {
    /// Continues with the sequence `handler` returns when this sequence fails.
    ///
    /// `handler` runs once, on the thread that delivered the error; its sequence's
    /// events (including its own error) go to the subscriber. An error `handler`
    /// throws becomes the error event. The failed subscription is disposed before
    /// the replacement is subscribed.
    ///
    /// ```
    /// source:                      -1-2-x
    /// catch { _ in .of(8, 9) }:    -1-2-8-9|
    /// ```
    ///
    /// - Parameter handler: Returns the sequence to continue with, given the error.
    /// - Parameter isolation: The caller's actor (see `map`).
    /// - Returns: This sequence's events until an error, then the replacement's.
    @_alwaysEmitIntoClient
    public func `catch`(
        _ handler: @escaping (any Swift.Error) throws -> Observable<Element>,
        isolation: isolated (any Actor)? = #isolation
    ) -> Observable<Element> {
        guard let isolation else { return CatchObservable(source: asObservable(), handler: handler) }
        return CatchObservable(source: asObservable(), handler: IsolationCheck.checking(handler, isolation, "catch(_:)"))
    }

    /// Completes with `element` when this sequence fails.
    ///
    /// ```
    /// source:              -1-2-x
    /// catchAndReturn(0):   -1-2-0|
    /// ```
    ///
    /// - Parameter element: The last element to emit instead of the error.
    /// - Returns: This sequence's events until an error, then `element` and completion.
    @_alwaysEmitIntoClient
    public func catchAndReturn(_ element: Element) -> Observable<Element> {
        CatchObservable(source: asObservable()) { _ in Observable.just(element) }
    }

    /// Renamed `catch(_:)` in RxSwift 6.
    @available(*, deprecated, renamed: "catch(_:)")
    public func catchError(
        _ handler: @escaping (any Swift.Error) throws -> Observable<Element>,
        isolation: isolated (any Actor)? = #isolation
    ) -> Observable<Element> {
        `catch`(handler, isolation: isolation)
    }

    /// Renamed `catchAndReturn(_:)` in RxSwift 6.
    @available(*, deprecated, renamed: "catchAndReturn(_:)")
    public func catchErrorJustReturn(_ element: Element) -> Observable<Element> {
        catchAndReturn(element)
    }
}

// Sendable: immutable after init; each subscription keeps its own state.
@usableFromInline
final class CatchObservable<Element>: Observable<Element>, @unchecked Sendable {
    private let source: Observable<Element>
    private let handler: (any Swift.Error) throws -> Observable<Element>

    @usableFromInline
    init(source: Observable<Element>, handler: @escaping (any Swift.Error) throws -> Observable<Element>) {
        self.source = source
        self.handler = handler
    }

    override func run(_ sink: Sink<Element>) -> any Disposable {
        let catchSink = CatchSink(source: source, handler: handler, downstream: sink)
        catchSink.start()
        return catchSink
    }
}

/// Attempt 0 is the source with this sink; attempt 1 the replacement, whose
/// events go straight downstream.
private final class CatchSink<Element>: RetryingSink<Element>, RetryAttempts, @unchecked Sendable {
    // Sendable: `replacement` is written by the failing attempt before it requests
    // the next attempt under the state's lock, and read by the subscribe loop after
    // taking that lock.
    private let source: Observable<Element>
    private let handler: (any Swift.Error) throws -> Observable<Element>
    private var replacement: Observable<Element>?

    init(source: Observable<Element>, handler: @escaping (any Swift.Error) throws -> Observable<Element>, downstream: Sink<Element>) {
        self.source = source
        self.handler = handler
        super.init(downstream: downstream)
    }

    func subscribeAttempt(_ number: Int) -> any Disposable {
        if number == 0 { return source.subscribe(self) { $0 } }
        guard let replacement else { return Disposables.create() }
        self.replacement = nil
        return replacement.subscribe(downstream) { $0 }
    }

    override func onError(_ error: any Swift.Error) {
        do {
            replacement = try handler(error)
        } catch {
            return downstream.onError(error)
        }
        startNextAttempt()
    }
}

extension ObservableType {
    /// Subscribes to each sequence of `sequence` in turn, moving to the next one when
    /// the current one fails; ends with the last error when no sequence is left.
    ///
    /// The first sequence is subscribed at once; each following one after the
    /// previous one failed and its subscription was disposed. The first completion
    /// ends the result. `sequence` is iterated lazily, one step per failure, so it
    /// may be endless. An empty `sequence` completes at once.
    ///
    /// ```
    /// first:                        -1-x
    /// second:                          -2-x
    /// third:                              -3|
    /// catch(sequence: [first, second, third]):
    ///                               -1--2--3|
    /// ```
    ///
    /// - Parameter sequence: The sequences to try, in order.
    /// - Returns: The events of each sequence up to its error, then those of the
    ///   next; the last sequence's error if every one failed.
    @_alwaysEmitIntoClient
    public static func `catch`<Sources: Swift.Sequence>(sequence: Sources) -> Observable<Element>
        where Sources.Element == Observable<Element> {
        CatchSequenceObservable(sequence)
    }

    /// Tries each sequence in turn until one completes: RxSwift's old spelling of
    /// ``catch(sequence:)``.
    @available(*, deprecated, renamed: "catch(sequence:)")
    @_alwaysEmitIntoClient
    public static func catchError<Sources: Swift.Sequence>(_ sequence: Sources) -> Observable<Element>
        where Sources.Element == Observable<Element> {
        `catch`(sequence: sequence)
    }
}

// Sendable: immutable after init; each subscription keeps its own state.
@usableFromInline
final class CatchSequenceObservable<Sources: Swift.Sequence, Element>: Observable<Element>, @unchecked Sendable
    where Sources.Element == Observable<Element> {
    private let sources: Sources

    @usableFromInline
    init(_ sources: Sources) {
        self.sources = sources
    }

    override func run(_ sink: Sink<Element>) -> any Disposable {
        let catchSink = CatchSequenceSink(sources.makeIterator(), downstream: sink)
        catchSink.start()
        return catchSink
    }
}

/// Attempt n subscribes the iterator's next sequence with this sink; when there is
/// none, the last error (or, for an empty sequence, completion) goes downstream.
private final class CatchSequenceSink<Iterator: IteratorProtocol, Element>: RetryingSink<Element>, RetryAttempts, @unchecked Sendable
    where Iterator.Element == Observable<Element> {
    // Sendable: `iterator` and `lastError` are touched by one attempt at a time:
    // the failing attempt writes `lastError` before it requests the next attempt
    // under the state's lock, and the subscribe loop reads both after taking it.
    private var iterator: Iterator
    private var lastError: (any Swift.Error)?

    init(_ iterator: Iterator, downstream: Sink<Element>) {
        self.iterator = iterator
        super.init(downstream: downstream)
    }

    func subscribeAttempt(_ number: Int) -> any Disposable {
        guard let next = iterator.next() else {
            if let lastError {
                self.lastError = nil
                downstream.onError(lastError)
            } else {
                downstream.onCompleted()
            }
            return Disposables.create()
        }
        return next.subscribe(self) { $0 }
    }

    override func onError(_ error: any Swift.Error) {
        lastError = error
        startNextAttempt()
    }
}
