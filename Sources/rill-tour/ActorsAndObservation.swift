import Foundation
#if canImport(Observation)
import Observation
#endif
import Rill
import RillBlocking
import RillTest

/// A price store kept in an actor, fed by Rill from background threads.
private actor PriceStore {
    private(set) var updates: [(feed: Int, sequence: Int)] = []
    private var subscription: (any Disposable)?

    func follow(_ ticks: Observable<(feed: Int, sequence: Int)>, done: DispatchSemaphore) {
        subscription = ticks
            .observe(on: self)                       // one hop onto the actor per burst
            .subscribe(onNext: { self.updates.append($0) },   // actor state, no await
                       onCompleted: { done.signal() })
    }

    /// Whether each feed's updates arrived in the order the feed sent them.
    var eachFeedInOrder: Bool {
        Dictionary(grouping: updates, by: \.feed).values.allSatisfy { feed in
            feed.map(\.sequence) == Array(0..<feed.count)
        }
    }
}

/// `count` ticks of feed `feed`, sent from a background queue.
private func feed(_ feed: Int, count: Int) -> Observable<(feed: Int, sequence: Int)> {
    Observable.create { observer in
        DispatchQueue.global().async {
            for sequence in 0..<count { observer.onNext((feed, sequence)) }
            observer.onCompleted()
        }
        return Disposables.create()
    }
}

/// Runs `body` on the global executor and waits for it: the chapter itself runs
/// synchronously on the main thread.
private func waitFor<Result: Sendable>(_ body: @escaping @Sendable () async throws -> Result) throws -> Result {
    try Single.create { try await body() }.toBlocking(timeout: 30).single()
}

/// Services the main queue (and so the main actor) until `condition` holds, up to
/// five seconds; true once it holds.
@MainActor
private func runMainLoop(until condition: () -> Bool) -> Bool {
    let deadline = Date().addingTimeInterval(5)
    while !condition() && Date() < deadline {
        RunLoop.main.run(until: Date().addingTimeInterval(0.005))
    }
    return condition()
}

/// A search box typed into by an async task that sleeps on `TestScheduler`'s virtual
/// clock, debounced by Rx on the same scheduler: the queries searched, with the tick
/// each was searched at.
@available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
private func debouncedSearch() async throws -> [String] {
    let scheduler = TestScheduler(initialClock: 0, resolution: 0.001)   // 1 tick = 1 ms
    let text = PublishSubject<String>()
    let searches = LockedList()
    let subscription = text
        .debounce(.milliseconds(300), scheduler: scheduler)
        .subscribe(onNext: { searches.append("\($0)@\(scheduler.clock)ms") })
    let typist = Task(executorPreference: scheduler) {
        for (query, pause) in [("r", 120), ("ri", 90), ("ril", 400), ("rill", 80), ("rills", 0)] {
            text.onNext(query)
            try await Task.sleep(for: .milliseconds(pause), clock: scheduler.virtualClock)
        }
    }
    await scheduler.advance(by: .seconds(2))
    try await typist.value
    subscription.dispose()
    return searches.entries
}

/// Strings appended from any thread.
private final class LockedList: @unchecked Sendable {
    // Sendable: `storage` is touched only while `lock` is held.
    private let lock = NSLock()
    private var storage: [String] = []

    func append(_ entry: String) {
        lock.lock()
        storage.append(entry)
        lock.unlock()
    }

    var entries: [String] {
        lock.lock()
        defer { lock.unlock() }
        return storage
    }
}

#if canImport(Observation)
/// A main-actor view model, as a SwiftUI screen keeps one.
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
@MainActor @Observable
private final class CartModel: ReactiveCompatible {
    var items: [String] = []
    var title = "Cart"
}
#endif

/// The "Actors, clocks and Observation" article.
let actorsAndObservationChapter = Chapter(
    name: "Actors and Observation", source: "Sources/Rill/Rill.docc/ActorsClocksAndObservation.md"
) { tour in
    tour.section("an actor-backed store fed from background threads")
    let store = PriceStore()
    let done = DispatchSemaphore(value: 0)
    let started = Date()
    try waitFor { await store.follow(Observable.merge((0..<3).map { feed($0, count: 2_000) }), done: done) }
    let delivered = done.wait(timeout: .now() + 30) == .success
    let (count, inOrder) = try waitFor { await (store.updates.count, store.eachFeedInOrder) }
    tour.check("the actor received \(count) of 6000 updates from 3 feeds, with no await in its closure", delivered && count == 6_000)
    tour.check("each feed's updates arrived in the order it sent them: \(inOrder)", inOrder)
    tour.note(String(format: "6000 updates reached the actor in %.1f ms", Date().timeIntervalSince(started) * 1_000))

    tour.section("a debounced search on a Clock")
    if #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) {
        let searches = try waitFor { try await debouncedSearch() }
        tour.check("async typing on TestScheduler.virtualClock + debounce(300 ms) searched \(searches)",
                   searches == ["ril@510ms", "rills@990ms"])
        var runs: [[String]] = []
        for _ in 0..<20 { runs.append(try waitFor { try await debouncedSearch() }) }
        tour.check("20 more runs gave the same searches: \(runs.allSatisfy { $0 == searches })", runs.allSatisfy { $0 == searches })
    } else {
        tour.note("TestScheduler as a task executor needs macOS 15 / iOS 18")
    }
    if #available(macOS 13, iOS 16, tvOS 16, watchOS 9, *) {
        let clock = ClockScheduler(clock: ContinuousClock())
        let ticks = try Observable<Int>.interval(.milliseconds(10), scheduler: clock).take(5).toBlocking(timeout: 10).toArray()
        tour.check("interval(10 ms) on ClockScheduler(clock: ContinuousClock()) ticked \(ticks)", ticks == [0, 1, 2, 3, 4])
    }

    tour.section("an @Observable model bridged both ways")
    #if canImport(Observation)
    if #available(macOS 14, iOS 17, tvOS 17, watchOS 10, *) {
        let cart = CartModel()
        var counts: [Int] = []
        let counting = Rill.Observable.observations { cart.items.count }
            .subscribe(onNext: { counts.append($0) })      // a main-actor closure, no observe(on:)
        _ = runMainLoop { counts == [0] }
        cart.items.append("tea")
        cart.items.append("jam")
        cart.items.append("oats")                          // one transaction: three changes
        _ = runMainLoop { counts.last == 3 }
        tour.check("observations { cart.items.count } on the main actor emitted \(counts): one element for three changes in one transaction",
                   counts == [0, 3])
        counting.dispose()
        cart.items.append("figs")
        var seenTitles: [String] = []
        let titles = Infallible.observations { cart.title }.subscribe(onNext: { seenTitles.append($0) })
        _ = runMainLoop { seenTitles == ["Cart"] }
        let binding = Observable.of("Basket", "Order").bind(to: cart.rx.title)
        _ = runMainLoop { seenTitles.last == "Order" }
        tour.check("binding to cart.rx.title was seen by observation tracking: \(seenTitles.joined(separator: " -> "))",
                   seenTitles.first == "Cart" && seenTitles.last == "Order")
        tour.check("after dispose the first subscription saw no more: \(counts)", counts == [0, 3])
        binding.dispose()
        titles.dispose()
    } else {
        tour.note("Observation needs macOS 14 / iOS 17")
    }
    #else
    tour.note("this toolchain has no Observation module")
    #endif
}
