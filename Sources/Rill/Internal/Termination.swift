/// How a sequence ended: Rill's one way to say "terminal event".
///
/// Every state machine that remembers or queues an end (a subject's terminal
/// state, `observe(on:)`'s end waiting behind its elements, `take(until:)`'s end
/// waiting for the element in flight, a serial deliverer's last item) keeps a
/// `Termination`. It is apart from elements so that the element path never builds
/// or inspects an `Event<Element>`: in Rill's unspecialised code touching
/// `Event<Element>` costs a metadata lookup, `Termination` is not generic.
enum Termination {
    case completed
    case error(any Swift.Error)

    /// The terminal event `error` stands for: completion when nil.
    init(_ error: (any Swift.Error)?) {
        self = error.map { .error($0) } ?? .completed
    }

    /// Delivers this terminal event to `sink`.
    func deliver<Element>(to sink: Sink<Element>) {
        switch self {
        case .completed: sink.onCompleted()
        case .error(let error): sink.onError(error)
        }
    }

    /// The error, if this is one.
    var error: (any Swift.Error)? {
        if case .error(let error) = self { return error }
        return nil
    }

    /// This terminal event as an `Event`.
    func event<Element>(of type: Element.Type = Element.self) -> Event<Element> {
        switch self {
        case .completed: .completed
        case .error(let error): .error(error)
        }
    }
}
