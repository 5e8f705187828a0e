import Foundation
import Rill
import RillBlocking

private func fetchUsername(id: Int, completion: @escaping (Result<String, DemoError>) -> Void) {
    completion(id > 0 ? .success("user\(id)") : .failure(.boom))
}

private func username(id: Int) -> Single<String> {
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

private let cache = ["ada": "Ada Lovelace"]

private func cachedName(for key: String) -> Maybe<String> {
    Maybe.create { maybe in
        if let name = cache[key] {
            maybe(.success(name))
        } else {
            maybe(.completed)
        }
        return Disposables.create()
    }
}

/// Article 004: "Single, Maybe, and Completable".
let traitsChapter = Chapter(name: "Traits", source: "Sources/Rill/Rill.docc/Traits.md") { tour in
    tour.section("three narrower grammars")
    let answer = Single.just(42)
    var outcome = ""
    let answerSubscription = answer.subscribe(onSuccess: { outcome = "success \($0)" }, onFailure: { outcome = "failure \($0)" })
    answerSubscription.dispose()
    tour.check("Single.just(42) subscribed: \(outcome)", outcome == "success 42")
    tour.check("as observables: Single \(record(answer.asObservable())), empty Maybe \(record(Maybe<Int>.empty().asObservable())), Completable.error \(record(Completable.error(DemoError.boom).asObservable()))",
               record(answer.asObservable()) == ["42", "|"] && record(Maybe<Int>.empty().asObservable()) == ["|"]
                   && record(Completable.error(DemoError.boom).asObservable()) == ["x(boom)"])

    tour.section("create keeps the first outcome")
    tour.check("username(id: 7) delivered \(record(username(id: 7).asObservable())) (a second callback was ignored)",
               record(username(id: 7).asObservable()) == ["user7", "|"])
    tour.check("username(id: 0) delivered \(record(username(id: 0).asObservable()))", record(username(id: 0).asObservable()) == ["x(boom)"])
    tour.check("cachedName(ada) \(record(cachedName(for: "ada").asObservable())), cachedName(bob) \(record(cachedName(for: "bob").asObservable()))",
               record(cachedName(for: "ada").asObservable()) == ["Ada Lovelace", "|"] && record(cachedName(for: "bob").asObservable()) == ["|"])
    let fallback = record(cachedName(for: "bob").ifEmpty(switchTo: username(id: 2)).asObservable())
    tour.check("an empty Maybe with ifEmpty(switchTo:) delivered \(fallback)", fallback == ["user2", "|"])

    tour.section("Completable and andThen")
    var savedDrafts: [String] = []
    func save(draft: String) -> Completable {
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
    tour.check("save(\"hello\") \(record(save(draft: "hello").asObservable())), save(\"\") \(record(save(draft: "").asObservable())); saved \(savedDrafts)",
               record(save(draft: "hello").asObservable()) == ["|"] && record(save(draft: "").asObservable()) == ["x(boom)"] && savedDrafts.count == 2)
    var fetches = 0
    let counted = Single<String>.deferred {
        fetches += 1
        return username(id: 4)
    }
    let saveThenFetch = record(save(draft: "second").andThen(username(id: 3)).asObservable())
    let failedSave = record(save(draft: "").andThen(counted).asObservable())
    tour.check("save then fetch delivered \(saveThenFetch); a failed save delivered \(failedSave) and started \(fetches) fetches",
               saveThenFetch == ["user3", "|"] && failedSave == ["x(boom)"] && fetches == 0)

    tour.section("converting observables into traits")
    let empty = record(Observable<Int>.empty().asSingle().asObservable())
    let tooMany = record(Observable.of(1, 2).asSingle().asObservable())
    tour.check("asSingle on empty: \(empty[0]); on two elements: \(tooMany[0])",
               empty == ["x(Sequence doesn't contain any elements.)"] && tooMany == ["x(Sequence contains more than one element.)"])
    let currentUser = BehaviorSubject(value: "ada")
    var stillWaiting = false
    do {
        _ = try currentUser.asSingle().toBlocking(timeout: 0.1).single()
    } catch RxError.timeout {
        stillWaiting = true
    }
    let takeOne = record(currentUser.take(1).asSingle().asObservable())
    tour.check("asSingle on a BehaviorSubject: \(stillWaiting ? "still waiting after 100 ms" : "resolved"); take(1).asSingle: \(takeOne[0])",
               stillWaiting && takeOne == ["ada", "|"])
    tour.check("first() on the BehaviorSubject delivered \(record(currentUser.first().asObservable()))",
               record(currentUser.first().asObservable()) == ["Optional(\"ada\")", "|"])
    tour.check("asMaybe on empty \(record(Observable<Int>.empty().asMaybe().asObservable())); asCompletable on two elements \(record(Observable.of(1, 2).asCompletable().asObservable()))",
               record(Observable<Int>.empty().asMaybe().asObservable()) == ["|"] && record(Observable.of(1, 2).asCompletable().asObservable()) == ["|"])

    tour.section("composing traits")
    let profile = record(Single.zip(username(id: 1), username(id: 2)).map { "\($0) and \($1)" }.asObservable())
    let chained = record(username(id: 5).flatMap { name in username(id: name.count) }.asObservable())
    let recovered = record(username(id: 0).catchAndReturn("anonymous").asObservable())
    tour.check("zip+map \(profile), flatMap \(chained), catchAndReturn \(recovered)",
               profile == ["user1 and user2", "|"] && chained == ["user5", "|"] && recovered == ["anonymous", "|"])
    var started = 0, disposals = 0
    func request(_ outcome: Result<String, DemoError>?) -> Single<String> {
        Single.create { single in
            started += 1
            if let outcome { single(outcome.mapError { $0 as any Error }) }
            return Disposables.create { disposals += 1 }
        }
    }
    let winner = record(Single.firstSuccess([request(.failure(.boom)), request(nil), request(.success("fast")), request(nil)]).asObservable())
    tour.check("firstSuccess over fail, pending, success, pending: \(winner); \(started) requests started, \(disposals) disposed, the last never started",
               winner == ["fast", "|"] && started == 3 && disposals == 3)
}
