extension ObservableType {
    /// Combines each element with `obj`, held weakly, through `resultSelector`;
    /// completes as soon as an element arrives after `obj` was released.
    ///
    /// Lets a closure further down use an owner without a retain cycle or a
    /// `[weak self]` dance. `resultSelector` runs on the thread that delivers the
    /// element; an error it throws becomes the error event.
    ///
    /// ```swift
    /// button.taps.withUnretained(self) { owner, _ in owner.title }
    /// ```
    ///
    /// - Parameters:
    ///   - obj: The object to pass along, not retained.
    ///   - resultSelector: Combines the object and an element.
    /// - Parameter isolation: The caller's actor (see `map`).
    /// - Returns: An observable of the combined values, which completes once `obj` is gone.
    public func withUnretained<Object: AnyObject, Out>(
        _ obj: Object,
        resultSelector: @escaping (Object, Element) throws -> Out,
        isolation: isolated (any Actor)? = #isolation
    ) -> Observable<Out> {
        guard let isolation else {
            return WithUnretainedObservable(source: asObservable(), object: obj, resultSelector: resultSelector)
        }
        let checked = IsolationCheck.checking(resultSelector, isolation, "withUnretained(_:resultSelector:)")
        return WithUnretainedObservable(source: asObservable(), object: obj, resultSelector: checked)
    }

    /// Pairs each element with `obj`, held weakly; completes as soon as an
    /// element arrives after `obj` was released.
    ///
    /// ```swift
    /// viewModel.title
    ///     .withUnretained(self)
    ///     .subscribe(onNext: { owner, title in owner.label.text = title })
    /// ```
    ///
    /// - Parameter obj: The object to pass along, not retained.
    /// - Returns: An observable of `(object, element)` tuples, which completes once `obj` is gone.
    @_alwaysEmitIntoClient
    public func withUnretained<Object: AnyObject>(_ obj: Object) -> Observable<(Object, Element)> {
        withUnretained(obj) { ($0, $1) }
    }
}

// Sendable: immutable after init (the object is held weakly and only loaded);
// each subscription keeps its own state.
final class WithUnretainedObservable<Object: AnyObject, Element, Out>: Observable<Out>, @unchecked Sendable {
    private let source: Observable<Element>
    private weak var object: Object?
    private let resultSelector: (Object, Element) throws -> Out

    init(source: Observable<Element>, object: Object, resultSelector: @escaping (Object, Element) throws -> Out) {
        self.source = source
        self.object = object
        self.resultSelector = resultSelector
    }

    override func run(_ sink: Sink<Out>) -> any Disposable {
        source.run(WithUnretainedSink(object: object, resultSelector: resultSelector, downstream: sink))
    }
}

private final class WithUnretainedSink<Object: AnyObject, Element, Out>: TransformingSink<Element, Out> {
    private weak var object: Object?
    private let resultSelector: (Object, Element) throws -> Out

    init(object: Object?, resultSelector: @escaping (Object, Element) throws -> Out, downstream: Sink<Out>) {
        self.object = object
        self.resultSelector = resultSelector
        super.init(downstream: downstream)
    }

    override func onNext(_ element: Element) {
        guard !isDone else { return }
        guard let object else {
            isDone = true
            return downstream.onCompleted()
        }
        let result: Out
        do {
            result = try resultSelector(object, element)
        } catch {
            return fail(error)
        }
        downstream.onNext(result)
    }
}
