import Rill

extension SharedSequenceConvertibleType {
    /// Runs side effects for the elements, the completion and the subscription's
    /// lifecycle, passing every event through unchanged.
    ///
    /// The element and completion closures run once per event of the shared source,
    /// on the strategy's scheduler; `onSubscribe`, `onSubscribed` and `onDispose` run
    /// when the shared source is subscribed and disposed.
    ///
    /// ```swift
    /// viewModel.items.do(onNext: { print("\($0.count) items") }).drive(tableObserver)
    /// ```
    ///
    /// - Parameters:
    ///   - onNext: Called with each element, before it is delivered.
    ///   - afterNext: Called with each element, after it is delivered.
    ///   - onCompleted: Called on completion, before it is delivered.
    ///   - afterCompleted: Called on completion, after it is delivered.
    ///   - onSubscribe: Called before the source is subscribed.
    ///   - onSubscribed: Called after the source is subscribed.
    ///   - onDispose: Called when the subscription is disposed.
    ///   - isolation: The caller's actor, found automatically; pass `nil` to hand over
    ///     nonisolated closures.
    /// - Returns: The same shared sequence, with the side effects.
    public func `do`(
        onNext: ((Element) -> Void)? = nil,
        afterNext: ((Element) -> Void)? = nil,
        onCompleted: (() -> Void)? = nil,
        afterCompleted: (() -> Void)? = nil,
        onSubscribe: (() -> Void)? = nil,
        onSubscribed: (() -> Void)? = nil,
        onDispose: (() -> Void)? = nil,
        isolation: isolated (any Actor)? = #isolation
    ) -> SharedSequence<SharingStrategy, Element> {
        lift {
            $0.do(
                onNext: onNext, afterNext: afterNext, onCompleted: onCompleted, afterCompleted: afterCompleted,
                onSubscribe: onSubscribe, onSubscribed: onSubscribed, onDispose: onDispose, isolation: isolation
            )
        }
    }

    /// Prints each event and the subscription's lifecycle, with `identifier`.
    ///
    /// - Parameters:
    ///   - identifier: A name for the printed lines; by default the file, line and function.
    ///   - trimOutput: Whether to shorten long event descriptions.
    ///   - file: The calling file, filled in automatically.
    ///   - line: The calling line, filled in automatically.
    ///   - function: The calling function, filled in automatically.
    /// - Returns: The same shared sequence, printing as it goes.
    public func debug(
        _ identifier: String? = nil,
        trimOutput: Bool = false,
        file: String = #file,
        line: UInt = #line,
        function: String = #function
    ) -> SharedSequence<SharingStrategy, Element> {
        lift { $0.debug(identifier, trimOutput: trimOutput, file: file, line: line, function: function) }
    }
}
