extension ObservableType {
    /// Mirrors whichever of this sequence and `right` produces an event first, and
    /// disposes the other.
    ///
    /// "First" counts any event: a source that completes or fails first wins too.
    ///
    /// ```
    /// self:       ---1--2|
    /// right:      -a--b--|
    /// amb(right): -a--b--|
    /// ```
    @_alwaysEmitIntoClient
    public func amb<O2: ObservableType>(_ right: O2) -> Observable<Element> where O2.Element == Element {
        Observable.amb([asObservable(), right.asObservable()])
    }

    /// Mirrors whichever observable of `sequence` produces an event first, and
    /// disposes the others. An empty sequence never emits.
    ///
    /// ```swift
    /// Observable.amb([primaryMirror, secondaryMirror])   // the faster one wins
    /// ```
    @_alwaysEmitIntoClient
    public static func amb<Sources: Sequence>(_ sequence: Sources) -> Observable<Element>
        where Sources.Element == Observable<Element> {
        AmbObservable(sources: Array(sequence))
    }
}

// Sendable: immutable after init; each subscription keeps its own state.
@usableFromInline
final class AmbObservable<Element>: Observable<Element>, @unchecked Sendable {
    private let sources: [Observable<Element>]

    @usableFromInline
    init(sources: [Observable<Element>]) {
        self.sources = sources
    }

    override func run(_ sink: Sink<Element>) -> any Disposable {
        let race = AmbRace(count: sources.count)
        for (index, source) in sources.enumerated() {
            race.subscriptions[index].setDisposable(source.run(AmbSink(race: race, index: index, downstream: sink)))
        }
        return Disposables.create(race.subscriptions)
    }
}

/// What the sources of one `amb` subscription share: who won, and each source's
/// subscription so that the winner can dispose the others.
private final class AmbRace: Sendable {
    /// 0 while undecided, then the winner's index + 1. Set once by compare-exchange;
    /// read per event (a load, not a read-modify-write) after that.
    let winner = AtomicWord()
    let subscriptions: [SingleAssignmentDisposable]

    init(count: Int) {
        subscriptions = (0..<count).map { _ in SingleAssignmentDisposable() }
    }

    /// Whether source `index` may deliver: it won now or before.
    func admits(_ index: Int) -> Bool {
        let current = winner.value
        if current == index + 1 { return true }
        guard current == 0, winner.compareExchange(expected: 0, desired: index + 1) else { return false }
        for (other, subscription) in subscriptions.enumerated() where other != index {
            subscription.dispose()
        }
        return true
    }
}

/// One source of `amb`: delivers only if it is the winner. Only the winner's
/// events pass, and it is one source, so the downstream sees them serially.
private final class AmbSink<Element>: Sink<Element> {
    private let race: AmbRace
    private let index: Int
    private let downstream: Sink<Element>

    init(race: AmbRace, index: Int, downstream: Sink<Element>) {
        self.race = race
        self.index = index
        self.downstream = downstream
    }

    override func onNext(_ element: Element) {
        if race.admits(index) { downstream.onNext(element) }
    }

    override func onError(_ error: any Swift.Error) {
        if race.admits(index) { downstream.onError(error) }
    }

    override func onCompleted() {
        if race.admits(index) { downstream.onCompleted() }
    }
}
