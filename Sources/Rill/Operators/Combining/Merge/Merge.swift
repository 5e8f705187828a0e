extension ObservableType {
    /// Emits the elements of all `sources` as they arrive, completing when all
    /// have completed and failing as soon as one fails.
    ///
    /// All sources are subscribed at once, in order. Elements that arrive on
    /// several threads at once are delivered one at a time, in the order `merge`
    /// accepted them; none is delivered while Rill holds a lock.
    ///
    /// ```
    /// a:        -1---3-|
    /// b:        ---2-----4|
    /// merge:    -1-2-3---4|
    /// ```
    @_alwaysEmitIntoClient
    public static func merge<Sources: Swift.Collection>(_ sources: Sources) -> Observable<Element>
        where Sources.Element == Observable<Element> {
        MergeObservable<Observable<Element>>(fixed: Array(sources), maxConcurrent: Int.max)
    }

    /// Emits the elements of all `sources` as they arrive; see `merge(_:)` on a collection.
    @_alwaysEmitIntoClient
    public static func merge(_ sources: [Observable<Element>]) -> Observable<Element> {
        MergeObservable<Observable<Element>>(fixed: sources, maxConcurrent: Int.max)
    }

    /// Emits the elements of all `sources` as they arrive; see `merge(_:)` on a collection.
    ///
    /// ```swift
    /// Observable.merge(taps, keyPresses, timerTicks)
    /// ```
    @_alwaysEmitIntoClient
    public static func merge(_ sources: Observable<Element>...) -> Observable<Element> {
        MergeObservable<Observable<Element>>(fixed: sources, maxConcurrent: Int.max)
    }
}

extension ObservableType where Element: ObservableConvertibleType {
    /// Subscribes to each inner observable as it arrives and emits the elements of
    /// all of them as they arrive.
    ///
    /// Completes when the outer sequence and every inner one have completed; fails
    /// as soon as any of them fails. Elements from several threads are delivered
    /// one at a time.
    ///
    /// ```
    /// outer:   -a-----b----|
    /// a:        -1--3|
    /// b:              -2--4|
    /// merge(): --1--3--2--4|
    /// ```
    @_alwaysEmitIntoClient
    public func merge() -> Observable<Element.Element> {
        // `flatMap { $0 }`: the same engine, so the same rules.
        FlatMapObservable(source: asObservable(), strategy: .merge) { $0.asObservable() }
    }

    /// Like `merge()`, but runs at most `maxConcurrent` inner subscriptions at a
    /// time; later inners wait, in arrival order, until one completes.
    ///
    /// `merge(maxConcurrent: 1)` is `concat()`.
    ///
    /// - Precondition: `maxConcurrent > 0`.
    @_alwaysEmitIntoClient
    public func merge(maxConcurrent: Int) -> Observable<Element.Element> {
        precondition(maxConcurrent > 0, "merge(maxConcurrent:) needs maxConcurrent > 0, got \(maxConcurrent)")
        return MergeObservable(outer: asObservable(), maxConcurrent: maxConcurrent)
    }
}

// Sendable: immutable after init; each subscription keeps its own state.
@usableFromInline
final class MergeObservable<Inner: ObservableConvertibleType>: Observable<Inner.Element>, @unchecked Sendable {
    private let outer: Observable<Inner>?
    private let fixed: [Inner]
    private let maxConcurrent: Int

    @usableFromInline
    init(outer: Observable<Inner>, maxConcurrent: Int) {
        self.outer = outer
        self.fixed = []
        self.maxConcurrent = maxConcurrent
    }

    @usableFromInline
    init(fixed: [Inner], maxConcurrent: Int) {
        self.outer = nil
        self.fixed = fixed
        self.maxConcurrent = maxConcurrent
    }

    override func run(_ sink: Sink<Inner.Element>) -> any Disposable {
        let merge = MergeCore<Inner.Element>(maxConcurrent: maxConcurrent, downstream: sink)
        if let outer {
            merge.start(outer: outer)
        } else {
            merge.start(fixed: fixed)
        }
        return merge
    }
}

