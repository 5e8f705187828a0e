/// An operator's observable given by its `run` closure: for operators whose
/// observable would only store its arguments and build one sink per subscription.
///
/// The closure captures the operator's arguments (the source, a predicate, a
/// scheduler) and is called once per subscription from inside the trampoline,
/// exactly where an `Observable` subclass's `run` override would be. Nothing of it
/// is on the per-element path.
// Sendable: immutable after init; each subscription keeps its own state.
@usableFromInline
final class OperatorObservable<Element>: Observable<Element>, @unchecked Sendable {
    private let subscribe: (Sink<Element>) -> any Disposable
    /// Debugging: the public function that built it (`#function`), for live
    /// subscriptions' chains (Debugging/ObservableChain.swift).
    let function: StaticString

    @usableFromInline
    init(_ run: @escaping (Sink<Element>) -> any Disposable, function: StaticString = #function) {
        subscribe = run
        self.function = function
    }

    override func run(_ sink: Sink<Element>) -> any Disposable {
        subscribe(sink)
    }
}
