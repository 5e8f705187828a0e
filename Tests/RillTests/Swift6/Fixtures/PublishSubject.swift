// Article 003's examples with only the import line changed and no @preconcurrency.
import Rill
import Foundation
import Synchronization

enum DemoError: Error { case boom, timeout }

func record<Source: ObservableConvertibleType>(_ source: Source) -> [String] {
    var events: [String] = []
    let subscription = source.asObservable().subscribe { event in
        switch event {
        case .next(let element): events.append("\(element)")
        case .error(let error): events.append("x(\(error))")
        case .completed: events.append("|")
        }
    }
    subscription.dispose()
    return events
}

let taps = PublishSubject<String>()
taps.onNext("lost")
var early: [String] = []
var late: [String] = []
let earlySubscription = taps.subscribe(onNext: { early.append($0) })
taps.onNext("first")
let lateSubscription = taps.subscribe(onNext: { late.append($0) })
taps.onNext("second")

let upload = PublishSubject<Int>()
let progressBeforeEnd = upload.subscribe()
upload.onNext(50)
upload.onError(DemoError.timeout)
assert(record(upload) == ["x(timeout)"])

final class MessageComposer {
    private let sentSubject = PublishSubject<String>()
    var messageSent: Observable<String> { sentSubject.asObservable() }
    func send(_ text: String) { sentSubject.onNext(text) }
}
let composer = MessageComposer()
var sentLog: [String] = []
let sentSubscription = composer.messageSent.subscribe(onNext: { sentLog.append($0) })
composer.send("hello")

let feed = PublishSubject<Int>()
var deliveries: [String] = []
var secondSubscription: Disposable?
let firstSubscription = feed.subscribe(onNext: { value in
    deliveries.append("first got \(value)")
    secondSubscription?.dispose()
})
secondSubscription = feed.subscribe(onNext: { deliveries.append("second got \($0)") })
feed.onNext(1)

let refresh = PublishSubject<Void>()
var callOrder: [String] = []
let first = refresh.subscribe(onNext: { _ in callOrder.append("first") })
let second = refresh.subscribe(onNext: { _ in callOrder.append("second") })
first.dispose()
let third = refresh.subscribe(onNext: { _ in callOrder.append("third") })
refresh.onNext(())

let broadcast = PublishSubject<Void>()
var broadcastOrder: [Int] = []
let broadcastBag = DisposeBag()
for index in 0..<40 {
    broadcast.subscribe(onNext: { _ in broadcastOrder.append(index) }).disposed(by: broadcastBag)
}
broadcast.onNext(())

let session = PublishSubject<Int>()
var sessionEvents: [String] = []
let sessionSubscription = session.subscribe(
    onNext: { sessionEvents.append("next \($0)") },
    onError: { _ in sessionEvents.append("error") },
    onCompleted: { sessionEvents.append("completed") },
    onDisposed: { sessionEvents.append("disposed") }
)
session.dispose()
assert(session.hasObservers == false)

final class OverlapDetector: Sendable {
    private let inFlight = Atomic(0)
    let deliveries = Atomic(0)
    let overlaps = Atomic(0)

    func deliver() {
        if inFlight.add(1, ordering: .sequentiallyConsistent).newValue > 1 {
            overlaps.add(1, ordering: .relaxed)
        }
        for _ in 0..<200 { _ = 0 }
        deliveries.add(1, ordering: .relaxed)
        inFlight.subtract(1, ordering: .sequentiallyConsistent)
    }
}

nonisolated func sendFromEightThreads(serialized: Bool) -> (deliveries: Int, overlaps: Int) {
    let subject = PublishSubject<Int>()
    let detector = OverlapDetector()
    let source = serialized
        ? subject.observe(on: SerialDispatchQueueScheduler(qos: .userInitiated))
        : subject.asObservable()
    let subscription = source.subscribe(onNext: { _ in detector.deliver() })
    DispatchQueue.concurrentPerform(iterations: 8) { _ in
        for value in 0..<2_000 { subject.onNext(value) }
    }
    while detector.deliveries.load(ordering: .relaxed) < 16_000 { usleep(1_000) }
    subscription.dispose()
    return (detector.deliveries.load(ordering: .relaxed), detector.overlaps.load(ordering: .relaxed))
}

protocol DownloadDelegate: AnyObject {
    func download(didProgress fraction: Double)
    func downloadDidFinish()
}

final class DownloadEvents: DownloadDelegate {
    private let progressSubject = PublishSubject<Double>()
    var progress: Observable<Double> { progressSubject.asObservable() }
    func download(didProgress fraction: Double) { progressSubject.onNext(fraction) }
    func downloadDidFinish() { progressSubject.onCompleted() }
}

let events = DownloadEvents()
let delegate: DownloadDelegate = events
var progressText: [String] = []
let progressSubscription = events.progress
    .map { "\(Int($0 * 100))%" }
    .subscribe(onNext: { progressText.append($0) }, onCompleted: { progressText.append("done") })
delegate.download(didProgress: 0.25)

withExtendedLifetime((earlySubscription, lateSubscription, progressBeforeEnd, sentSubscription,
                      firstSubscription, second, third, sessionSubscription,
                      progressSubscription)) {}
