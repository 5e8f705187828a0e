import Foundation
import Testing
import Rill
import RillBlocking

extension AllTests {
    @Suite struct InfallibleCreateTests {
        /// The article's example.
        @Test func ticksEmitOneThenComplete() {
            let ticks = Infallible<Int>.create { observer in
                observer(.next(1))
                observer(.completed)
                return Disposables.create()
            }
            #expect(record(ticks.asObservable()) == ["1", "|"])
        }

        @Test func eventsAfterCompletionAreIgnored() {
            let source = Infallible<Int>.create { observer in
                observer(.next(1))
                observer(.completed)
                observer(.next(2))
                return Disposables.create()
            }
            #expect(record(source) == ["1", "|"])
        }

        @Test func runsOncePerSubscription() {
            var subscriptions = 0
            let source = Infallible<Int>.create { observer in
                subscriptions += 1
                observer(.next(subscriptions))
                observer(.completed)
                return Disposables.create()
            }
            #expect(record(source) == ["1", "|"])
            #expect(record(source) == ["2", "|"])
        }

        @Test func disposesItsResourceOnDisposeAndAfterCompletion() {
            var disposals = 0
            let silent = Infallible<Int>.create { _ in Disposables.create { disposals += 1 } }
            silent.subscribe().dispose()
            #expect(disposals == 1)
            let completing = Infallible<Int>.create { observer in
                observer(.completed)
                return Disposables.create { disposals += 1 }
            }
            _ = completing.subscribe()
            #expect(disposals == 2)
        }

        @Test func theObserverCanBeCalledFromASendableCallback() throws {
            let source = Infallible<Int>.create { observer in
                DispatchQueue.global().async {
                    observer(.next(1))
                    observer(.completed)
                }
                return Disposables.create()
            }
            #expect(try source.toBlocking(timeout: 10).toArray() == [1])
        }

        @Test func anInfallibleEventConvertsToTheSameEvent() {
            #expect(InfallibleEvent.next(1).event.element == 1)
            #expect(InfallibleEvent<Int>.completed.event.isCompleted)
        }
    }

    @Suite struct InfallibleFactoryTests {
        @Test func justEmitsTheElementAndCompletes() {
            #expect(record(Infallible.just(1)) == ["1", "|"])
            #expect(record(Infallible.just(1, scheduler: CurrentThreadScheduler.instance)) == ["1", "|"])
        }

        @Test func ofEmitsEachArgument() {
            #expect(record(Infallible.of(1, 2, 3)) == ["1", "2", "3", "|"])
        }

        @Test func fromEmitsTheElementsOfAnArray() {
            #expect(record(Infallible.from([4, 5])) == ["4", "5", "|"])
        }

        @Test func fromPullsASequenceLazily() throws {
            let pulls = LockedCounter()
            let source = Infallible.from(naturals(countingPullsIn: pulls))
            #expect(try source.toBlocking(timeout: 10).first() == 1)
            #expect(pulls.value == 0)
        }

        @Test func emptyCompletes() {
            #expect(record(Infallible<Int>.empty()) == ["|"])
        }

        @Test func neverEmitsNothing() {
            #expect(record(Infallible<Int>.never()) == [])
        }

        @Test func deferredCallsTheFactoryForEachSubscription() {
            var readings = 0
            let fresh = Infallible.deferred {
                readings += 1
                return Infallible.just(readings)
            }
            #expect(record(fresh) == ["1", "|"])
            #expect(record(fresh) == ["2", "|"])
        }

        /// A broken promise: the error reaches `Observable` subscribers, and an
        /// `Infallible` subscriber's subscription just ends.
        @Test func aDeferredFactoryThatThrowsEndsTheSubscription() {
            let broken = Infallible<Int>.deferred { throw DemoError.boom }
            #expect(record(broken) == ["x(boom)"])
            var log: [String] = []
            _ = broken.subscribe(onNext: { log.append("\($0)") }, onCompleted: { log.append("|") }, onDisposed: { log.append("disposed") })
            #expect(log == ["disposed"])
        }
    }

    @Suite struct InfallibleSubscribeTests {
        @Test func deliversElementsThenCompletionThenDisposal() {
            var log: [String] = []
            _ = Infallible.of(1, 2).subscribe(
                onNext: { log.append("\($0)") },
                onCompleted: { log.append("completed") },
                onDisposed: { log.append("disposed") }
            )
            #expect(log == ["1", "2", "completed", "disposed"])
        }

        @Test func disposingMidStreamRunsOnlyOnDisposed() {
            var send: Infallible<Int>.InfallibleObserver?
            let source = Infallible<Int>.create { observer in
                send = observer
                return Disposables.create()
            }
            var log: [String] = []
            let subscription = source.subscribe(
                onNext: { log.append("\($0)") },
                onCompleted: { log.append("completed") },
                onDisposed: { log.append("disposed") }
            )
            send?(.next(1))
            subscription.dispose()
            send?(.next(2))
            send?(.completed)
            #expect(log == ["1", "disposed"])
        }

        @Test func withAnObjectPassesItUntilItIsGone() {
            final class Owner {
                let name = "owner"
            }
            var send: Infallible<Int>.InfallibleObserver?
            let source = Infallible<Int>.create { observer in
                send = observer
                return Disposables.create()
            }
            var owner: Owner? = Owner()
            var received: [String] = []
            let subscription = source.subscribe(with: owner!, onNext: { owner, element in
                received.append("\(owner.name) \(element)")
            })
            send?(.next(1))
            owner = nil
            send?(.next(2))
            subscription.dispose()
            #expect(received == ["owner 1"])
        }

