extension ObservableType {
    /// Drops the source's elements until `other` emits an element, then emits the
    /// rest.
    ///
    /// `other` is subscribed first and disposed once it has emitted. Its
    /// completion without an element leaves the gate shut; its error ends the
    /// result. The source's completion and errors pass at any time.
    ///
    /// ```
    /// source:            -1-2-3-4|
    /// other:             ----x
    /// skip(until: other): -----3-4|
    /// ```
    public func skip<Source: ObservableType>(until other: Source) -> Observable<Element> {
        let source = asObservable()
        let other = other.asObservable()
        return OperatorObservable { sink in
            let skip = SkipUntilSink(downstream: sink)
            skip.otherSubscription.setDisposable(other.run(SkipUntilOtherSink<Element, Source.Element>(parent: skip)))
            return Disposables.create(skip.otherSubscription, source.run(skip), skip)
        }
    }
}

/// Receives the source. The other sequence can fail on another thread, so
/// delivery goes through a `SerialDeliverer`; `isOpen` is a flag the other
/// sequence sets once and each element reads.
private final class SkipUntilSink<Element>: Sink<Element>, Disposable, @unchecked Sendable {
    // Sendable: the deliverer and `otherSubscription` are thread-safe, `isOpen`
    // is atomic.
    private let delivery: SerialDeliverer<Element>
    let isOpen = AtomicWord()
    let otherSubscription = SingleAssignmentDisposable()

    init(downstream: Sink<Element>) {
        delivery = SerialDeliverer(downstream: downstream)
    }

    override func onNext(_ element: Element) {
        if isOpen.value != 0 { delivery.deliver(element) }
    }

    override func onError(_ error: any Swift.Error) { delivery.end(error) }
    override func onCompleted() { delivery.end(nil) }

    func otherFailed(_ error: any Swift.Error) { delivery.end(error) }

    func dispose() { delivery.dispose() }
}

/// Receives the other sequence of `skip(until:)`: its first element opens the gate.
private final class SkipUntilOtherSink<Element, Other>: Sink<Other> {
    private let parent: SkipUntilSink<Element>

    init(parent: SkipUntilSink<Element>) {
        self.parent = parent
    }

    override func onNext(_ element: Other) {
        parent.isOpen.store(1)
        parent.otherSubscription.dispose()
    }

    override func onError(_ error: any Swift.Error) { parent.otherFailed(error) }
    override func onCompleted() { parent.otherSubscription.dispose() }
}
