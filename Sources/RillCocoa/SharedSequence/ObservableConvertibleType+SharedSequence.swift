import Rill

extension ObservableConvertibleType {
    /// Converts this sequence to a ``SharedSequence`` of strategy `S`, ending with
    /// `onErrorJustReturn` instead of an error.
    ///
    /// Events move to `S`'s scheduler (`observe(on:)`), an error becomes
    /// `onErrorJustReturn` followed by completion, and the result is shared the
    /// strategy's way.
    ///
    /// ```
    /// source:                       -1-2-x
    /// asSharedSequence(onErrorJustReturn: 0): -1-2-0|
    /// ```
    ///
    /// - Parameters:
    ///   - sharingStrategy: The strategy `S`; usually inferred from the result type.
    ///   - onErrorJustReturn: The element sent in place of an error.
    /// - Returns: A shared sequence that cannot fail.
    public func asSharedSequence<S>(
        sharingStrategy: S.Type = S.self, onErrorJustReturn: Element
    ) -> SharedSequence<S, Element> {
        SharedSequence(asObservable().observe(on: S.scheduler).catchAndReturn(onErrorJustReturn))
    }

    /// Converts this sequence to a ``SharedSequence`` of strategy `S`, going on with
    /// `onErrorDriveWith` after an error.
    ///
    /// - Parameters:
    ///   - sharingStrategy: The strategy `S`; usually inferred from the result type.
    ///   - onErrorDriveWith: The shared sequence whose events follow an error.
    /// - Returns: A shared sequence that cannot fail.
    public func asSharedSequence<S>(
        sharingStrategy: S.Type = S.self, onErrorDriveWith: SharedSequence<S, Element>
    ) -> SharedSequence<S, Element> {
        let fallback = onErrorDriveWith.asObservable()
        return SharedSequence(asObservable().observe(on: S.scheduler).catch { _ in fallback })
    }

    /// Converts this sequence to a ``SharedSequence`` of strategy `S`, going on with
    /// the shared sequence `onErrorRecover` returns for an error.
    ///
    /// `onErrorRecover` runs on `S`'s scheduler (the main queue for ``Driver`` and
    /// ``Signal``); written in actor-isolated code, it is checked there.
    ///
    /// - Parameters:
    ///   - sharingStrategy: The strategy `S`; usually inferred from the result type.
    ///   - onErrorRecover: Returns the shared sequence whose events follow the error.
    ///   - isolation: The caller's actor, found automatically; pass `nil` to hand over
    ///     a nonisolated closure.
    /// - Returns: A shared sequence that cannot fail.
    public func asSharedSequence<S>(
        sharingStrategy: S.Type = S.self,
        onErrorRecover: @escaping (_ error: any Swift.Error) -> SharedSequence<S, Element>,
        isolation: isolated (any Actor)? = #isolation
    ) -> SharedSequence<S, Element> {
        SharedSequence(asObservable().observe(on: S.scheduler).recovering(with: onErrorRecover, isolation: isolation))
    }
}

extension Observable {
    /// `catch` with a recovery that returns a shared sequence: the error path of the
    /// `onErrorRecover:` conversions.
    func recovering<Recovered: SharedSequenceConvertibleType>(
        with recover: @escaping (any Swift.Error) -> Recovered,
        isolation: isolated (any Actor)?
    ) -> Observable<Element> where Recovered.Element == Element {
        self.catch({ error in recover(error).asObservable() }, isolation: isolation)
    }
}
