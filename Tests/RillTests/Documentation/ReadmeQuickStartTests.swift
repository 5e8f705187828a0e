import Foundation
import Rill
import RillBlocking
import Testing

// README.md's Quick start, paragraph for paragraph (Scripts/check-readme.py, run by CI,
// checks that each of its paragraphs appears here verbatim), so the snippet a newcomer
// pastes compiles and does what its comment says.

// A callback API, as many SDKs have.
final class Greeter: Sendable {
    func greet(_ name: String, completion: @escaping @Sendable (Result<String, any Error>) -> Void) {
        DispatchQueue.global().async { completion(.success("Hello, \(name)")) }
    }
}

// Wrapping it: the observer is Sendable, so the @Sendable completion handler
// may capture it with a plain `import Rill`.
func greeting(for name: String, from greeter: Greeter) -> Observable<String> {
    Observable.create { observer in
        greeter.greet(name) { result in
            switch result {
            case .success(let text): observer.onNext(text); observer.onCompleted()
            case .failure(let error): observer.onError(error)
            }
        }
        return Disposables.create()
    }
}

extension AllTests {
    @Suite struct ReadmeQuickStartTests {
        @Test func theChainPrintsWhatTheReadmeSays() {
            var printed: [String] = []
            func print(_ item: Any) { printed.append("\(item)") }

            let disposeBag = DisposeBag()

            Observable.of(1, 2, 3, 4)
                .map { $0 * 10 }
                .filter { $0 > 15 }
                .subscribe(onNext: { print($0) }, onCompleted: { print("done") })
                .disposed(by: disposeBag)
            // 20, 30, 40, done

            #expect(printed == ["20", "30", "40", "done"])
        }

        @Test func theWrappedCallbackDeliversOneElementThenCompletes() {
            let events = greeting(for: "Ada", from: Greeter()).toBlocking(timeout: 5).materialize()
            guard case .completed(let elements) = events else {
                Issue.record("expected completion, got \(events)")
                return
            }
            #expect(elements == ["Hello, Ada"])
        }
    }
}
