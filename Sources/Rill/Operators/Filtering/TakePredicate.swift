/// Whether the element that ends `take(until:behavior:)` or `take(while:behavior:)`
/// is emitted.
public enum TakeBehavior: Sendable {
    /// Emit the element that ends the sequence, then complete.
    case inclusive
    /// Complete without emitting the element that ends the sequence.
    case exclusive
}

extension ObservableType {
    /// Emits the source's elements until `predicate` returns true for one, then
    /// completes.
    ///
    /// `predicate` runs on the thread that delivers each element. An error it
    /// throws fails the sequence.
    ///
    /// ```
    /// source:                                         -1-2-3-4|
    /// take(until: { $0 == 3 }):                       -1-2|
    /// take(until: { $0 == 3 }, behavior: .inclusive): -1-2-3|
    /// ```
    ///
    /// - Parameters:
    ///   - predicate: Returns true for the element that ends the sequence.
    ///   - behavior: Whether that element is emitted; `.exclusive` by default.
    /// - Parameter isolation: The caller's actor (see `map`).
    /// - Returns: An observable of the elements before the one that satisfies `predicate`.
    @_alwaysEmitIntoClient
    public func take(
        until predicate: @escaping (Element) throws -> Bool,
        behavior: TakeBehavior = .exclusive,
        isolation: isolated (any Actor)? = #isolation
    ) -> Observable<Element> {
        guard let isolation else {
            return TakePredicateObservable(source: asObservable(), endsOn: true, predicate: predicate, behavior: behavior)
        }
        let checked = IsolationCheck.checking(predicate, isolation, "take(until:behavior:)")
        return TakePredicateObservable(source: asObservable(), endsOn: true, predicate: checked, behavior: behavior)
    }

    /// Emits the source's elements until `predicate` returns true for one.
    @available(*, deprecated, renamed: "take(until:behavior:)")
    public func takeUntil(
        _ behavior: TakeBehavior,
        predicate: @escaping (Element) throws -> Bool,
        isolation: isolated (any Actor)? = #isolation
    ) -> Observable<Element> {
        take(until: predicate, behavior: behavior, isolation: isolation)
    }
}

/// The engine of `take(until: predicate)` and `take(while:)`: a predicate decides,
/// per element, whether the sequence ends there.
// Sendable: immutable after init; each subscription keeps its own state.
@usableFromInline
final class TakePredicateObservable<Element>: Observable<Element>, @unchecked Sendable {
    private let source: Observable<Element>
    private let endsOn: Bool
    private let predicate: (Element) throws -> Bool
    private let behavior: TakeBehavior

    /// - Parameter endsOn: The predicate result that ends the sequence: true for
    ///   `take(until:)`, false for `take(while:)`.
    @usableFromInline
    init(source: Observable<Element>, endsOn: Bool, predicate: @escaping (Element) throws -> Bool, behavior: TakeBehavior) {
        self.source = source
        self.endsOn = endsOn
        self.predicate = predicate
        self.behavior = behavior
    }

    override func run(_ sink: Sink<Element>) -> any Disposable {
        source.run(TakePredicateSink(
            endsOn: endsOn, predicate: predicate, isInclusive: behavior == .inclusive, downstream: sink
        ))
    }
}

private final class TakePredicateSink<Element>: Sink<Element> {
    private let endsOn: Bool
    private let predicate: (Element) throws -> Bool
    private let isInclusive: Bool
    private let downstream: Sink<Element>
    // Set once the sequence has ended; later events from the source are ignored.
    // Touched only by the source's events, which the Rx grammar serialises.
    @exclusivity(unchecked) private var isDone = false

    init(endsOn: Bool, predicate: @escaping (Element) throws -> Bool, isInclusive: Bool, downstream: Sink<Element>) {
        self.endsOn = endsOn
        self.predicate = predicate
        self.isInclusive = isInclusive
        self.downstream = downstream
    }

    override func onNext(_ element: Element) {
        guard !isDone else { return }
        let ends: Bool
        do {
            ends = try predicate(element) == endsOn
        } catch {
            isDone = true
            return downstream.onError(error)
        }
        guard ends else { return downstream.onNext(element) }
        isDone = true
        if isInclusive { downstream.onNext(element) }
        downstream.onCompleted()
    }

    override func onError(_ error: any Swift.Error) {
        guard !isDone else { return }
        isDone = true
        downstream.onError(error)
    }

    override func onCompleted() {
        guard !isDone else { return }
        isDone = true
        downstream.onCompleted()
    }
}
