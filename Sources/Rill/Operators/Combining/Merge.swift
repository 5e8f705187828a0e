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
    public static func merge<Sources: Swift.Collection>(_ sources: Sources) -> Observable<Element>
        where Sources.Element == Observable<Element> {
        MergeObservable<Observable<Element>>(fixed: Array(sources), maxConcurrent: Int.max)
    }

    /// Emits the elements of all `sources` as they arrive; see `merge(_:)` on a collection.
    public static func merge(_ sources: [Observable<Element>]) -> Observable<Element> {
        MergeObservable<Observable<Element>>(fixed: sources, maxConcurrent: Int.max)
    }

    /// Emits the elements of all `sources` as they arrive; see `merge(_:)` on a collection.
    ///
    /// ```swift
    /// Observable.merge(taps, keyPresses, timerTicks)
    /// ```
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
    public func merge() -> Observable<Element.Element> {
        MergeObservable(outer: asObservable(), maxConcurrent: Int.max)
    }

    /// Like `merge()`, but runs at most `maxConcurrent` inner subscriptions at a
    /// time; later inners wait, in arrival order, until one completes.
    ///
    /// `merge(maxConcurrent: 1)` is `concat()`.
    ///
    /// - Precondition: `maxConcurrent > 0`.
    public func merge(maxConcurrent: Int) -> Observable<Element.Element> {
        precondition(maxConcurrent > 0, "merge(maxConcurrent:) needs maxConcurrent > 0, got \(maxConcurrent)")
        return MergeObservable(outer: asObservable(), maxConcurrent: maxConcurrent)
    }
}

// Sendable: immutable after init; each subscription keeps its own state.
private final class MergeObservable<Inner: ObservableConvertibleType>: Observable<Inner.Element>, @unchecked Sendable {
    private let outer: Observable<Inner>?
    private let fixed: [Inner]
    private let maxConcurrent: Int

    init(outer: Observable<Inner>, maxConcurrent: Int) {
        self.outer = outer
        self.fixed = []
        self.maxConcurrent = maxConcurrent
    }

    init(fixed: [Inner], maxConcurrent: Int) {
        self.outer = nil
        self.fixed = fixed
        self.maxConcurrent = maxConcurrent
    }

    override func run(_ sink: Sink<Inner.Element>) -> any Disposable {
        let merge = MergeSink<Inner>(maxConcurrent: maxConcurrent, downstream: sink)
        if let outer {
            merge.start(outer: outer)
        } else {
            merge.start(fixed: fixed)
        }
        return merge
    }
}

/// Receives the outer sequence's inner observables and owns every subscription.
///
/// `state` (behind its lock) holds the counts, the waiting inners and the
/// delivery queue; `subscriptions` holds the outer subscription and one entry per
/// running inner, each removed when its inner completes.
private final class MergeSink<Inner: ObservableConvertibleType>: Sink<Inner>, Disposable, @unchecked Sendable {
    // Sendable: mutable state is behind `state`'s lock; `subscriptions` is thread-safe.
    typealias Element = Inner.Element

    private let downstream: Sink<Element>
    private let state: Locked<MergeState<Element>>
    private let subscriptions = CompositeDisposable()
    private let outerSubscription = SingleAssignmentDisposable()

    init(maxConcurrent: Int, downstream: Sink<Element>) {
        self.downstream = downstream
        self.state = Locked(MergeState(maxConcurrent: maxConcurrent))
    }

    func start(outer: Observable<Inner>) {
        subscriptions.insert(outerSubscription)
        outerSubscription.setDisposable(outer.run(self))
    }

    func start(fixed sources: [Inner]) {
        var actions: [MergeState<Element>.Action] = []
        state.withLock { state in
            actions = sources.map { state.innerArrived($0.asObservable()) }
            actions.append(state.outerCompleted())
        }
        for action in actions { perform(action) { downstream.onCompleted() } }
    }

    // MARK: Outer events

    override func onNext(_ inner: Inner) {
        let observable = inner.asObservable()
        perform(state.withLock { $0.innerArrived(observable) }) { downstream.onCompleted() }
    }

    override func onError(_ error: any Swift.Error) {
        fail(error)
    }

    override func onCompleted() {
        outerSubscription.dispose()
        perform(state.withLock { $0.outerCompleted() }) { downstream.onCompleted() }
    }

    // MARK: Inner events

    func innerElement(_ element: Element) {
        guard state.withLock({ $0.delivery.offer(element) }) else { return }
        downstream.onNext(element)
        drain()
    }

    func innerCompleted(_ key: CompositeDisposable.DisposeKey?) {
        if let key { subscriptions.remove(for: key) }
        perform(state.withLock { $0.innerCompleted() }) { downstream.onCompleted() }
    }

    func fail(_ error: any Swift.Error) {
        perform(state.withLock { $0.failed(error) }) { downstream.onError(error) }
    }

    // MARK: Actions

    private func perform(_ action: MergeState<Element>.Action, terminal: () -> Void) {
        switch action {
        case .none:
            return
        case .subscribe(let source):
            subscribe(source)
        case .deliverTerminal:
            terminal()
            drain()
        }
    }

    private func subscribe(_ source: Observable<Element>) {
        let inner = MergeInnerSink(parent: self)
        let subscription = SingleAssignmentDisposable()
        inner.key = subscriptions.insert(subscription)
        guard inner.key != nil else { return }
        Trampoline.run { _ in subscription.setDisposable(source.run(inner)) }
    }

    private func drain() {
        state.drainDeliveries(finish: { $0.delivery.finishDelivery() }, take: { $0.delivery.takePending() }) {
            downstream.receive($0)
        }
    }

    func dispose() {
        state.withLock { $0.disposed() }
        subscriptions.dispose()
    }
}

/// One inner subscription of `merge`: forwards to the parent.
private final class MergeInnerSink<Inner: ObservableConvertibleType>: Sink<Inner.Element> {
    private let parent: MergeSink<Inner>
    /// Set before the inner is subscribed, read only by this inner's completion.
    var key: CompositeDisposable.DisposeKey?

    init(parent: MergeSink<Inner>) {
        self.parent = parent
    }

    override func onNext(_ element: Inner.Element) { parent.innerElement(element) }
    override func onError(_ error: any Swift.Error) { parent.fail(error) }
    override func onCompleted() { parent.innerCompleted(key) }
}
