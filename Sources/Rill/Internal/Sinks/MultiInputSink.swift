/// An event of one input of a multi-input operator (`zip`, `combineLatest`),
/// queued in the operator's `SerialDrain` for the holder of its turn. An
/// element's value waits in its input's own typed queue.
@usableFromInline
enum InputEvent {
    case element(index: Int)
    case completed(index: Int)
    case failed(index: Int, any Swift.Error)
}

/// Receives one input's events for a multi-input operator and hands them to the
/// operator's core through closures built in the caller's specialised code, so
/// the element's path is compiled for its concrete type.
@usableFromInline
final class MultiInputSink<Element>: Sink<Element> {
    let arrived: (Element) -> Void
    let ended: (InputEvent) -> Void
    let index: Int

    /// - Parameters:
    ///   - arrived: Called with each element.
    ///   - ended: Called with `.completed(index:)` or `.failed(index:_:)`.
    ///   - index: The input's position among the operator's inputs.
    @usableFromInline
    init(arrived: @escaping (Element) -> Void, ended: @escaping (InputEvent) -> Void, index: Int) {
        self.arrived = arrived
        self.ended = ended
        self.index = index
    }

    override func onNext(_ element: Element) { arrived(element) }
    override func onError(_ error: any Swift.Error) { ended(.failed(index: index, error)) }
    override func onCompleted() { ended(.completed(index: index)) }
}
