// Article 004's examples with only the import lines changed and no @preconcurrency.
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

let answer = Single.just(42)
var outcome = ""
let answerSubscription = answer.subscribe(
    onSuccess: { outcome = "success \($0)" },
    onFailure: { outcome = "failure \($0)" }
)
assert(record(answer.asObservable()) == ["42", "|"])
assert(record(Maybe<Int>.empty().asObservable()) == ["|"])
assert(record(Completable.empty().asObservable()) == ["|"])

func fetchUsername(id: Int, completion: @escaping (Result<String, DemoError>) -> Void) {
    completion(id > 0 ? .success("user\(id)") : .failure(.boom))
}

func username(id: Int) -> Single<String> {
    Single.create { single in
        fetchUsername(id: id) { result in
            switch result {
            case .success(let name): single(.success(name))
            case .failure(let error): single(.failure(error))
            }
            single(.success("too late"))
        }
        return Disposables.create()
    }
}

let cache = ["ada": "Ada Lovelace"]

func cachedName(for key: String) -> Maybe<String> {
    Maybe.create { maybe in
        if let name = cache[key] {
            maybe(.success(name))
        } else {
            maybe(.completed)
        }
        return Disposables.create()
    }
}

let nameWithFallback = cachedName(for: "bob")
    .ifEmpty(switchTo: username(id: 2))

var savedDrafts: [String] = []
@MainActor func save(draft: String) -> Completable {
    Completable.create { completable in
        if draft.isEmpty {
            completable(.error(DemoError.boom))
        } else {
            savedDrafts.append(draft)
            completable(.completed)
        }
        return Disposables.create()
    }
}

let saveThenFetch: Single<String> = save(draft: "second").andThen(username(id: 3))
let failedSave: Single<String> = save(draft: "").andThen(username(id: 4))

let empty = record(Observable<Int>.empty().asSingle().asObservable())
let tooMany = record(Observable.of(1, 2).asSingle().asObservable())
let currentUser = BehaviorSubject(value: "ada")
let neverResolves = currentUser.asSingle()
assert(record(currentUser.take(1).asSingle().asObservable()) == ["ada", "|"])
assert(record(currentUser.first().asObservable()) == ["Optional(\"ada\")", "|"])

let profile = Single.zip(username(id: 1), username(id: 2))
    .map { "\($0) and \($1)" }
let chained = username(id: 5)
    .flatMap { name in username(id: name.count) }
let recovered = username(id: 0).catchAndReturn("anonymous")

nonisolated func awaitTraits() async throws -> [String] {
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

let traitResults = try Single.create { try await awaitTraits() }.toBlocking().single()

final class Flag: Sendable {
    private let state = Atomic(false)
    func set() { state.store(true, ordering: .relaxed) }
    var isSet: Bool { state.load(ordering: .relaxed) }
}

nonisolated func cancellationReachesTheSingle() async -> (disposed: Bool, threw: String) {
    let disposed = Flag()
    let slowRequest = Single<Int>.create { _ in
        Disposables.create { disposed.set() }
    }
    let task = Task { try await slowRequest.value }
    try? await Task.sleep(for: .milliseconds(50))
    task.cancel()
    do {
        _ = try await task.value
        return (disposed.isSet, "no error")
    } catch {
        return (disposed.isSet, "\(type(of: error))")
    }
}

let taskCancelled = try Single.create { await cancellationReachesTheSingle() }.toBlocking().single()

nonisolated func disposalCancelsTheTask() -> Bool {
    let sawCancellation = Flag()
    let finished = DispatchSemaphore(value: 0)
    let work = Single<Int>.create {
        do {
            try await Task.sleep(for: .seconds(10))
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

nonisolated func slowConsumer() async throws -> Int {
    let events = PublishSubject<Int>()
    let producer = Task.detached {
        try await Task.sleep(for: .milliseconds(20))
        for value in 1...10 { events.onNext(value) }
        events.onCompleted()
    }
    var received = 0
    for try await _ in events.values {
        received += 1
        try await Task.sleep(for: .milliseconds(10))
    }
    try await producer.value
    return received
}

let receivedBySlowConsumer = try Single.create { try await slowConsumer() }.toBlocking().single()
withExtendedLifetime(answerSubscription) {}
