import Foundation
import Testing
import Rill

extension AllTests {
    /// `Observable.create` and its four-part contract (article 000).
    @Suite struct CreateTests {
        @Test func deliversWhatTheProducerSends() {
            let source = Observable<Int>.create { observer in
                observer.onNext(1)
                observer.onNext(2)
                observer.onCompleted()
                return Disposables.create()
            }
            #expect(record(source) == ["1", "2", "|"])
        }

        @Test func ignoresEventsAfterTheTerminalOne() {
            var mapped = 0
            let source = Observable<Int>.create { observer in
                observer.onNext(1)
                observer.onError(DemoError.boom)
                observer.onNext(2)
                observer.onCompleted()
                return Disposables.create()
            }
            // The operator below never sees the element sent after the error.
            #expect(record(source.map { value -> Int in mapped += 1; return value }) == ["1", "x(boom)"])
            #expect(mapped == 1)
        }

        @Test func runsItsClosureOncePerSubscription() {
            var runs = 0
            let source = Observable<Int>.create { observer in
                runs += 1
                observer.onCompleted()
                return Disposables.create()
            }
            _ = record(source)
            _ = record(source)
            #expect(runs == 2)
        }

        @Test func returnedDisposableRunsAfterCompletion() {
            var cleanups = 0
            let source = Observable<Int>.create { observer in
                observer.onNext(1)
                observer.onCompleted()
                return Disposables.create { cleanups += 1 }
            }
            let subscription = source.subscribe()
            #expect(cleanups == 1)
            subscription.dispose()
            #expect(cleanups == 1)
        }

        @Test func returnedDisposableRunsAfterAnAsynchronousTerminalEvent() {
            let cleanedUp = DispatchSemaphore(value: 0)
            let source = Observable<Int>.create { observer in
                DispatchQueue.global().async {
                    observer.onNext(1)
                    observer.onCompleted()
                }
                return Disposables.create { cleanedUp.signal() }
            }
            let subscription = source.subscribe()
            #expect(cleanedUp.wait(timeout: .now() + 5) == .success)
            subscription.dispose()
        }

        @Test func disposingBeforeTheResultCancelsTheWork() {
            let box = ObserverBox<String>()
            var cancelled = 0
            let source = Observable<String>.create { observer in
                box.observer = observer
                return Disposables.create { cancelled += 1 }
            }
            var received: [String] = []
            let subscription = source.subscribe(onNext: { received.append($0) })
            subscription.dispose()
            #expect(cancelled == 1)
            box.observer?.onNext("late")
            #expect(received.isEmpty)
            subscription.dispose()
            #expect(cancelled == 1)
        }

        @Test func observerCanBeCapturedBySendableCallbacks() {
            // Wrapping a @Sendable callback API compiles without @preconcurrency:
            // AnyObserver is Sendable.
            func load(_ completion: @escaping @Sendable (Result<String, DemoError>) -> Void) {
                DispatchQueue.global().async { completion(.success("thumbnail")) }
            }
            let done = DispatchSemaphore(value: 0)
            let source = Observable<String>.create { observer in
                load { result in
                    switch result {
                    case .success(let value):
                        observer.onNext(value)
                        observer.onCompleted()
                    case .failure(let error):
                        observer.onError(error)
                    }
                }
                return Disposables.create()
            }
            let received = LockedBox<[String]>([])
            let subscription = source.subscribe(
                onNext: { value in received.mutate { $0.append(value) } },
                onCompleted: { done.signal() }
            )
            #expect(done.wait(timeout: .now() + 5) == .success)
            #expect(received.value == ["thumbnail"])
            subscription.dispose()
        }

        @Test func onDisposedRunsOnceAfterTerminalEventOrDispose() {
            var log: [String] = []
            let completing = Observable.of(1).subscribe(onCompleted: { log.append("completed") }, onDisposed: { log.append("disposed") })
            completing.dispose()
            #expect(log == ["completed", "disposed"])

            log = []
            let box = ObserverBox<Int>()
            let pending = Observable<Int>.create { box.observer = $0; return Disposables.create() }
                .subscribe(onCompleted: { log.append("completed") }, onDisposed: { log.append("disposed") })
            pending.dispose()
            pending.dispose()
            box.observer?.onCompleted()
            #expect(log == ["disposed"])
        }
    }
}
