import Rill

extension SharedSequence {
    /// The sequence's elements as an `AsyncStream`, for `for await`: it cannot throw,
    /// as a shared sequence cannot fail.
    ///
    /// Reading the property subscribes on the main actor (so a ``Driver``'s replayed
    /// element arrives there too); leaving the loop or cancelling its task disposes
    /// the subscription. The buffer is unbounded, so nothing is dropped.
    ///
    /// ```swift
    /// for await title in viewModel.title.values {
    ///     print(title)
    /// }
    /// ```
    @MainActor public var values: AsyncStream<Element> {
        asInfallible().values
    }
}
