import Rill

extension SharedSequenceConvertibleType {
    /// Applies an `Observable` operator and shares the result with this sequence's
    /// strategy: the body of every shared-sequence operator. The source already
    /// delivers on the strategy's scheduler, and operators keep the thread they are
    /// called on, so only the sharing needs restoring.
    func lift<Result>(
        _ transform: (Observable<Element>) -> Observable<Result>
    ) -> SharedSequence<SharingStrategy, Result> {
        SharedSequence(transform(asObservable()))
    }
}
