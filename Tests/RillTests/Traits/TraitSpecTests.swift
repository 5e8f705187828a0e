import Foundation
import Testing
import Rill

/// The article's callback API: succeeds for a positive id.
private func fetchUsername(id: Int, completion: @escaping (Result<String, DemoError>) -> Void) {
    completion(id > 0 ? .success("user\(id)") : .failure(.boom))
}

/// The article's request: a `Single` over a callback that fires twice.
private func username(id: Int) -> Single<String> {
    Single.create { single in
        fetchUsername(id: id) { result in
            switch result {
            case .success(let name): single(.success(name))
            case .failure(let error): single(.failure(error))
            }
            single(.success("too late"))                   // ignored: a Single has one outcome
        }
        return Disposables.create()
    }
}

private let cache = ["ada": "Ada Lovelace"]

/// The article's cache lookup: not found is an empty `Maybe`.
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

/// The article's drafts store, as an object so each test has its own.
private final class Drafts {
    var saved: [String] = []

    func save(draft: String) -> Completable {
        Completable.create { completable in
            if draft.isEmpty {
                completable(.error(DemoError.boom))
            } else {
                self.saved.append(draft)
                completable(.completed)
            }
            return Disposables.create()
        }
    }
}

extension AllTests {
    /// The examples of the article "Single, Maybe, and Completable", as stated there.
    @Suite struct TraitSpecTests {
        @Test func singleSubscribeDeliversTheSuccess() {
            let answer = Single.just(42)
            var outcome = ""
            let subscription = answer.subscribe(
                onSuccess: { outcome = "success \($0)" },
                onFailure: { outcome = "failure \($0)" }
            )
            #expect(outcome == "success 42")
            subscription.dispose()
        }

        @Test func everyTraitConvertsBackToAnObservable() {
            #expect(record(Single.just(42).asObservable()) == ["42", "|"])
            #expect(record(Maybe<Int>.empty().asObservable()) == ["|"])
            #expect(record(Completable.empty().asObservable()) == ["|"])
            #expect(record(Completable.error(DemoError.boom).asObservable()) == ["x(boom)"])
        }

        @Test func singleCreateKeepsOnlyTheFirstOutcomeOfTheCallback() {
            #expect(record(username(id: 7).asObservable()) == ["user7", "|"])
            #expect(record(username(id: 0).asObservable()) == ["x(boom)"])
        }

        @Test func maybeModelsNotFoundAsCompletion() {
            #expect(record(cachedName(for: "ada").asObservable()) == ["Ada Lovelace", "|"])
            #expect(record(cachedName(for: "bob").asObservable()) == ["|"])
        }

        @Test func emptyMaybeFallsBackWithIfEmptySwitchTo() {
            let nameWithFallback = cachedName(for: "bob").ifEmpty(switchTo: username(id: 2))
            #expect(record(nameWithFallback.asObservable()) == ["user2", "|"])
        }

        @Test func completableSavesOrFails() {
            let drafts = Drafts()
            #expect(record(drafts.save(draft: "hello").asObservable()) == ["|"])
            #expect(record(drafts.save(draft: "").asObservable()) == ["x(boom)"])
            #expect(drafts.saved == ["hello"])
        }

        @Test func andThenStartsTheSecondWorkOnlyAfterTheFirstCompleted() {
            let drafts = Drafts()
            let saveThenFetch: Single<String> = drafts.save(draft: "second").andThen(username(id: 3))
            #expect(record(saveThenFetch.asObservable()) == ["user3", "|"])
            #expect(drafts.saved == ["second"])

            let fetch = CountedRequest<String>(immediate: .success("user4"))
            let failedSave: Single<String> = drafts.save(draft: "").andThen(fetch.single)
            #expect(record(failedSave.asObservable()) == ["x(boom)"])
            #expect(fetch.subscriptions == 0)                  // the fetch never started
        }

        @Test func asSingleChecksTheNumberOfElements() {
            #expect(record(Observable.just(1).asSingle().asObservable()) == ["1", "|"])
            let empty = record(Observable<Int>.empty().asSingle().asObservable())
            let tooMany = record(Observable.of(1, 2).asSingle().asObservable())
            #expect(empty == ["x(Sequence doesn't contain any elements.)"])
            #expect(tooMany == ["x(Sequence contains more than one element.)"])
        }

        @Test func asSingleOfASubjectThatNeverCompletesNeverResolves() {
            let currentUser = BehaviorSubject(value: "ada")
            #expect(record(currentUser.asSingle().asObservable()) == [])
            #expect(record(currentUser.take(1).asSingle().asObservable()) == ["ada", "|"])
            #expect(record(currentUser.first().asObservable()) == ["Optional(\"ada\")", "|"])
        }

        /// The article's conversion table, row by row: no elements, one, two, and a
        /// source that emits once and never completes.
        @Test(arguments: [
            ("asSingle()", [
                "x(Sequence doesn't contain any elements.)", "1,|",
                "x(Sequence contains more than one element.)", "",
            ]),
            ("take(1).asSingle()", ["x(Sequence doesn't contain any elements.)", "1,|", "1,|", "1,|"]),
            ("first()", ["nil,|", "Optional(1),|", "Optional(1),|", "Optional(1),|"]),
            ("asMaybe()", ["|", "1,|", "x(Sequence contains more than one element.)", ""]),
            ("asCompletable()", ["|", "|", "|", ""]),
        ])
        func conversionTable(conversion: String, expected: [String]) {
            let sources: [Observable<Int>] = [
                .empty(), .just(1), .of(1, 2), BehaviorSubject(value: 1).asObservable(),
            ]
            let results = sources.map { source -> String in
                let converted: [String]
                switch conversion {
                case "asSingle()": converted = record(source.asSingle().asObservable())
                case "take(1).asSingle()": converted = record(source.take(1).asSingle().asObservable())
                case "first()": converted = record(source.first().asObservable())
                case "asMaybe()": converted = record(source.asMaybe().asObservable())
                default: converted = record(source.asCompletable().asObservable())
                }
                return converted.joined(separator: ",")
            }
            #expect(results == expected)
        }

        @Test func zipMapFlatMapAndCatchAndReturnCompose() {
            let profile = Single.zip(username(id: 1), username(id: 2)).map { "\($0) and \($1)" }
            #expect(record(profile.asObservable()) == ["user1 and user2", "|"])

            let chained = username(id: 5).flatMap { name in username(id: name.count) }
            #expect(record(chained.asObservable()) == ["user5", "|"])

            let recovered = username(id: 0).catchAndReturn("anonymous")
            #expect(record(recovered.asObservable()) == ["anonymous", "|"])
        }

        @Test func zipFailsAsSoonAsOneFailsAndDisposesTheOthers() {
            let first = CountedRequest<String>()
            let second = CountedRequest<String>()
            let log = OutcomeLog()
            let subscription = Single.zip(first.single, second.single).subscribe(
                onSuccess: { log.append("\($0)") }, onFailure: { log.append("x(\($0))") }
            )
            #expect(first.subscriptions == 1 && second.subscriptions == 1)
            second.send(.failure(DemoError.boom))
            #expect(log.events == ["x(boom)"])
            #expect(first.disposals == 1)                      // the remaining request is cancelled
            #expect(second.disposals == 1)
            first.send(.success("late"))
            #expect(log.events == ["x(boom)"])
            subscription.dispose()
            first.release()
            second.release()
        }
    }
}
