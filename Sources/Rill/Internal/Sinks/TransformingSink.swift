/// The base of the single-input transforming sinks that can end the sequence
/// themselves (a throwing closure, `withUnretained`'s released object): holds
/// the downstream and the `isDone` flag, and forwards terminal events until the
/// sink ended. Subclasses override `onNext` only.
///
/// Visible to inlinable code because `map`'s sink is built there.
@usableFromInline
class TransformingSink<Source, Result>: Sink<Source> {
    final let downstream: Sink<Result>
    // A single upstream is serialised by the grammar: no dynamic exclusivity check needed.
    @exclusivity(unchecked) final var isDone = false

    init(downstream: Sink<Result>) {
        self.downstream = downstream
    }

    /// Ends the sequence with `error` from inside the sink (a closure threw): the
    /// elements the upstream still sends are dropped.
    final func fail(_ error: any Swift.Error) {
        isDone = true
        downstream.onError(error)
    }

    override final func onError(_ error: any Swift.Error) {
        guard !isDone else { return }
        downstream.onError(error)
    }

    override final func onCompleted() {
        guard !isDone else { return }
        downstream.onCompleted()
    }
}
