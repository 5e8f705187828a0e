extension ObservableType where Element: ObservableConvertibleType {
    /// Emits the elements of the most recent inner observable only: each new inner
    /// disposes the subscription to the previous one.
    ///
    /// Completes when the outer sequence and the current inner have completed;
    /// fails when either fails. Events of a replaced inner that race with the
    /// switch are dropped.
    ///
    /// ```
    /// outer:          -a------b-----|
    /// a:               -1--2---3
    /// b:                       -4--|
    /// switchLatest(): --1--2----4--|
    /// ```
    public func switchLatest() -> Observable<Element.Element> {
        let source = asObservable()
        return OperatorObservable { sink in
            let parent = SwitchLatestSink<Element>(downstream: sink)
            return Disposables.create(source.run(parent), parent)
        }
    }
}

/// Receives the outer sequence. `state` (behind its lock) says which inner is
/// current; `current` holds that inner's subscription.
private final class SwitchLatestSink<Inner: ObservableConvertibleType>: Sink<Inner>, Disposable, @unchecked Sendable {
    // Sendable: `state` is behind its lock; `current` is thread-safe.
    typealias Element = Inner.Element

    private let state = Locked(SwitchLatestState<Element>())
    private let downstream: Sink<Element>
    private let current = SerialDisposable()

    init(downstream: Sink<Element>) {
        self.downstream = downstream
    }

    override func onNext(_ inner: Inner) {
        let observable = inner.asObservable()
        let id = state.withLock { $0.innerArrived() }
        let subscription = SingleAssignmentDisposable()
        current.disposable = subscription
        let sink = SwitchLatestInnerSink(parent: self, id: id)
        Trampoline.run { _ in subscription.setDisposable(observable.run(sink)) }
    }

    override func onError(_ error: any Swift.Error) {
        perform(state.withLock { $0.outerFailed(error) }) { downstream.onError(error) }
    }

    override func onCompleted() {
        perform(state.withLock { $0.outerCompleted() }) { downstream.onCompleted() }
    }

    func innerElement(_ element: Element, from id: Int) {
        perform(state.withLock { $0.elementReceived(element, from: id) }) { downstream.onNext(element) }
    }

    func innerFailed(_ error: any Swift.Error, from id: Int) {
        perform(state.withLock { $0.innerFailed(error, from: id) }) { downstream.onError(error) }
    }

    func innerCompleted(_ id: Int) {
        perform(state.withLock { $0.innerCompleted(id) }) { downstream.onCompleted() }
    }

    private func perform(_ action: SwitchLatestState<Element>.Action, deliver: () -> Void) {
        guard case .deliver = action else { return }
        deliver()
        state.drainDeliveries(finish: { $0.delivery.finishDelivery() }, take: { $0.delivery.takePending() }) {
            downstream.receive($0)
        }
    }

    func dispose() {
        state.withLock { $0.delivery.dispose() }
        current.dispose()
    }
}

/// One inner subscription of `switchLatest`, tagged with its identifier.
private final class SwitchLatestInnerSink<Inner: ObservableConvertibleType>: Sink<Inner.Element> {
    private let parent: SwitchLatestSink<Inner>
    private let id: Int

    init(parent: SwitchLatestSink<Inner>, id: Int) {
        self.parent = parent
        self.id = id
    }

    override func onNext(_ element: Inner.Element) { parent.innerElement(element, from: id) }
    override func onError(_ error: any Swift.Error) { parent.innerFailed(error, from: id) }
    override func onCompleted() { parent.innerCompleted(id) }
}