        @Test func withAnObjectCallsCompletionAndDisposalWithIt() {
            final class Owner {}
            let owner = Owner()
            var log: [String] = []
            _ = Infallible.just(1).subscribe(
                with: owner,
                onNext: { _, element in log.append("\(element)") },
                onCompleted: { completedOwner in log.append(completedOwner === owner ? "completed" : "?") },
                onDisposed: { disposedOwner in log.append(disposedOwner === owner ? "disposed" : "?") }
            )
            #expect(log == ["1", "completed", "disposed"])
        }

        @Test func withAnEventClosureReceivesInfallibleEvents() {
            var log: [String] = []
            _ = Infallible.of(1, 2).subscribe { event in
                switch event {
                case .next(let element): log.append("\(element)")
                case .completed: log.append("|")
                }
            }
            #expect(log == ["1", "2", "|"])
        }

        @Test func isSendable() async throws {
            let infallible = Infallible.just(1)
            let first = try await Task.detached { try infallible.toBlocking(timeout: 10).first() }.value
            #expect(first == 1)
        }
    }

    @Suite struct AsInfallibleTests {
        @Test func onErrorJustReturnReplacesTheErrorWithTheElement() {
            let failing = Observable<Int>.create { observer in
                observer.onNext(1)
                observer.onError(DemoError.boom)
                return Disposables.create()
            }
            #expect(record(failing.asInfallible(onErrorJustReturn: 0)) == ["1", "0", "|"])
        }

        @Test func onErrorJustReturnPassesACompletingSequenceThrough() {
            #expect(record(Observable.of(1, 2).asInfallible(onErrorJustReturn: 0)) == ["1", "2", "|"])
        }

        @Test func theFailedSourceIsDisposed() {
            var disposals = 0
            let failing = Observable<Int>.create { observer in
                observer.onError(DemoError.boom)
                return Disposables.create { disposals += 1 }
            }
            #expect(record(failing.asInfallible(onErrorJustReturn: 0)) == ["0", "|"])
            #expect(disposals == 1)
        }

        @Test func onErrorFallbackToContinuesWithTheFallback() {
            let failing = Observable<Int>.error(DemoError.boom)
            #expect(record(failing.asInfallible(onErrorFallbackTo: Infallible.of(8, 9))) == ["8", "9", "|"])
        }

        @Test func onErrorRecoverReceivesTheErrorOnce() {
            var errors: [String] = []
            let failing = Observable<Int>.create { observer in
                observer.onNext(1)
                observer.onError(DemoError.boom)
                return Disposables.create()
            }
            let recovered = failing.asInfallible(onErrorRecover: { error in
                errors.append("\(error)")
                return Infallible.just(-1)
            })
            #expect(record(recovered) == ["1", "-1", "|"])
            #expect(errors == ["boom"])
        }

        @Test func aFallbackThatRecoversItselfIsFollowed() {
            let nested = Observable<Int>.error(DemoError.boom).asInfallible(onErrorRecover: { _ in
                Observable<Int>.error(DemoError.timeout).asInfallible(onErrorJustReturn: 5)
            })
            #expect(record(nested) == ["5", "|"])
        }

        @Test func disposingBeforeAnErrorDisposesTheSourceAndNeverRecovers() {
            var send: AnyObserver<Int>?
            var sourceDisposals = 0
            var recoveries = 0
            let source = Observable<Int>.create { observer in
                send = observer
                return Disposables.create { sourceDisposals += 1 }
            }
            let subscription = source
                .asInfallible(onErrorRecover: { _ in
                    recoveries += 1
                    return Infallible.just(0)
                })
                .subscribe()
            subscription.dispose()
            send?.onError(DemoError.boom)
            #expect(sourceDisposals == 1)
            #expect(recoveries == 0)
        }

        @Test func disposingAfterRecoveryDisposesTheFallback() {
            var fallbackDisposals = 0
            let fallback = Infallible<Int>.create { observer in
                observer(.next(8))
                return Disposables.create { fallbackDisposals += 1 }
            }
            var received: [Int] = []
            let subscription = Observable<Int>.error(DemoError.boom)
                .asInfallible(onErrorFallbackTo: fallback)
                .subscribe(onNext: { received.append($0) })
            #expect(received == [8])
            #expect(fallbackDisposals == 0)
            subscription.dispose()
            #expect(fallbackDisposals == 1)
        }

        @Test func anErrorFromAnotherThreadIsRecovered() throws {
            let failing = Observable<Int>.create { observer in
                DispatchQueue.global().async {
                    observer.onNext(1)
                    observer.onError(DemoError.boom)
                }
                return Disposables.create()
            }
            #expect(try failing.asInfallible(onErrorJustReturn: 0).toBlocking(timeout: 10).toArray() == [1, 0])
        }
    }

    @Suite struct InfallibleOperatorTests {
        @Test func mapTransformsEachElementAndStaysInfallible() {
            let labels: Infallible<String> = Infallible.of(1, 2).map { "#\($0)" }
            #expect(record(labels) == ["#1", "#2", "|"])
        }

        @Test func filterKeepsMatchingElementsAndStaysInfallible() {
            let evens: Infallible<Int> = Infallible.of(1, 2, 3, 4).filter { $0 % 2 == 0 }
            #expect(record(evens) == ["2", "4", "|"])
        }

        @Test func mapAndFilterStopTheSourceOnDispose() {
            var send: Infallible<Int>.InfallibleObserver?
            var disposals = 0
            let source = Infallible<Int>.create { observer in
                send = observer
                return Disposables.create { disposals += 1 }
            }
            var received: [Int] = []
            let subscription = source.map { $0 * 10 }.filter { $0 > 10 }.subscribe(onNext: { received.append($0) })
            send?(.next(1))
            send?(.next(2))
            subscription.dispose()
            send?(.next(3))
            #expect(received == [20])
            #expect(disposals == 1)
        }
    }
}
