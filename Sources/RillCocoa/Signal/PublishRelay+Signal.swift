import Rill

extension PublishRelay {
    /// The relay as a ``Signal``: each accepted element, on the main queue, to the
    /// subscribers present when it is accepted.
    ///
    /// ```swift
    /// let taps = PublishRelay<Void>()
    /// taps.asSignal().emit(onNext: { openDetails() })
    /// ```
    ///
    /// - Returns: A signal of the relay's elements.
    public func asSignal() -> Signal<Element> {
        SharedSequence(asObservable().observe(on: SignalSharingStrategy.scheduler))
    }
}
