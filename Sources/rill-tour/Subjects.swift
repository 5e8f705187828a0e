import Foundation
import Rill

/// Counts deliveries to one subscriber and how many started while another was
/// still running (article 003, "Two threads, one subject").
final class OverlapDetector: @unchecked Sendable {
    // Sendable: every counter is behind `lock`.
    private let lock = NSLock()
    private var inFlight = 0
    private(set) var deliveries = 0
    private(set) var overlaps = 0

    func deliver() {
        lock.lock()
        inFlight += 1
        if inFlight > 1 { overlaps += 1 }
        lock.unlock()
        for _ in 0..<200 { _ = 0 }
        lock.lock()
        deliveries += 1
        inFlight -= 1
        lock.unlock()
    }

    var counts: (deliveries: Int, overlaps: Int) {
        lock.lock()
        defer { lock.unlock() }
        return (deliveries, overlaps)
    }
}

/// Sends 2,000 elements from each of 8 threads into `subject` and returns what one
/// subscriber of `observed` saw.
nonisolated func sendFromEightThreads(
    into send: @escaping @Sendable (Int) -> Void, observed: Observable<Int>
) -> (deliveries: Int, overlaps: Int) {
    let detector = OverlapDetector()
    let subscription = observed.subscribe(onNext: { _ in detector.deliver() })
    DispatchQueue.concurrentPerform(iterations: 8) { _ in
        for value in 0..<2_000 { send(value) }
    }
    let deadline = Date().addingTimeInterval(10)
    while detector.counts.deliveries < 16_000 && Date() < deadline { usleep(1_000) }
    subscription.dispose()
    return detector.counts
}

