import Foundation
import Testing
import Rill
import RillBlocking

/// A stand-in for the article's thumbnail loader: a callback API that answers on a
/// background queue after a short delay, and counts requests, cancellations and
/// deliveries.
final class ThumbnailLoader: Sendable {
    let started = LockedCounter()
    let cancelled = LockedCounter()
    let delivered = LockedCounter()

    /// A cancellable request.
    final class Request: Sendable {
        let isCancelled = BooleanDisposable()
    }

    func load(_ name: String, completion: @escaping @Sendable (Result<String, DemoError>) -> Void) -> Request {
        started.increment()
        let request = Request()
        DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(20)) { [delivered] in
            guard !request.isCancelled.isDisposed else { return }
            delivered.increment()
            completion(name.isEmpty ? .failure(.boom) : .success("thumbnail of \(name)"))
        }
        return request
    }

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
            return Disposables.create { [cancelled = self.cancelled] in
                cancelled.increment()
                request.isCancelled.dispose()
            }
        }
    }
}

extension AllTests {
    /// The article "Creating Observables" waits for its wrapped callback with
    /// `toBlocking()`.
    @Suite struct CreatingObservablesArticleTests {
        @Test func aWrappedCallbackIsWaitedForAndDisposedAfterCompletion() throws {
            let loader = ThumbnailLoader()
            let cat = try loader.thumbnail(named: "cat").toBlocking().toArray()
            #expect(cat == ["thumbnail of cat"])
            #expect(loader.started.value == 1)
            #expect(loader.cancelled.value == 1)
        }

        @Test func aWrappedFailureMaterializesAsFailedWithNoElements() {
            let loader = ThumbnailLoader()
            let blank = loader.thumbnail(named: "").toBlocking().materialize()
            guard case .failed(let elements, let error) = blank else {
                Issue.record("expected the blank request to fail")
                return
            }
            #expect(elements.isEmpty)
            #expect(error as? DemoError == .boom)
        }
    }
}
