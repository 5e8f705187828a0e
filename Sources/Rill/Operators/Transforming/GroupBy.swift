/// An observable sequence of the elements that share one key: what `groupBy`
/// emits.
///
/// A group is hot: a subscriber receives the group's elements from the moment
/// it subscribes. Subscribe while handling the group (as `flatMap` does) to
/// receive all of them.
public struct GroupedObservable<Key, Element>: ObservableType {
    /// The key shared by every element of this group.
    public let key: Key

    @usableFromInline
    let source: Observable<Element>

    /// Creates a group with `key` whose elements come from `source`.
    public init(key: Key, source: Observable<Element>) {
        self.key = key
        self.source = source
    }

    /// Subscribes `observer` to the group's elements.
    @_alwaysEmitIntoClient
    public func subscribe<Observer: ObserverType>(_ observer: Observer) -> any Disposable where Observer.Element == Element {
        source.subscribe(observer)
    }

    /// The group as a plain observable.
    @_alwaysEmitIntoClient
    public func asObservable() -> Observable<Element> {
        source
    }
}

extension GroupedObservable: Sendable where Key: Sendable {}

extension ObservableType {
    /// Splits the elements into groups by key: emits a `GroupedObservable` when
    /// the first element with a new key arrives, then sends every element with
    /// that key to its group.
    ///
    /// `keySelector` runs on the thread that delivers the element. When the source
    /// completes or fails, every group and the result complete or fail with it;
    /// an error `keySelector` throws fails them too. The source stays subscribed
    /// while the result or any group is subscribed. Once the result's subscription
    /// is disposed it receives nothing more (as in RxSwift): elements of a new key
    /// then go to a group nobody receives, and the groups already delivered keep
    /// receiving theirs.
    ///
    /// ```swift
    /// Observable.of(1, 2, 3, 4)
    ///     .groupBy { $0 % 2 == 0 ? "even" : "odd" }
    ///     .flatMap { group in group.map { "\(group.key) \($0)" } }   // odd 1, even 2, odd 3, even 4
    /// ```
    ///
    /// - Parameter keySelector: Returns the key of an element.
    /// - Parameter isolation: The caller's actor (see `map`).
    /// - Returns: An observable of the groups.
    @_alwaysEmitIntoClient
    public func groupBy<Key: Hashable>(
        keySelector: @escaping (Element) throws -> Key,
        isolation: isolated (any Actor)? = #isolation
    ) -> Observable<GroupedObservable<Key, Element>> {
        guard let isolation else { return GroupByObservable(source: asObservable(), keySelector: keySelector) }
        let checked = IsolationCheck.checking(keySelector, isolation, "groupBy(keySelector:)")
        return GroupByObservable(source: asObservable(), keySelector: checked)
    }
}

// Sendable: immutable after init; each subscription keeps its own state.
@usableFromInline
final class GroupByObservable<Key: Hashable, Element>: Observable<GroupedObservable<Key, Element>>,
    @unchecked Sendable {
    private let source: Observable<Element>
    private let keySelector: (Element) throws -> Key

    @usableFromInline
    init(source: Observable<Element>, keySelector: @escaping (Element) throws -> Key) {
        self.source = source
        self.keySelector = keySelector
    }

    override func run(_ sink: Sink<GroupedObservable<Key, Element>>) -> any Disposable {
        let subscription = SingleAssignmentDisposable()
        let outer = RefCountedOuterSubscription(subscription)
        let groupBySink = GroupBySink(keySelector: keySelector, outer: outer, downstream: sink)
        subscription.setDisposable(source.run(groupBySink))
        return outer
    }
}

private final class GroupBySink<Key: Hashable, Element>: Sink<Element> {
    private let keySelector: (Element) throws -> Key
    private let outer: RefCountedOuterSubscription
    private let downstream: Sink<GroupedObservable<Key, Element>>
    // Touched per element; a single upstream is serialised by the grammar.
    @exclusivity(unchecked) private var groups: [Key: InnerSubject<Element>] = [:]
    @exclusivity(unchecked) private var isDone = false

    init(keySelector: @escaping (Element) throws -> Key, outer: RefCountedOuterSubscription,
         downstream: Sink<GroupedObservable<Key, Element>>) {
        self.keySelector = keySelector
        self.outer = outer
        self.downstream = downstream
    }

    override func onNext(_ element: Element) {
        guard !isDone else { return }
        let key: Key
        do {
            key = try keySelector(element)
        } catch {
            return onError(error)
        }
        if let group = groups[key] { return group.onNext(element) }
        let group = InnerSubject<Element>()
        groups[key] = group
        // A group nobody can receive still takes its key's elements, as in RxSwift.
        if outer.isDisposed.value == 0 {
            downstream.onNext(GroupedObservable(key: key, source: RefCountedGroup(group, refCount: outer.refCount, style: .direct)))
        }
        group.onNext(element)
    }

    override func onError(_ error: any Swift.Error) {
        guard !isDone else { return }
        finish(.error(error))
        if outer.isDisposed.value == 0 { downstream.onError(error) }
    }

    override func onCompleted() {
        guard !isDone else { return }
        finish(.completed)
        if outer.isDisposed.value == 0 { downstream.onCompleted() }
    }

    private func finish(_ termination: Termination) {
        isDone = true
        let all = groups.values
        groups = [:]
        for group in all { group.finish(termination) }
    }
}
