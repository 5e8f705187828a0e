import Rill

extension ObservableConvertibleType {
    /// Converts this sequence to a ``Signal`` that sends `onErrorJustReturn`, then
    /// completes, instead of an error.
    ///
    /// Events move to the main queue (``SignalSharingStrategy/scheduler``) before the
    /// error is replaced; the result replays nothing to new subscribers.
    ///
    /// ```
    /// source:                          -1-2-x
    /// asSignal(onErrorJustReturn: 0):  -1-2-0|
    /// ```
    ///
    /// - Parameter onErrorJustReturn: The element sent in place of an error.
    /// - Returns: A signal that cannot fail.
    public func asSignal(onErrorJustReturn: Element) -> Signal<Element> {
        asSharedSequence(onErrorJustReturn: onErrorJustReturn)
    }

    /// Converts this sequence to a ``Signal`` that goes on with `onErrorSignalWith`
    /// after an error.
    ///
    /// - Parameter onErrorSignalWith: The signal whose events follow an error.
    /// - Returns: A signal that cannot fail.
    public func asSignal(onErrorSignalWith: Signal<Element>) -> Signal<Element> {
        asSharedSequence(onErrorDriveWith: onErrorSignalWith)
    }

    /// Converts this sequence to a ``Signal`` that goes on with the signal
    /// `onErrorRecover` returns for an error.
    ///
    /// `onErrorRecover` runs on the main queue; written in actor-isolated code, it is
    /// checked there.
    ///
    /// - Parameters:
    ///   - onErrorRecover: Returns the signal whose events follow the error.
    ///   - isolation: The caller's actor, found automatically; pass `nil` to hand over
    ///     a nonisolated closure.
    /// - Returns: A signal that cannot fail.
    public func asSignal(
        onErrorRecover: @escaping (_ error: any Swift.Error) -> Signal<Element>,
        isolation: isolated (any Actor)? = #isolation
    ) -> Signal<Element> {
        asSharedSequence(onErrorRecover: onErrorRecover, isolation: isolation)
    }
}
