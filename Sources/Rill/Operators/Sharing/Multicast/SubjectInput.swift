/// A subject's observer side as a `Sink`, the form Rill's event path delivers to.
///
/// The subjects that do all their work in a `SubjectCore` get a sink that calls
/// the core; Rill's other subjects one that calls their element-only `onNext(_:)`,
/// so a multicast builds no `Event` per element; any other observer receives `on(_:)`.
func subjectInput<Observer: ObserverType>(_ observer: Observer) -> Sink<Observer.Element> {
    typealias Element = Observer.Element
    if let (core, owner) = subjectCore(of: observer, as: Element.self) { return SubjectCoreInput(core, owner: owner) }
    if let subject = observer as? AsyncSubject<Element> { return ElementObserverInput(subject) }
    if let subject = observer as? SerializedSubject<Element> { return ElementObserverInput(subject) }
    if let observer = observer as? AnyObserver<Element> { return ElementObserverInput(observer) }
    return ObserverInput(observer)
}

/// The engine of `object` and the subject that owns it (named in `RxError.disposed`),
/// if `object` is one of the subjects that do all their work in a `SubjectCore`:
/// `PublishSubject`, `BehaviorSubject`, `ReplaySubject`. A multicast sends to it and
/// `refCount` subscribes to it without the subject's own forwarding.
func subjectCore<Element>(of object: Any, as _: Element.Type) -> (SubjectCore<Element>, owner: AnyObject)? {
    if let subject = object as? PublishSubject<Element> { return (subject.core, subject) }
    if let subject = object as? BehaviorSubject<Element> { return (subject.core, subject) }
    if let subject = object as? ReplaySubject<Element> { return (subject.core, subject) }
    return nil
}

/// Sends to a subject's engine directly: what the subject's own `on(_:)` does.
private final class SubjectCoreInput<Element>: Sink<Element> {
    private let core: SubjectCore<Element>
    private let owner: AnyObject

    init(_ core: SubjectCore<Element>, owner: AnyObject) {
        self.core = core
        self.owner = owner
    }

    override func onNext(_ element: Element) { core.onNext(element, from: owner) }
    override func onError(_ error: any Swift.Error) { core.terminate(.error(error), from: owner) }
    override func onCompleted() { core.terminate(.completed, from: owner) }
}

/// An observer with an element-only `onNext(_:)` of its own.
protocol ElementObserver: ObserverType {
    func onNext(_ element: Element)
}

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
