/// A type-erased observer: what `Observable.create` hands to its closure.
///
/// Call it from the producer's thread, one event at a time (the Rx grammar).
/// It is `Sendable`, so it can be captured by a `@Sendable` completion handler
/// of a callback API without a preconcurrency import:
///
/// ```swift
/// Observable<String>.create { observer in
///     let request = loader.load(name) { result in   // a @Sendable callback
///         switch result {
///         case .success(let value): observer.onNext(value); observer.onCompleted()
///         case .failure(let error): observer.onError(error)
///         }
///     }
///     return Disposables.create { request.cancel() }
/// }
/// ```
public struct AnyObserver<Element>: ObserverType, @unchecked Sendable {
    // Sendable: the sink it wraps is built to be called from whichever thread the
    // producer uses, one event at a time (the Rx grammar); Rill guards its own
    // state there with atomics and locks.
    /// A closure that receives events, as RxSwift spells it.
    public typealias EventHandler = (Event<Element>) -> Void

    @usableFromInline let sink: Sink<Element>

    init(_ sink: Sink<Element>) {
        self.sink = sink
    }

    /// Creates an observer that passes each event to `eventHandler`.
    public init(eventHandler: @escaping EventHandler) {
        self.sink = EventHandlerSink(eventHandler)
    }

    /// Wraps any observer.
    public init<Observer: ObserverType>(_ observer: Observer) where Observer.Element == Element {
        if let erased = observer as? AnyObserver<Element> {
            self = erased
        } else {
            self.sink = EventHandlerSink(observer.on)
        }
    }

    /// Sends `event` to the observer.
    @inlinable
    public func on(_ event: Event<Element>) {
        sink.on(event)
    }

    /// Sends an element (the fast path: no `Event` is built).
    @inlinable
    public func onNext(_ element: Element) {
        sink.onNext(element)
    }

    /// Sends an error.
    @inlinable
    public func onError(_ error: any Swift.Error) {
        sink.onError(error)
    }

    /// Sends completion.
    @inlinable
    public func onCompleted() {
        sink.onCompleted()
    }

    /// Returns `self`.
    public func asObserver() -> AnyObserver<Element> {
        self
    }

    /// Returns an observer of `Result` elements that transforms each element with
    /// `transform` before sending it here.
    public func mapObserver<Result>(_ transform: @escaping (Result) throws -> Element) -> AnyObserver<Result> {
        AnyObserver<Result> { event in
            switch event {
            case .next(let value):
                do { self.onNext(try transform(value)) } catch { self.onError(error) }
            case .error(let error): self.onError(error)
            case .completed: self.onCompleted()
            }
        }
    }
}

extension ObserverType {
    /// This observer, type-erased.
    public func asObserver() -> AnyObserver<Element> {
        AnyObserver(self)
    }

    /// An observer of `Result` elements that transforms each element with
    /// `transform` before sending it to this observer.
    public func mapObserver<Result>(_ transform: @escaping (Result) throws -> Element) -> AnyObserver<Result> {
        asObserver().mapObserver(transform)
    }
}
