/// An operator's observable given by a `run` closure, for one job only: the
/// fixed-arity `zip` and `combineLatest` builders (Zip+Arity.swift,
/// CombineLatest+Arity.swift), which are `@_alwaysEmitIntoClient` so that the
/// closure, created in the caller's module, is compiled for the caller's element
/// types. An `Observable` subclass's `run` override would be compiled once,
/// unspecialised, in Rill. Every other operator is a `final class XObservable:
/// Observable<...>` that stores its source(s) and arguments and overrides `run(_:)`
/// (Documentation/Architecture.md, "How an operator is written").
///
/// The closure captures the operator's arguments and is called once per
/// subscription from inside the trampoline, exactly where a subclass's `run`
/// override would be. Nothing of it is on the per-element path.
// Sendable: immutable after init; each subscription keeps its own state.
@usableFromInline
final class OperatorObservable<Element>: Observable<Element>, @unchecked Sendable {
    /// Debugging: the operator's sources, for live subscriptions' chains
    /// (Debugging/ObservableChain.swift), which find them by reflection; `run`
    /// reaches them through its closure.
    let sources: [any ObservableChainNode]
    /// Debugging: the operator's name in those chains (`zip`).
    let name: StaticString
    private let subscribe: (Sink<Element>) -> any Disposable

    /// - Parameters:
    ///   - name: The operator's name in live subscriptions' chains.
    ///   - sources: The operator's sources, in order.
    ///   - run: Starts one subscription: what `run(_:)` does.
    @usableFromInline
    init(_ name: StaticString, sources: [any ObservableChainNode], run: @escaping (Sink<Element>) -> any Disposable) {
        self.sources = sources
        self.name = name
        subscribe = run
    }

    override func run(_ sink: Sink<Element>) -> any Disposable {
        subscribe(sink)
    }
}
