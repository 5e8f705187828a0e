extension ObservableType where Element: Equatable {
    /// Emits an element only if it differs from the previous element.
    ///
    /// ```
    /// source:                 -1-1-2-2-1|
    /// distinctUntilChanged(): -1---2---1|
    /// ```
    @_alwaysEmitIntoClient
    public func distinctUntilChanged() -> Observable<Element> {
        DistinctEquatableObservable(source: asObservable(), sinkType: DistinctEquatableSink<Element>.self)
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
    ///
    /// - Parameters:
    ///   - keySelector: Gives the key that consecutive elements are compared by.
    ///   - isolation: The caller's actor (see `map`).
    @_alwaysEmitIntoClient
    public func distinctUntilChanged<Key: Equatable>(
        _ keySelector: @escaping (Element) throws -> Key,
        isolation: isolated (any Actor)? = #isolation
    ) -> Observable<Element> {
        guard let isolation else { return distinct(key: keySelector, comparer: DistinctKeys.equality()) }
        let checked = IsolationCheck.checking(keySelector, isolation, "distinctUntilChanged(_:)")
        return distinct(key: checked, comparer: DistinctKeys.equality())
    }

    /// Emits an element only if `comparer` says it differs from the previous
    /// element (`comparer` returns true for "equal").
    ///
    /// An error `comparer` throws ends the sequence.
    ///
    /// - Parameters:
    ///   - comparer: Returns whether two consecutive elements are equal; an element
    ///     equal to the previous one is skipped.
    ///   - isolation: The caller's actor (see `map`).
    public func distinctUntilChanged(
        _ comparer: @escaping (Element, Element) throws -> Bool,
        isolation: isolated (any Actor)? = #isolation
    ) -> Observable<Element> {
        guard let isolation else { return distinct(key: DistinctKeys.identity, comparer: comparer) }
        let checked = IsolationCheck.checking(comparer, isolation, "distinctUntilChanged(_:)")
        return distinct(key: DistinctKeys.identity, comparer: checked)
    }

    /// Emits an element only if `comparer` says its key differs from the previous
    /// element's key (`comparer` returns true for "equal").
    ///
    /// An error either closure throws ends the sequence.
    ///
    /// - Parameters:
    ///   - keySelector: Gives the key that consecutive elements are compared by.
    ///   - comparer: Returns whether two consecutive keys are equal; an element whose key
    ///     equals the previous one is skipped.
    ///   - isolation: The caller's actor (see `map`).
    public func distinctUntilChanged<K>(
        _ keySelector: @escaping (Element) throws -> K,
        comparer: @escaping (K, K) throws -> Bool,
        isolation: isolated (any Actor)? = #isolation
    ) -> Observable<Element> {
        guard let isolation else { return distinct(key: keySelector, comparer: comparer) }
        let operation: StaticString = "distinctUntilChanged(_:comparer:)"
        return distinct(
            key: IsolationCheck.checking(keySelector, isolation, operation),
            comparer: IsolationCheck.checking(comparer, isolation, operation)
        )
    }

    /// Emits an element only if its property at `keyPath` differs from the
    /// previous element's.
    ///
    /// ```swift
    /// users.distinctUntilChanged(at: \.id)
    /// ```
    @_alwaysEmitIntoClient
    public func distinctUntilChanged<Property: Equatable>(at keyPath: KeyPath<Element, Property>) -> Observable<Element> {
        distinct(key: DistinctKeys.reading(keyPath), comparer: DistinctKeys.equality())
    }
}

extension ObservableType {
    /// The one implementation behind every `distinctUntilChanged` overload.
    @usableFromInline
    func distinct<Key>(
        key: @escaping (Element) throws -> Key, comparer: @escaping (Key, Key) throws -> Bool
    ) -> Observable<Element> {
        DistinctUntilChangedObservable(source: asObservable(), key: key, comparer: comparer)
    }
}

/// `distinctUntilChanged()` for `Equatable` elements.
// Visible to code emitted into the client, so that `distinctUntilChanged()` builds
// it, and names its sink's type, in the caller's specialised code, where type
// metadata comes from a cached accessor instead of a run-time lookup (as `map` does).
// Sendable: immutable after init; each subscription keeps its own state.
@usableFromInline
final class DistinctEquatableObservable<Element: Equatable>: Observable<Element>, @unchecked Sendable {
    private let source: Observable<Element>
    private let sinkType: DistinctEquatableSink<Element>.Type

    @usableFromInline
    init(source: Observable<Element>, sinkType: DistinctEquatableSink<Element>.Type) {
        self.source = source
        self.sinkType = sinkType
    }

    override var holdsSubscriberWhileRunning: Bool { source.holdsSubscriberWhileRunning }

    override func run(_ sink: Sink<Element>) -> any Disposable {
        source.run(sinkType.init(downstream: sink))
    }
}

/// Every other `distinctUntilChanged` overload: a key and a comparer.
// Sendable: immutable after init; each subscription keeps its own state.
private final class DistinctUntilChangedObservable<Element, Key>: Observable<Element>, @unchecked Sendable {
    private let source: Observable<Element>
    private let key: (Element) throws -> Key
    private let comparer: (Key, Key) throws -> Bool

    init(source: Observable<Element>, key: @escaping (Element) throws -> Key, comparer: @escaping (Key, Key) throws -> Bool) {
        self.source = source
        self.key = key
        self.comparer = comparer
    }

    override func run(_ sink: Sink<Element>) -> any Disposable {
        source.run(DistinctUntilChangedSink(key: key, comparer: comparer, downstream: sink))
    }
}

/// The closures the overloads pass, built outside the protocol extension: a
/// closure written there reaches `Self.Element` through an associated-type
/// lookup on every call.
@usableFromInline
enum DistinctKeys {
    static func identity<Element>(_ element: Element) -> Element { element }
    @usableFromInline
    static func equality<Key: Equatable>() -> (Key, Key) -> Bool { { $0 == $1 } }
    @usableFromInline
    static func reading<Element, Property>(_ keyPath: KeyPath<Element, Property>) -> (Element) -> Property {
        { $0[keyPath: keyPath] }
    }
}

/// `distinctUntilChanged()` for `Equatable` elements: the lean path, with no
/// closure per element. The previous element lives in raw storage rather than an
/// `Optional`, whose generic metadata would be looked up per element: inside the
/// sink itself when it fits in `inlineWords` words (`Int`, `String`, most
/// elements), so the sink is one allocation, else in a one-element buffer.
@usableFromInline
final class DistinctEquatableSink<Element: Equatable>: Sink<Element> {
    // Layout: `storage` must stay the first stored property of this class (right
    // after `ObserverKey`'s word): `slot` reaches it through `sinkWords(of:)`.
    // `DistinctUntilChangedTests.theInlineElementStorageLeadsTheSink` checks it.
    // Touched only through `slot`, by onNext and deinit.
    @exclusivity(unchecked) private var storage: (Int, Int, Int, Int) = (0, 0, 0, 0)
    /// The buffer for an element that does not fit `storage`; nil when it fits.
    private let buffer: UnsafeMutablePointer<Element>?
    private let downstream: Sink<Element>
    // Touched only by onNext: a single upstream is serialised by the Rx grammar.
    @exclusivity(unchecked) private var hasLast = false

    /// How many words of `storage` an element may take.
    private static var inlineWords: Int { 4 }

    required init(downstream: Sink<Element>) {
        self.downstream = downstream
        let fits = MemoryLayout<Element>.size <= Self.inlineWords * MemoryLayout<Int>.size
            && MemoryLayout<Element>.alignment <= MemoryLayout<Int>.alignment
        buffer = fits ? nil : .allocate(capacity: 1)
        super.init()
        // The words are typed as integers; bound to `Element` here, once, so that
        // `slot` may view them as one (they are touched as integers never again).
        if fits { _ = UnsafeMutableRawPointer(sinkWords(of: self)).bindMemory(to: Element.self, capacity: 1) }
    }

    deinit {
        if hasLast { slot.deinitialize(count: 1) }
        buffer?.deallocate()
    }

    /// Where the previous element is kept.
    @inline(__always)
    private var slot: UnsafeMutablePointer<Element> {
        buffer ?? UnsafeMutableRawPointer(sinkWords(of: self)).assumingMemoryBound(to: Element.self)
    }

    override func onNext(_ element: Element) {
        let last = slot
        if hasLast {
            if last.pointee == element { return }
            last.pointee = element
        } else {
            last.initialize(to: element)
            hasLast = true
        }
        downstream.onNext(element)
    }

    override func onError(_ error: any Swift.Error) { downstream.onError(error) }
    override func onCompleted() { downstream.onCompleted() }
}

private final class DistinctUntilChangedSink<Element, Key>: TransformingSink<Element, Element> {
    private let key: (Element) throws -> Key
    private let comparer: (Key, Key) throws -> Bool
    private let lastKey = UnsafeMutablePointer<Key>.allocate(capacity: 1)
    // Touched only by onNext: a single upstream is serialised by the Rx grammar.
    @exclusivity(unchecked) private var hasLastKey = false

    init(key: @escaping (Element) throws -> Key, comparer: @escaping (Key, Key) throws -> Bool, downstream: Sink<Element>) {
        self.key = key
        self.comparer = comparer
        super.init(downstream: downstream)
    }

    deinit {
        if hasLastKey { lastKey.deinitialize(count: 1) }
        lastKey.deallocate()
    }

    override func onNext(_ element: Element) {
        if isDone { return }
        do {
            let current = try key(element)
            if hasLastKey {
                if try comparer(lastKey.pointee, current) { return }
                lastKey.pointee = current
            } else {
                lastKey.initialize(to: current)
                hasLastKey = true
            }
        } catch {
            return fail(error)
        }
        downstream.onNext(element)
    }
}
