import Foundation
import Rill
import RillBlocking

/// A flag other threads may set.
final class Flag: Sendable {
    private let counter = Counter()
    func set() { counter.increment() }
    var isSet: Bool { counter.value > 0 }
}

private nonisolated func awaitTraits() async throws -> [String] {
    var results: [String] = []
    results.append(try await Single.just("one").value)
    results.append(try await Maybe<String>.empty().value ?? "nothing")
    try await Completable.empty().value
    results.append("completed")
    do {
        _ = try await Single<String>.error(DemoError.timeout).value
    } catch {
        results.append("threw \(error)")
    }
    return results
}

private nonisolated func cancellationReachesTheSingle() async -> (disposed: Bool, threw: String) {
    let disposed = Flag()
    let slowRequest = Single<Int>.create { _ in
        Disposables.create { disposed.set() }
    }
    let task = Task { try await slowRequest.value }
    try? await Task.sleep(nanoseconds: 50_000_000)
    task.cancel()
    do {
        _ = try await task.value
        return (disposed.isSet, "no error")
    } catch {
        return (disposed.isSet, "\(type(of: error))")
    }
}

private nonisolated func disposalCancelsTheTask() -> Bool {
    let sawCancellation = Flag()
    let finished = DispatchSemaphore(value: 0)
    let work = Single<Int>.create {
        do {
            try await Task.sleep(nanoseconds: 10_000_000_000)
        } catch {
            sawCancellation.set()
        }
        finished.signal()
        return 0
    }
    let subscription = work.subscribe()
    Thread.sleep(forTimeInterval: 0.05)
    subscription.dispose()
    _ = finished.wait(timeout: .now() + 2)
    return sawCancellation.isSet
}

private nonisolated func slowConsumer() async throws -> Int {
    let events = PublishSubject<Int>()
    let producer = Task.detached {
        try await Task.sleep(nanoseconds: 20_000_000)
        for value in 1...10 { events.onNext(value) }
        events.onCompleted()
    }
    var received = 0
    for try await _ in events.values {
        received += 1
        try await Task.sleep(nanoseconds: 10_000_000)
    }
    try await producer.value
    return received
}

/// Article 004, "Bridging to async/await", and article 000, "Infallible".
let concurrencyChapter = Chapter(name: "Concurrency", source: "Sources/Rill/Rill.docc/SwiftConcurrency.md") { tour in
    tour.section("from traits to async")
    let traitResults = try Single.create { try await awaitTraits() }.toBlocking(timeout: 10).single()
    tour.check("awaiting value on each trait gave \(traitResults)", traitResults == ["one", "nothing", "completed", "threw timeout"])
    let cancelled = try Single.create { await cancellationReachesTheSingle() }.toBlocking(timeout: 10).single()
    tour.check("cancelling the awaiting task disposed the subscription: \(cancelled.disposed); it threw \(cancelled.threw)",
               cancelled.disposed && cancelled.threw == "CancellationError")

    tour.section("from async to traits")
    let taskCancelled = disposalCancelsTheTask()
    tour.check("disposing a Single.create(work:) subscription cancelled its task: \(taskCancelled)", taskCancelled)

    tour.section("observables to for await: nothing is dropped")
    let received = try Single.create { try await slowConsumer() }.toBlocking(timeout: 10).single()
    tour.check("slow consumer received \(received) of 10", received == 10)
}
