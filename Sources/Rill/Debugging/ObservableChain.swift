/// Names the steps of an observable chain, from its source to `observable`, for
/// `LiveSubscription.chain`. Runs only while subscription tracking is on.
///
/// Nothing is stored for it: an operator's observable keeps its source(s) as stored
/// properties, which reflection (`Mirror`) finds, and its name comes from its type
/// (`MapObservable<Int, Int>` → `map`), with a table for the names that differ from
/// the operator's spelling. The fixed-arity `zip` and `combineLatest`, built as an
/// `OperatorObservable`, store their name and their sources for it.
enum ObservableChain {
    /// The names from the source to `observable`, at most `limit` steps, from a cache
    /// keyed by the observable when it was named before: many subscriptions share one
    /// observable (a subject's, a view model's), and reflection is the costly part.
    static func names(from observable: AnyObject, limit: Int = 64) -> [String] {
        let key = ObjectIdentifier(observable)
        if let cached = cache.withLock({ $0[key] }), cached.observable === observable { return cached.names }
        let names = uncachedNames(from: observable, limit: limit)
        cache.withLock { cache in
            if cache.count >= 512 { cache.removeAll(keepingCapacity: true) }
            cache[key] = CachedChain(observable: observable, names: names)
        }
        return names
    }

    struct CachedChain {
        weak var observable: AnyObject?
        let names: [String]
    }

    /// Chains named recently, behind one lock; an entry whose observable is gone (its
    /// identifier may be reused) is ignored.
    private static let cache = ChainCache()

    // Sendable: the dictionary is reached only through its lock.
    private final class ChainCache: @unchecked Sendable {
        private let state = Locked([ObjectIdentifier: CachedChain]())

        func withLock<Result>(_ body: (inout [ObjectIdentifier: CachedChain]) -> Result) -> Result {
            state.withLock(body)
        }
    }

    static func uncachedNames(from observable: AnyObject, limit: Int) -> [String] {
        var names: [String] = []
        var node: AnyObject? = observable
        var visited: Set<ObjectIdentifier> = []
        while let current = node, names.count < limit, visited.insert(ObjectIdentifier(current)).inserted {
            let step = describe(current)
            if let name = step.name { names.append(name) }
            node = step.upstream
        }
        return names.reversed()
    }

    struct Step {
        /// Nil for an observable that only forwards (a subject's `asObservable()`).
        var name: String?
        var upstream: AnyObject?
    }

    static func describe(_ node: AnyObject) -> Step {
        let typeName = String(describing: type(of: node))
        let base = String(typeName.prefix { $0 != "<" })
        let children = storedValues(of: node)
        let upstream = children.lazy.compactMap(firstObservable(in:)).first
        if let named = node as? ChainNamed {
            return Step(name: named.chainName, upstream: upstream)
        }
        if base == "ForeignObservable" {
            // A user's ObservableType: name it by its own type.
            let source = children.first.map { String(describing: type(of: $0)) } ?? typeName
            return Step(name: source, upstream: nil)
        }
        if base == "FlatMapObservable" {
            let strategy = children.first { String(describing: type(of: $0)) == "FlatMapStrategy" }
            let name = switch strategy.map({ String(describing: $0) }) {
            case "latest": "flatMapLatest"
            case "first": "flatMapFirst"
            case "concat": "concatMap"
            default: "flatMap"
            }
            return Step(name: name, upstream: upstream)
        }
        if let name = renamed[base] {
            return Step(name: name.isEmpty ? nil : name, upstream: upstream)
        }
        guard base.hasSuffix("Observable"), base != "Observable", base != "ConnectableObservable" else {
            // Subjects and public types: the whole type, as the user wrote it.
            return Step(name: typeName, upstream: upstream)
        }
        let stem = base.dropLast("Observable".count)
        return Step(name: stem.prefix(1).lowercased() + stem.dropFirst(), upstream: upstream)
    }

    /// Type names (without generic arguments) whose operator is spelled otherwise; an
    /// empty name marks an observable that only forwards, left out of the chain.
    static let renamed: [String: String] = [
        "HiddenObservable": "",
        "ObserveOnObservable": "observe(on:)",
        "SubscribeOnObservable": "subscribe(on:)",
        "TakeCountObservable": "take",
        "SkipCountObservable": "skip",
        "TakeUntilObservable": "take(until:)",
        "TakePredicateObservable": "take(while:)",
        "SequenceObservable": "from",
        "ArrayObservable": "from",
        "ClockReadingObservable": "timestamp",
        "ChunkingObservable": "buffer",
        "MulticastSelectorObservable": "multicast",
        "RecoverObservable": "asInfallible",
        "RetryBackoffObservable": "retry(backoff:)",
        "RetryWhenObservable": "retry(when:)",
        "CatchSequenceObservable": "catch(sequence:)",
        "CreateObservable": "create",
        "TimerObservable": "timer",
        "GroupSubject": "group",
        "RefCountedGroup": "group",
        "TraceObservable": "trace",
        "SkipWhileObservable": "skip(while:)",
        "SkipUntilObservable": "skip(until:)",
        "SkipForObservable": "skip(for:)",
        "TakeForObservable": "take(for:)",
        "ElementAtObservable": "element(at:)",
        "SingleElementObservable": "single",
        "DistinctEquatableObservable": "distinctUntilChanged",
    ]

    /// The stored properties of `object`, its superclasses' included.
    static func storedValues(of object: AnyObject) -> [Any] {
        var values: [Any] = []
        var mirror: Mirror? = Mirror(reflecting: object)
        while let current = mirror {
            values.append(contentsOf: current.children.map(\.value))
            mirror = current.superclassMirror
        }
        return values
    }

    /// `value` if it is an observable, or the first observable in it if it is a
    /// collection of them (`merge`'s and `concat`'s sources).
    static func firstObservable(in value: Any) -> AnyObject? {
        if let node = value as? any ObservableChainNode { return node }
        if let nodes = value as? [any ObservableChainNode] { return nodes.first }
        return nil
    }
}

/// An observable, as reflection finds it among another observable's stored properties.
/// Visible to inlinable code for `OperatorObservable`'s `sources`.
@usableFromInline
protocol ObservableChainNode: AnyObject {}

extension Observable: ObservableChainNode {}

/// An observable whose type does not say which operator made it (see `ObservableChain`).
protocol ChainNamed: AnyObject {
    var chainName: String { get }
}

extension OperatorObservable: ChainNamed {
    /// `zip` or `combineLatest`.
    var chainName: String {
        name.description
    }
}