/// Receives the outer sequence's inner observables and hands them to the core.
/// Generic over the inner type only at this edge, so the per-element path (in
/// `MergeCore`) is generic over the element alone.
private final class MergeOuterSink<Inner: ObservableConvertibleType>: Sink<Inner> {
    private let core: MergeCore<Inner.Element>

    init(core: MergeCore<Inner.Element>) {
        self.core = core
    }

    override func onNext(_ inner: Inner) { core.innerArrived(inner.asObservable()) }
    override func onError(_ error: any Swift.Error) { core.fail(error) }
    override func onCompleted() { core.outerCompleted() }
}

/// Owns every subscription of one `merge`. `state` (behind its lock) holds the
/// counts and the waiting inners and is touched on subscription and completion
/// only; elements go through `delivery`. `subscriptions` holds the outer
/// subscription and one entry per running inner, removed when it completes.
private final class MergeCore<Element>: DisposeBase, Disposable, @unchecked Sendable {
    // Sendable: `state` is behind its lock; `delivery` and the disposables are thread-safe.
    private let state: Locked<MergeState<Element>>
    private let delivery: SerialDeliverer<Element>
    private let subscriptions = CompositeDisposable()
    private let outerSubscription = SingleAssignmentDisposable()

    init(maxConcurrent: Int, downstream: Sink<Element>) {
        state = Locked(MergeState(maxConcurrent: maxConcurrent))
        delivery = SerialDeliverer(downstream: downstream)
    }

    func start<Inner: ObservableConvertibleType>(outer: Observable<Inner>) where Inner.Element == Element {
        subscriptions.insert(outerSubscription)
        outerSubscription.setDisposable(outer.run(MergeOuterSink(core: self)))
    }

    func start<Inner: ObservableConvertibleType>(fixed sources: [Inner]) where Inner.Element == Element {
        var actions: [MergeState<Element>.Action] = []
        state.withLock { state in
            actions = sources.map { state.innerArrived($0.asObservable()) }
            actions.append(state.outerCompleted())
        }
        for action in actions { perform(action, ending: nil) }
    }

    func innerArrived(_ inner: Observable<Element>) {
        perform(state.withLock { $0.innerArrived(inner) }, ending: nil)
    }

    func outerCompleted() {
        outerSubscription.dispose()
        perform(state.withLock { $0.outerCompleted() }, ending: nil)
    }

    func innerElement(_ element: Element) {
        delivery.deliver(element)
    }

    func innerCompleted(_ key: CompositeDisposable.DisposeKey?) {
        if let key { subscriptions.remove(for: key) }
        perform(state.withLock { $0.innerCompleted() }, ending: nil)
    }

    func fail(_ error: any Swift.Error) {
        perform(state.withLock { $0.failed(error) }, ending: error)
    }

    private func perform(_ action: MergeState<Element>.Action, ending error: (any Swift.Error)?) {
        switch action {
        case .none: return
        case .subscribe(let source): subscribe(source)
        case .end: delivery.end(Termination(error))
        }
    }

    private func subscribe(_ source: Observable<Element>) {
        let inner = MergeInnerSink(core: self)
        let subscription = SingleAssignmentDisposable()
        inner.key = subscriptions.insert(subscription)
        guard inner.key != nil else { return }
        source.subscribe(inner) { subscription.setDisposable($0) }
    }

    func dispose() {
        state.withLock { $0.disposed() }
        delivery.dispose()
        subscriptions.dispose()
    }
}

/// One inner subscription of `merge`: forwards to the core.
private final class MergeInnerSink<Element>: Sink<Element> {
    private let core: MergeCore<Element>
    /// Set before the inner is subscribed, read only by this inner's completion.
    var key: CompositeDisposable.DisposeKey?

    init(core: MergeCore<Element>) {
        self.core = core
    }

    override func onNext(_ element: Element) { core.innerElement(element) }
    override func onError(_ error: any Swift.Error) { core.fail(error) }
    override func onCompleted() { core.innerCompleted(key) }
}
