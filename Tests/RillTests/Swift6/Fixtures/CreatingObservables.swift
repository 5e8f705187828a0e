// Article 000's examples with only the import lines changed (RxSwift -> Rill,
// RxBlocking -> RillBlocking) and no @preconcurrency: they must type-check in Swift 6
// language mode with no diagnostics.
import Rill
import RillBlocking
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

var clockReads = 0
@MainActor func readClock() -> Int {
    clockReads += 1
    return clockReads
}

let eagerReading = Observable.just(readClock())
assert(record(eagerReading) == ["1", "|"])
let freshReading = Observable.deferred { Observable.just(readClock()) }
assert(record(freshReading) == ["2", "|"])
assert(record(Observable.of(1, 2, 3)) == ["1", "2", "3", "|"])
assert(record(Observable.of([1, 2, 3])) == ["[1, 2, 3]", "|"])

var generatorCalls = 0
let naturals = sequence(first: 1) { previous in
    generatorCalls += 1
    return previous + 1
}
assert(record(Observable.from(naturals).take(3)) == ["1", "2", "3", "|"])
let savedQuery: String? = nil
assert(record(Observable.from(optional: savedQuery)) == ["|"])
let powersOfThree = Observable.generate(initialState: 1, condition: { $0 < 100 }, iterate: { $0 * 3 })
assert(record(Observable.repeatElement("ping").take(2)) == ["ping", "ping", "|"])

var stackDepths: [Int] = []
let depthProbe = Observable.range(start: 1, count: 10_000)
    .subscribe(onNext: { _ in stackDepths.append(Thread.callStackSymbols.count) })
let later = Observable.of(1, 2, scheduler: MainScheduler.asyncInstance)
let laterElements = try later.toBlocking().toArray()

final class ThumbnailLoader: Sendable {
    final class Request: Sendable {
        private let cancelled = Mutex(false)
        private let onCancel: @Sendable () -> Void
        init(onCancel: @escaping @Sendable () -> Void) { self.onCancel = onCancel }
        var isCancelled: Bool { cancelled.withLock { $0 } }
        func cancel() {
            cancelled.withLock { $0 = true }
            onCancel()
        }
    }

    let started = Atomic(0)
    let cancelled = Atomic(0)
    let delivered = Atomic(0)
    private let queue = DispatchQueue(label: "thumbnail-loader")

    func load(_ name: String, completion: @escaping @Sendable (Result<String, any Error>) -> Void) -> Request {
        started.add(1, ordering: .relaxed)
        let request = Request { self.cancelled.add(1, ordering: .relaxed) }
        queue.asyncAfter(deadline: .now() + .milliseconds(20)) {
            guard !request.isCancelled else { return }
            self.delivered.add(1, ordering: .relaxed)
            completion(name.isEmpty ? .failure(DemoError.boom) : .success("thumbnail of \(name)"))
        }
        return request
    }
}

extension ThumbnailLoader {
    func thumbnail(named name: String) -> Observable<String> {
        Observable.create { observer in
            let request = self.load(name) { result in
                switch result {
                case .success(let thumbnail):
                    observer.onNext(thumbnail)
                    observer.onCompleted()
                case .failure(let error):
                    observer.onError(error)
                }
            }
            return Disposables.create { request.cancel() }
        }
    }
}

let loader = ThumbnailLoader()
let cat = try loader.thumbnail(named: "cat").toBlocking().toArray()
let abandoned = loader.thumbnail(named: "dog").subscribe()
abandoned.dispose()
let blank = loader.thumbnail(named: "").toBlocking().materialize()
if case .failed(let elements, let error) = blank {
    assert(elements.isEmpty)
    assert(error as? DemoError == .boom)
}
let owl = loader.thumbnail(named: "owl")
let pair = try Observable.zip(owl, owl).toBlocking().toArray()
let sharedOwl = loader.thumbnail(named: "owl").share(replay: 1)
let sharedPair = try Observable.zip(sharedOwl, sharedOwl).toBlocking().toArray()

var lastThumbnail = ""
let foxSubscription = loader.thumbnail(named: "fox")
    .observe(on: MainScheduler.instance)
    .subscribe(onNext: { lastThumbnail = $0 })
RunLoop.main.run(until: Date().addingTimeInterval(0.2))

nonisolated func isMainThread() -> Bool { Thread.isMainThread }
nonisolated func tagThreads(_ source: Observable<Int>) -> Observable<String> {
    source.map { "\($0) on \(isMainThread() ? "main" : "a background thread")" }
}
let countdown = AsyncStream<Int> { continuation in
    for value in [3, 2, 1] { continuation.yield(value) }
    continuation.finish()
}
let taggedCountdown = try tagThreads(countdown.asObservable()).toBlocking().toArray()

let ticks = Infallible<Int>.create { observer in
    observer(.next(1))
    observer(.completed)
    return Disposables.create()
}
assert(record(ticks.asObservable()) == ["1", "|"])
withExtendedLifetime((depthProbe, abandoned, foxSubscription)) {}
