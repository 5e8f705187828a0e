/// A subject's observer side as a `Sink`, the form Rill's event path delivers to.
///
/// Rill's own subjects get a sink that calls their element-only `onNext(_:)`, so
/// a multicast builds no `Event` per element; any other observer receives `on(_:)`.
func subjectInput<Observer: ObserverType>(_ observer: Observer) -> Sink<Observer.Element> {
    typealias Element = Observer.Element
    if let subject = observer as? PublishSubject<Element> { return ElementObserverInput(subject) }
    if let subject = observer as? ReplaySubject<Element> { return ElementObserverInput(subject) }
    if let subject = observer as? BehaviorSubject<Element> { return ElementObserverInput(subject) }
    if let subject = observer as? AsyncSubject<Element> { return ElementObserverInput(subject) }
    if let subject = observer as? SerializedSubject<Element> { return ElementObserverInput(subject) }
    if let observer = observer as? AnyObserver<Element> { return ElementObserverInput(observer) }
    return ObserverInput(observer)
}

/// An observer with an element-only `onNext(_:)` of its own.
protocol ElementObserver: ObserverType {
    func onNext(_ element: Element)
}

extension PublishSubject: ElementObserver {}
extension ReplaySubject: ElementObserver {}
extension BehaviorSubject: ElementObserver {}
extension AsyncSubject: ElementObserver {}
extension SerializedSubject: ElementObserver {}
extension AnyObserver: ElementObserver {}

/// Delivers to an `ElementObserver`, elements without building an `Event`.
private final class ElementObserverInput<Target: ElementObserver>: Sink<Target.Element> {
    private let target: Target

    init(_ target: Target) {
        self.target = target
    }

    override func onNext(_ element: Target.Element) { target.onNext(element) }
    override func onError(_ error: any Swift.Error) { target.on(.error(error)) }
    override func onCompleted() { target.on(.completed) }
}

/// Delivers to any other observer through `on(_:)`.
private final class ObserverInput<Target: ObserverType>: Sink<Target.Element> {
    private let target: Target

    init(_ target: Target) {
        self.target = target
    }

    override func onNext(_ element: Target.Element) { target.on(.next(element)) }
    override func onError(_ error: any Swift.Error) { target.on(.error(error)) }
    override func onCompleted() { target.on(.completed) }
}
