import Foundation
import Testing
import Rill

extension AllTests {
    @Suite struct ShareTests {
        /// A callback API like the article's thumbnail loader: each subscription starts
        /// a request, which the test finishes when it chooses.
        final class Loader {
            var started = 0
            var cancelled = 0
            /// The requests in flight, by number; a cancelled request leaves.
            private var pending: [Int: AnyObserver<String>] = [:]

            func thumbnail(named name: String) -> Observable<String> {
                Observable.create { observer in
                    self.started += 1
                    let request = self.started
                    self.pending[request] = observer
                    return Disposables.create {
                        self.cancelled += 1
                        self.pending[request] = nil
                    }
                }
            }

            func finishRequests(with result: String) {
                let finishing = pending.sorted { $0.key < $1.key }.map(\.value)
                for observer in finishing {
                    observer.onNext(result)
                    observer.onCompleted()
                }
            }

            func failRequests() {
                let failing = pending.sorted { $0.key < $1.key }.map(\.value)
                for observer in failing { observer.onError(DemoError.timeout) }
            }
        }

        @Test func subscribersConnectedAtTheTimeShareOneRequest() {
            let loader = Loader()
            let sharedOwl = loader.thumbnail(named: "owl").share(replay: 1)
            var first: [String] = []
            var second: [String] = []
            let a = sharedOwl.subscribe(onNext: { first.append($0) }, onCompleted: { first.append("|") })
            let b = sharedOwl.subscribe(onNext: { second.append($0) }, onCompleted: { second.append("|") })
            #expect(loader.started == 1)
            loader.finishRequests(with: "owl.png")
            #expect(first == ["owl.png", "|"])
            #expect(second == ["owl.png", "|"])
            #expect(loader.started == 1)
            a.dispose()
            b.dispose()
        }

        @Test func aSubscriberArrivingAfterTheSharedRequestFinishedStartsANewOne() {
            let loader = Loader()
            let sharedOwl = loader.thumbnail(named: "owl").share(replay: 1)
            let first = sharedOwl.subscribe()
            loader.finishRequests(with: "owl.png")
            var late: [String] = []
            let second = sharedOwl.subscribe(onNext: { late.append($0) }, onCompleted: { late.append("|") })
            #expect(loader.started == 2)
            #expect(late == [])                 // no replay from the finished connection
            loader.finishRequests(with: "owl-2.png")
            #expect(late == ["owl-2.png", "|"])
            first.dispose()
            second.dispose()
        }

        @Test func foreverKeepsTheResultForLateSubscribersWithoutANewRequest() {
            let loader = Loader()
            let sharedOwl = loader.thumbnail(named: "owl").share(replay: 1, scope: .forever)
            let first = sharedOwl.subscribe()
            loader.finishRequests(with: "owl.png")
            #expect(record(sharedOwl) == ["owl.png", "|"])
            #expect(record(sharedOwl) == ["owl.png", "|"])
            #expect(loader.started == 1)
            first.dispose()
        }

        @Test func foreverWithoutReplayGivesLateSubscribersOnlyTheEnd() {
            let loader = Loader()
            let shared = loader.thumbnail(named: "owl").share(scope: .forever)
            let first = shared.subscribe()
            loader.failRequests()
            #expect(record(shared) == ["x(timeout)"])
            #expect(loader.started == 1)
            first.dispose()
        }

        @Test func newSubscribersGetTheLastReplayElementsThenLiveOnes() {
            let source = PublishSubject<Int>()
            let shared = source.share(replay: 2)
            var first: [Int] = []
            let a = shared.subscribe(onNext: { first.append($0) })
            source.onNext(1)
            source.onNext(2)
            source.onNext(3)
            var second: [Int] = []
            let b = shared.subscribe(onNext: { second.append($0) })
            source.onNext(4)
            #expect(first == [1, 2, 3, 4])
            #expect(second == [2, 3, 4])
            a.dispose()
            b.dispose()
        }

        @Test func shareWithoutReplayGivesLateSubscribersOnlyLaterElements() {
            let source = PublishSubject<Int>()
            let shared = source.share()
            var first: [Int] = []
            let a = shared.subscribe(onNext: { first.append($0) })
            source.onNext(1)
            var second: [Int] = []
            let b = shared.subscribe(onNext: { second.append($0) })
            source.onNext(2)
            #expect(first == [1, 2])
            #expect(second == [2])
            #expect(source.hasObservers)
            a.dispose()
            b.dispose()
            #expect(!source.hasObservers)
        }

