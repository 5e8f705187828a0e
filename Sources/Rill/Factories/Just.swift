extension ObservableType {
    /// An observable that emits `element` and completes.
    ///
    /// `element` is an ordinary argument: it is evaluated once, when `just` is
    /// called, and every subscriber receives that same value. Use `deferred` for a
    /// value computed per subscription.
    ///
    /// ```
    /// just(1): --1|
    /// ```
    @inlinable
    public static func just(_ element: Element) -> Observable<Element> {
        JustObservable(element)
    }

    /// An observable that emits `element` and completes, delivered on `scheduler`.
    public static func just(_ element: Element, scheduler: any ImmediateSchedulerType) -> Observable<Element> {
        Observable.from([element], scheduler: scheduler)
    }
}

// Sendable: immutable after init; each subscription keeps its own state.
@usableFromInline
final class JustObservable<Element>: Observable<Element>, @unchecked Sendable {
    private let element: Element

    @usableFromInline
    init(_ element: Element) {
        self.element = element
    }

    override var subscriptionStyle: SubscriptionStyle { .immediate }

    override func run(_ sink: Sink<Element>) -> any Disposable {
        sink.onNext(element)
        sink.onCompleted()
        return Disposables.create()
    }

    override func deliverImmediately(
        onNext: ((Element) -> Void)?,
        onError: ((any Swift.Error) -> Void)?,
        onCompleted: (() -> Void)?
    ) -> Bool {
        onNext?(element)
        onCompleted?()
        return true
    }
}