/// Article 003: "PublishSubject".
let subjectsChapter = Chapter(name: "Subjects", source: "Sources/Rill/Rill.docc/SubjectsAndRelays.md") { tour in
    tour.section("elements go to whoever is subscribed")
    let taps = PublishSubject<String>()
    taps.onNext("lost")
    var early: [String] = [], late: [String] = []
    let earlySubscription = taps.subscribe(onNext: { early.append($0) })
    taps.onNext("first")
    let lateSubscription = taps.subscribe(onNext: { late.append($0) })
    taps.onNext("second")
    tour.check("early subscriber got \(early), late subscriber got \(late)", early == ["first", "second"] && late == ["second"])
    earlySubscription.dispose()
    lateSubscription.dispose()

    tour.section("completion is remembered")
    let upload = PublishSubject<Int>()
    let progress = upload.subscribe(onError: { _ in })
    upload.onNext(50)
    upload.onError(DemoError.timeout)
    upload.onNext(100)
    let firstLate = record(upload), secondLate = record(upload)
    tour.check("late subscribers after the error got \(firstLate) and \(secondLate)", firstLate == ["x(timeout)"] && secondLate == ["x(timeout)"])
    progress.dispose()

    let hidden = PublishSubject<String>().asObservable()
    tour.check("asObservable() cannot be cast back to the subject: \(!(hidden is PublishSubject<String>))", !(hidden is PublishSubject<String>))

    tour.section("delivery takes a snapshot")
    let feed = PublishSubject<Int>()
    var deliveries: [String] = []
    var secondSubscription: Disposable?
    var addedMidDelivery: Disposable?
    var addedGot: [Int] = []
    let firstSubscription = feed.subscribe(onNext: { value in
        deliveries.append("first got \(value)")
        secondSubscription?.dispose()
        if addedMidDelivery == nil {
            addedMidDelivery = feed.subscribe(onNext: { addedGot.append($0) })
        }
    })
    secondSubscription = feed.subscribe(onNext: { deliveries.append("second got \($0)") })
    feed.onNext(1)
    feed.onNext(2)
    tour.check("removed mid-delivery still got the element: \(deliveries)", deliveries == ["first got 1", "second got 1", "first got 2"])
    tour.check("added mid-delivery got only later elements: \(addedGot)", addedGot == [2])
    firstSubscription.dispose()
    addedMidDelivery?.dispose()

    tour.section("subscriber order (RxSwift's, and deterministic where RxSwift's is random)")
    let refresh = PublishSubject<Void>()
    var callOrder: [String] = []
    let first = refresh.subscribe(onNext: { _ in callOrder.append("first") })
    let second = refresh.subscribe(onNext: { _ in callOrder.append("second") })
    first.dispose()
    let third = refresh.subscribe(onNext: { _ in callOrder.append("third") })
    refresh.onNext(())
    tour.check("after removing the first subscriber: \(callOrder.joined(separator: ", ")) (the newest took the first place, as in RxSwift)", callOrder == ["third", "second"])
    second.dispose()
    third.dispose()
    let broadcast = PublishSubject<Void>()
    var broadcastOrder: [Int] = []
    let broadcastBag = DisposeBag()
    for index in 0..<40 {
        broadcast.subscribe(onNext: { _ in broadcastOrder.append(index) }).disposed(by: broadcastBag)
    }
    broadcast.onNext(())
    tour.check("40 subscribers were called in subscription order: \(broadcastOrder == Array(0..<40)) (RxSwift: the last 9 in random order)", broadcastOrder == Array(0..<40))

    tour.section("completing versus disposing a subject")
    let session = PublishSubject<Int>()
    var sessionEvents: [String] = []
    let sessionSubscription = session.subscribe(
        onNext: { sessionEvents.append("next \($0)") },
        onError: { _ in sessionEvents.append("error") },
        onCompleted: { sessionEvents.append("completed") },
        onDisposed: { sessionEvents.append("disposed") }
    )
    session.dispose()
    session.onNext(1)
    let afterDisposal = record(session)
    tour.check("dispose() told the subscriber nothing: \(sessionEvents); hasObservers: \(session.hasObservers)", sessionEvents.isEmpty && !session.hasObservers)
    tour.check("a later subscriber got \(afterDisposal.first ?? "nothing")",
               afterDisposal == ["x(Object `Rill.PublishSubject<Swift.Int>` was already disposed.)"])
    sessionSubscription.dispose()

    tour.section("two threads, one subject")
    // Rill's debug builds warn (on standard error) when a subject's onNext calls
    // overlap; the chapter captures the warnings and shows them where they belong.
    let direct = PublishSubject<Int>()
    let (unserialized, directWarning) = capturingStandardError {
        sendFromEightThreads(into: { direct.onNext($0) }, observed: direct.asObservable())
    }
    tour.check("8 threads, direct: \(unserialized.deliveries.formatted()) deliveries", unserialized.deliveries == 16_000)
    tour.note("8 threads, direct: \(unserialized.overlaps.formatted()) of 16,000 deliveries overlapped (depends on timing)")
    showWarning(directWarning, in: tour)
    let observed = PublishSubject<Int>()
    let (viaSerialScheduler, observedWarning) = capturingStandardError {
        sendFromEightThreads(
            into: { observed.onNext($0) },
            observed: observed.observe(on: SerialDispatchQueueScheduler(qos: .userInitiated))
        )
    }
    tour.check("8 threads, observe(on: serial): \(viaSerialScheduler.deliveries.formatted()) deliveries, \(viaSerialScheduler.overlaps) overlapped",
               viaSerialScheduler == (16_000, 0))
    if !observedWarning.isEmpty {
        tour.note("the subscriber was safe, but the subject itself still received overlapping onNext calls, so it warned too (depends on timing):")
        showWarning(observedWarning, in: tour)
    }
    let serializedSubject = SerializedSubject<Int>()
    let (serialized, serializedWarning) = capturingStandardError {
        sendFromEightThreads(into: { serializedSubject.onNext($0) }, observed: serializedSubject.asObservable())
    }
    tour.check("SerializedSubject: \(serialized.deliveries.formatted()) deliveries, \(serialized.overlaps) overlapped, no warning",
               serialized == (16_000, 0) && serializedWarning.isEmpty)

    tour.section("a delegate as an observable")
    let events = DownloadEvents()
    let delegate: DownloadDelegate = events
    var progressText: [String] = []
    let progressSubscription = events.progress
        .map { "\(Int($0 * 100))%" }
        .subscribe(onNext: { progressText.append($0) }, onCompleted: { progressText.append("done") })
    delegate.download(didProgress: 0.25)
    delegate.download(didProgress: 1.0)
    delegate.downloadDidFinish()
    tour.check("the adapter delivered \(progressText)", progressText == ["25%", "100%", "done"])
    progressSubscription.dispose()

    tour.section("the other subjects and the relays")
    let state = BehaviorSubject(value: "ada")
    tour.check("BehaviorSubject gives a new subscriber the latest value: \(record(state.take(1)))", record(state.take(1)) == ["ada", "|"])
    let replay = ReplaySubject<Int>.create(bufferSize: 2)
    [1, 2, 3].forEach(replay.onNext)
    replay.onCompleted()
    tour.check("ReplaySubject(bufferSize: 2) replayed \(record(replay))", record(replay) == ["2", "3", "|"])
    let last = AsyncSubject<Int>()
    var lastEvents: [String] = []
    let lastSubscription = last.subscribe { lastEvents.append($0.debugDescription) }
    [1, 2, 3].forEach(last.onNext)
    last.onCompleted()
    tour.check("AsyncSubject emitted only the last element on completion: \(lastEvents)", lastEvents == ["next(3)", "completed"])
    lastSubscription.dispose()
    let relay = BehaviorRelay(value: 1)
    relay.accept(2)
    tour.check("BehaviorRelay.value after accept(2): \(relay.value)", relay.value == 2)
}

protocol DownloadDelegate: AnyObject {
    func download(didProgress fraction: Double)
    func downloadDidFinish()
}

/// The article's delegate adapter, as written.
final class DownloadEvents: DownloadDelegate {
    private let progressSubject = PublishSubject<Double>()
    var progress: Observable<Double> { progressSubject.asObservable() }

    func download(didProgress fraction: Double) { progressSubject.onNext(fraction) }
    func downloadDidFinish() { progressSubject.onCompleted() }
}

/// Shows a captured debug warning, shortened to its first sentence, as a note.
@MainActor
func showWarning(_ written: String, in tour: Tour) {
    for line in written.split(separator: "\n") where !line.isEmpty {
        let firstSentence = line.replacingOccurrences(of: "⚠️ Rill: ", with: "").split(separator: ".", maxSplits: 1).first.map(String.init) ?? ""
        tour.note("Rill warned: \(firstSentence.trimmingCharacters(in: .whitespaces)). (debug builds; standard error)")
    }
}
