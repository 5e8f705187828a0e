import Rill

extension ObservableConvertibleType {
    /// Converts this sequence to a ``Driver`` that sends `onErrorJustReturn`, then
    /// completes, instead of an error.
    ///
    /// Events move to the main queue (``DriverSharingStrategy/scheduler``) before the
    /// error is replaced, and the result replays its latest element to new
    /// subscribers.
    ///
    /// ```
    /// source:                          -1-2-x
    /// asDriver(onErrorJustReturn: 0):  -1-2-0|
    /// ```
    ///
    /// - Parameter onErrorJustReturn: The element sent in place of an error.
    /// - Returns: A driver that cannot fail.
    public func asDriver(onErrorJustReturn: Element) -> Driver<Element> {
        asSharedSequence(onErrorJustReturn: onErrorJustReturn)
    }

    /// Converts this sequence to a ``Driver`` that goes on with `onErrorDriveWith`
    /// after an error.
    ///
    /// ```
    /// source:                                   -1-2-x
    /// asDriver(onErrorDriveWith: .just(0)):     -1-2-0|
    /// ```
    ///
    /// - Parameter onErrorDriveWith: The driver whose events follow an error.
    /// - Returns: A driver that cannot fail.
    public func asDriver(onErrorDriveWith: Driver<Element>) -> Driver<Element> {
        asSharedSequence(onErrorDriveWith: onErrorDriveWith)
    }

    /// Converts this sequence to a ``Driver`` that goes on with the driver
    /// `onErrorRecover` returns for an error.
    ///
    /// `onErrorRecover` runs on the main queue; written in actor-isolated code, it is
    /// checked there.
    ///
    /// ```swift
    /// let items = api.items().asDriver(onErrorRecover: { error in
    ///     log(error)
    ///     return .just([])
    /// })
    /// ```
    ///
    /// - Parameters:
    ///   - onErrorRecover: Returns the driver whose events follow the error.
    ///   - isolation: The caller's actor, found automatically; pass `nil` to hand over
    ///     a nonisolated closure.
    /// - Returns: A driver that cannot fail.
    public func asDriver(
        onErrorRecover: @escaping (_ error: any Swift.Error) -> Driver<Element>,
        isolation: isolated (any Actor)? = #isolation
    ) -> Driver<Element> {
        asSharedSequence(onErrorRecover: onErrorRecover, isolation: isolation)
    }
}
