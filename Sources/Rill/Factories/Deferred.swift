extension ObservableType {
    /// An observable that calls `observableFactory` for each subscription and
    /// subscribes to the observable it returns.
    ///
    /// Use it for a value computed per subscriber (`just` evaluates its argument
    /// once) and for per-subscription state. An error thrown by the factory
    /// becomes the error event.
    ///
    /// ```swift
    /// let now = Observable.deferred { Observable.just(Date()) }   // a fresh date per subscriber
    /// ```
    public static func deferred(
        _ observableFactory: @escaping () throws -> Observable<Element>
    ) -> Observable<Element> {
        DeferredObservable(observableFactory)
    }
}

// Sendable: immutable after init; each subscription keeps its own state.
private final class DeferredObservable<Element>: Observable<Element>, @unchecked Sendable {
    private let factory: () throws -> Observable<Element>

    init(_ factory: @escaping () throws -> Observable<Element>) {
        self.factory = factory
    }

    override func run(_ sink: Sink<Element>) -> any Disposable {
        do {
            return try factory().run(sink)
        } catch {
            sink.onError(error)
            return Disposables.create()
        }
    }
}
