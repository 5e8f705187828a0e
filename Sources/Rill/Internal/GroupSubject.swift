/// A minimal hot observable: sends each event to the sinks subscribed at that
/// moment, in subscription order, and replays its terminal event to later
/// subscribers. It is what `groupBy`'s groups, `window`'s windows and
/// `retry(when:)`'s errors observable are made of.
///
/// The caller sends events one at a time (the Rx grammar); subscribing and
/// disposing are safe from any thread. Delivery happens after the lock is released.
// Sendable: the sink list and the terminal event are behind `state`'s lock.
final class GroupSubject<Element>: Observable<Element>, @unchecked Sendable {
    private struct State {
        var sinks: [(key: Int, sink: Sink<Element>)] = []
        var nextKey = 0
        var terminal: Event<Element>?
    }

    private let state = Locked(State())

    func onNext(_ element: Element) {
        for entry in state.withLock({ $0.sinks }) { entry.sink.onNext(element) }
    }

    /// Ends the sequence with `terminal` (an error or completion).
    func finish(_ terminal: Event<Element>) {
        let sinks: [(key: Int, sink: Sink<Element>)] = state.withLock { state in
            guard state.terminal == nil else { return [] }
            state.terminal = terminal
            defer { state.sinks = [] }
            return state.sinks
        }
        for entry in sinks { entry.sink.on(terminal) }
    }

    override func run(_ sink: Sink<Element>) -> any Disposable {
        let subscribed: (key: Int, terminal: Event<Element>?) = state.withLock { state in
            if let terminal = state.terminal { return (-1, terminal) }
            defer { state.nextKey += 1 }
            state.sinks.append((state.nextKey, sink))
            return (state.nextKey, nil)
        }
        if let terminal = subscribed.terminal {
            sink.on(terminal)
            return Disposables.create()
        }
        return Disposables.create { [weak self] in
            self?.state.withLock { $0.sinks.removeAll { $0.key == subscribed.key } }
        }
    }
}
