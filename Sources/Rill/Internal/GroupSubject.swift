/// A minimal hot observable: sends each event to the sinks subscribed at that
/// moment, in subscription order, and replays its terminal event to later
/// subscribers. It is what `groupBy`'s groups, `window`'s windows and
/// `retry(when:)`'s errors observable are made of: a `PublishSubject`'s engine
/// (`SubjectCore`) without the public subject around it.
///
/// The caller sends events one at a time (the Rx grammar); subscribing and
/// disposing are safe from any thread. Delivery happens after the lock is released.
final class GroupSubject<Element>: Observable<Element>, @unchecked Sendable {
    // Sendable: immutable; `core` is thread-safe (its state is behind its lock).
    private let core = SubjectCore<Element>(replay: 0, replaysAfterTermination: false)

    func onNext(_ element: Element) {
        core.onNext(element, from: self)
    }

    /// Ends the sequence with `terminal` (an error or completion).
    func finish(_ terminal: Event<Element>) {
        core.on(terminal, from: self)
    }

    override func run(_ sink: Sink<Element>) -> any Disposable {
        core.subscribe(sink, owner: self)
    }
}
