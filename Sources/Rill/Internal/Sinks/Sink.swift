/// What every sink is, whatever its element type. Not generic, so that code that
/// holds a sink without knowing its element type (a subscription handle) stores and
/// calls it without looking up a generic class's metadata at run time: converting
/// a `SubscriberSink<Element>` to an existential of a protocol it conforms to
/// needs that metadata (measured: about 330 instructions per subscription), an
/// upcast to this class does not.
///
/// It is an `ObserverKey`: a subject registers a sink under the sink itself.
@usableFromInline
class SinkBase: ObserverKey {
    override init() {}

    /// Disposes the subscription this sink ends. Only the subscriber's end of a
    /// subscription (`SubscriberSink`) has one; other sinks do nothing.
    func disposeSubscription() {}

    /// Whether this sink stores the disposable its source's `run` returns for it,
    /// so that it outlives that disposable: true for the subscriber's end
    /// (`SubscriberSink`); an operator's sink hands its source's disposable down
    /// the chain. See `ObserverOwner.removal(of:registeredBy:)`.
    var keepsOwnSubscription: Bool { false }

    /// Offers the sink its own removal from a subject (`owner`) that registered it
    /// under itself. Called once, by the subject, while it subscribes the sink;
    /// see `ObserverOwner.removal(of:registeredBy:)`. Only `SubscriberSink` takes
    /// it (when it subscribed to the subject directly) or keeps the disposable.
    func adoptRemoval(by owner: OwnerReference) -> RemovalAdoption { .declined }

    /// Whether a `do` that sends this sink a terminal event runs its `after…` hook
    /// before its upstream is disposed. True where, in RxSwift, the sender disposes
    /// itself only once the send returned, because the receiver disposes nothing as
    /// it receives: the subscriber's end, and `observe(on:)` and `subscribe(on:)`.
    /// Rill's sinks for those dispose the upstream as they receive the event, so a
    /// `do` directly above defers that disposal until its hook ran. Read once, when
    /// the `do` subscribes.
    var disposesUpstreamAfterSenderReturns: Bool { false }
}

/// The receiving end of a subscription inside Rill.
///
/// Every operator's per-subscription state is a final subclass. Elements take the
/// element-only path `onNext(_:)`, which never builds an `Event`: in Rill's
/// unspecialised generic code, touching `Event<Element>` costs a metadata lookup
/// per element. Errors and completion have their own methods, off the hot path.
/// Downstream sinks are held as class references, so a hop is one virtual call.
///
/// A sink receives events from one thread at a time (the Rx grammar); state that
/// another thread touches (disposal) lives in a lock or an atomic word. Sinks are
/// not `Sendable`; the few that other threads reach say why that is safe.
///
/// `Sink` has one stored property, `ObserverKey.keySlot`: a sink that keeps atomic
/// words first in the object keeps them right after it (see `sinkWords(of:)`).
@usableFromInline
class Sink<Element>: SinkBase {
    override init() {
        #if DEBUG
        Resources.increment()
        #endif
    }

    deinit {
        #if DEBUG
        Resources.decrement()
        #endif
    }

    /// Receives an element.
    @usableFromInline
    func onNext(_ element: Element) {}

    /// Receives the terminal error.
    @usableFromInline
    func onError(_ error: any Swift.Error) {}

    /// Receives completion.
    @usableFromInline
    func onCompleted() {}

    /// Receives an event: the slow path for callers that hold an `Event`.
    @usableFromInline
    final func on(_ event: Event<Element>) {
        switch event {
        case .next(let element): onNext(element)
        case .error(let error): onError(error)
        case .completed: onCompleted()
        }
    }
}

/// A sink that forwards events to a closure taking `Event`s: `AnyObserver(eventHandler:)`.
final class EventHandlerSink<Element>: Sink<Element> {
    private let handler: (Event<Element>) -> Void

    init(_ handler: @escaping (Event<Element>) -> Void) {
        self.handler = handler
    }

    override func onNext(_ element: Element) { handler(.next(element)) }
    override func onError(_ error: any Swift.Error) { handler(.error(error)) }
    override func onCompleted() { handler(.completed) }
}

/// What a sink registered under itself does with its removal from a subject
/// (`SinkBase.adoptRemoval(by:)`).
enum RemovalAdoption {
    /// It removes itself through the subject's reference when disposed: the
    /// subject returns an empty disposable.
    case adopted
    /// It stores the subject's disposable itself (it keeps its own subscription),
    /// so it outlives that disposable.
    case keepsDisposable
    /// Neither: an operator's sink, whose subscription travels down the chain.
    case declined
}
