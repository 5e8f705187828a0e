extension ObservableType where Element: Equatable {
    /// Emits an element only if it differs from the previous element.
    ///
    /// ```
    /// source:                 -1-1-2-2-1|
    /// distinctUntilChanged(): -1---2---1|
    /// ```
    public func distinctUntilChanged() -> Observable<Element> {
        distinct(key: { $0 }, comparer: ==)
    }
}

extension ObservableType {
    /// Emits an element only if its key differs from the previous element's key.
    ///
    /// `keySelector` runs once per element on the delivering thread; an error it
    /// throws ends the sequence.
    ///
    /// ```
    /// source:                                   -a-A-b-B|
    /// distinctUntilChanged { $0.lowercased() }: -a---b--|
    /// ```
    public func distinctUntilChanged<Key: Equatable>(_ keySelector: @escaping (Element) throws -> Key) -> Observable<Element> {
        distinct(key: keySelector, comparer: ==)
    }

    /// Emits an element only if `comparer` says it differs from the previous
    /// element (`comparer` returns true for "equal").
    ///
    /// An error `comparer` throws ends the sequence.
    public func distinctUntilChanged(_ comparer: @escaping (Element, Element) throws -> Bool) -> Observable<Element> {
        distinct(key: { $0 }, comparer: comparer)
    }

    /// Emits an element only if `comparer` says its key differs from the previous
    /// element's key (`comparer` returns true for "equal").
    ///
    /// An error either closure throws ends the sequence.
    public func distinctUntilChanged<K>(
        _ keySelector: @escaping (Element) throws -> K, comparer: @escaping (K, K) throws -> Bool
    ) -> Observable<Element> {
        distinct(key: keySelector, comparer: comparer)
    }

    /// Emits an element only if its property at `keyPath` differs from the
    /// previous element's.
    ///
    /// ```swift
    /// users.distinctUntilChanged(at: \.id)
    /// ```
    public func distinctUntilChanged<Property: Equatable>(at keyPath: KeyPath<Element, Property>) -> Observable<Element> {
        distinct(key: { $0[keyPath: keyPath] }, comparer: ==)
    }
}

extension ObservableType {
    /// The one implementation behind every `distinctUntilChanged` overload.
    fileprivate func distinct<Key>(
        key: @escaping (Element) throws -> Key, comparer: @escaping (Key, Key) throws -> Bool
    ) -> Observable<Element> {
        let source = asObservable()
        return OperatorObservable { source.run(DistinctUntilChangedSink(key: key, comparer: comparer, downstream: $0)) }
    }
}

private final class DistinctUntilChangedSink<Element, Key>: Sink<Element> {
    private let key: (Element) throws -> Key
    private let comparer: (Key, Key) throws -> Bool
    private let downstream: Sink<Element>
    // Touched only by onNext: a single upstream is serialised by the Rx grammar.
    @exclusivity(unchecked) private var lastKey: Key?
    // Set when a closure threw: the sequence ended here, ignore the upstream.
    @exclusivity(unchecked) private var isDone = false

    init(key: @escaping (Element) throws -> Key, comparer: @escaping (Key, Key) throws -> Bool, downstream: Sink<Element>) {
        self.key = key
        self.comparer = comparer
        self.downstream = downstream
    }

    override func onNext(_ element: Element) {
        if isDone { return }
        do {
            let current = try key(element)
            if let lastKey, try comparer(lastKey, current) { return }
            lastKey = current
        } catch {
            isDone = true
            return downstream.onError(error)
        }
        downstream.onNext(element)
    }

    override func onError(_ error: any Swift.Error) {
        if !isDone { downstream.onError(error) }
    }

    override func onCompleted() {
        if !isDone { downstream.onCompleted() }
    }
}
