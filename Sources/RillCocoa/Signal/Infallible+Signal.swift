import Rill

extension InfallibleType {
    /// This sequence as a ``Signal``: the same elements, on the main queue, replayed
    /// to nobody.
    ///
    /// - Returns: A signal of this sequence's elements.
    public func asSignal() -> Signal<Element> {
        SharedSequence(asObservable().observe(on: SignalSharingStrategy.scheduler))
    }
}