        @Test func theLastSubscriberLeavingDisconnectsAndTheNextOneStartsAfresh() {
            let loader = Loader()
            let shared = loader.thumbnail(named: "owl").share(replay: 1)
            let a = shared.subscribe()
            let b = shared.subscribe()
            a.dispose()
            #expect(loader.cancelled == 0)
            b.dispose()
            #expect(loader.cancelled == 1)
            var seen: [String] = []
            let c = shared.subscribe(onNext: { seen.append($0) })
            #expect(loader.started == 2)
            loader.finishRequests(with: "owl.png")
            #expect(seen == ["owl.png"])
            c.dispose()
        }

        @Test func foreverReconnectsAfterEveryoneLeftAndReplaysTheOldBufferFirst() {
            let source = PublishSubject<Int>()
            var subscriptions = 0
            let counted = Observable<Int>.deferred {
                subscriptions += 1
                return source.asObservable()
            }
            let shared = counted.share(replay: 1, scope: .forever)
            let a = shared.subscribe()
            source.onNext(1)
            a.dispose()
            #expect(!source.hasObservers)
            var seen: [Int] = []
            let b = shared.subscribe(onNext: { seen.append($0) })
            source.onNext(2)
            #expect(seen == [1, 2])
            #expect(subscriptions == 2)
            b.dispose()
        }

        @Test func anErrorReachesEverySubscriberAndEndsTheConnection() {
            let loader = Loader()
            let shared = loader.thumbnail(named: "owl").share(replay: 1)
            var events: [String] = []
            let a = shared.subscribe(onError: { events.append("a \($0)") })
            let b = shared.subscribe(onError: { events.append("b \($0)") })
            loader.failRequests()
            #expect(events == ["a timeout", "b timeout"])
            let c = shared.subscribe()
            #expect(loader.started == 2)
            [a, b, c].forEach { $0.dispose() }
        }

        @Test func aSynchronousSourceRunsAgainForEachLateSubscriber() {
            var runs = 0
            let source = Observable<Int>.deferred {
                runs += 1
                return Observable.of(1, 2, 3)
            }
            let shared = source.share(replay: 1)
            #expect(record(shared) == ["1", "2", "3", "|"])
            #expect(record(shared) == ["1", "2", "3", "|"])
            #expect(runs == 2)
            let kept = source.share(replay: 1, scope: .forever)
            #expect(record(kept) == ["1", "2", "3", "|"])
            #expect(record(kept) == ["3", "|"])
            #expect(runs == 3)
        }

        @Test func aSubscriberSubscribingFromInsideADeliveryDoesNotDeadlock() {
            let source = PublishSubject<Int>()
            let shared = source.share(replay: 1)
            var log: [String] = []
            var inner: (any Disposable)?
            let outer = shared.subscribe(onNext: { value in
                log.append("outer \(value)")
                if inner == nil { inner = shared.subscribe(onNext: { log.append("inner \($0)") }) }
            })
            source.onNext(1)
            source.onNext(2)
            #expect(log == ["outer 1", "inner 1", "outer 2", "inner 2"])
            outer.dispose()
            inner?.dispose()
        }

        @Test func theSourceIsDisposedOnceWhenItEnds() {
            let loader = Loader()
            let shared = loader.thumbnail(named: "owl").share()
            let a = shared.subscribe()
            loader.finishRequests(with: "owl.png")
            #expect(loader.cancelled == 1)
            a.dispose()
            #expect(loader.cancelled == 1)
        }

        @Test func subscribersComingAndGoingShareOneSourceSubscriptionAndSeeConsecutiveElements() {
            let source = PublishSubject<Int>()
            let subscriptions = SharedLog<Int>()
            let shared = Observable<Int>.deferred {
                subscriptions.append(1)
                return source.asObservable()
            }.share(replay: 1)
            expectConsecutiveElementsWhileSubscribersComeAndGo(source, shared: shared)
            #expect(subscriptions.count == 1)
            #expect(!source.hasObservers)
        }

        @Test func concurrentSubscribersAndDisposersLeaveNoConnectionBehind() {
            let source = PublishSubject<Int>()
            let shared = source.share(replay: 1)
            let finished = runOnThreads(4) { thread in
                for value in 0..<300 {
                    let subscription = shared.subscribe()
                    if thread == 0 { source.onNext(value) }
                    subscription.dispose()
                }
            }
            #expect(finished, "deadlock")
            #expect(!source.hasObservers)
        }
    }
}
