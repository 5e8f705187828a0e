import Foundation
import Testing
import Rill
import RillCocoa
import RillTest

extension AllTests {
    @MainActor @Suite struct SignalTests {
        @Test func aLateSubscriberGetsNothingReplayedOnlyLaterElements() {
            withTestScheduler { scheduler in
                let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .next(240, 3)])
                let signal = xs.asSignal(onErrorJustReturn: -1)
                let early = scheduler.createObserver(Int.self)
                let late = scheduler.createObserver(Int.self)
                var subscriptions: [any Disposable] = []
                scheduler.scheduleAt(200) { subscriptions.append(signal.emit(to: early)) }
                scheduler.scheduleAt(230) { subscriptions.append(signal.emit(to: late)) }
                scheduler.scheduleAt(300) { subscriptions.forEach { $0.dispose() } }
                scheduler.start()
                #expect(early.events == [.next(211, 1), .next(221, 2), .next(241, 3)])
                #expect(late.events == [.next(241, 3)])
                #expect(xs.subscriptions == [Subscription(200, 300)])
            }
        }

        @Test func anErrorBecomesTheFallbackElementFollowedByCompletion() {
            withTestScheduler { scheduler in
                let xs = scheduler.createHotObservable([.next(210, 1), .error(230, TestFailure.boom)])
                let observer = scheduler.start { xs.asSignal(onErrorJustReturn: -1).asObservable() }
                #expect(observer.events == [.next(211, 1), .next(231, -1), .completed(231)])
            }
        }

        @Test func onErrorSignalWithAndOnErrorRecoverGoOnWithTheirSignal() {
            withTestScheduler { scheduler in
                let xs = scheduler.createHotObservable([.next(210, 1), .error(230, TestFailure.boom)])
                let with = scheduler.createObserver(Int.self)
                let recovered = scheduler.createObserver(Int.self)
                scheduler.scheduleAt(200) {
                    _ = xs.asSignal(onErrorSignalWith: .just(7)).emit(to: with)
                    _ = xs.asSignal(onErrorRecover: { _ in .of(8, 9) }).emit(to: recovered)
                }
                scheduler.start()
                #expect(with.events == [.next(211, 1), .next(232, 7), .completed(232)])
                #expect(recovered.events == [.next(211, 1), .next(232, 8), .next(233, 9), .completed(234)])
            }
        }

        @Test func aPublishRelayEmitsOnlyWhatItAcceptsAfterSubscription() {
            let relay = PublishRelay<String>()
            relay.accept("before")
            var values: [String] = []
            let subscription = relay.asSignal().emit(onNext: { values.append($0) })
            relay.accept("after")
            #expect(values == ["after"])
            subscription.dispose()
        }

        @Test func emittingToRelaysSendsEachElementToEveryRelay() {
            let publish = PublishRelay<Int>()
            let optionalPublish = PublishRelay<Int?>()
            let behavior = BehaviorRelay(value: 0)
            let optionalBehavior = BehaviorRelay<Int?>(value: nil)
            let replay = ReplayRelay<Int>.create(bufferSize: 1)
            let optionalReplay = ReplayRelay<Int?>.create(bufferSize: 1)
            var published: [String] = []
            _ = publish.subscribe(onNext: { published.append("\($0)") })
            _ = optionalPublish.subscribe(onNext: { published.append("\(String(describing: $0))") })
            _ = Signal.just(1).emit(to: publish)
            _ = Signal.just(2).emit(to: optionalPublish)
            _ = Signal.just(3).emit(to: behavior)
            _ = Signal.just(4).emit(to: optionalBehavior)
            _ = Signal.just(5).emit(to: replay)
            _ = Signal.just(6).emit(to: optionalReplay)
            #expect(published == ["1", "Optional(2)"])
            #expect(behavior.value == 3)
            #expect(optionalBehavior.value == 4)
            var replayed: [String] = []
            _ = replay.subscribe(onNext: { replayed.append("\($0)") })
            _ = optionalReplay.subscribe(onNext: { replayed.append("\(String(describing: $0))") })
            #expect(replayed == ["5", "Optional(6)"])
        }

        @Test func emittingToSeveralObserversSendsEachEveryEventInOrder() {
            var events: [String] = []
            let first = AnyObserver<Int> { events.append("first \($0)") }
            let second = AnyObserver<Int?> { events.append("second \($0.map { String(describing: $0) })") }
            _ = Signal.just(1).emit(to: first, first)
            _ = Signal.just(2).emit(to: second)
            #expect(events == [
                "first next(1)", "first next(1)", "first completed", "first completed",
                "second next(Optional(2))", "second completed",
            ])
        }

        @Test func emitWithObjectPassesTheObject() {
            final class Owner { var seen: [Int] = [] }
            let owner = Owner()
            var completedWith: [Int] = []
            withTestScheduler { scheduler in
                _ = Signal.of(1, 2).emit(
                    with: owner, onNext: { owner, value in owner.seen.append(value) },
                    onCompleted: { completedWith.append($0.seen.count) }
                )
                scheduler.start()
            }
            #expect(owner.seen == [1, 2])
            #expect(completedWith == [2])
        }

        @Test func emitMayBeCalledOffTheMainThread() async {
            let received = await withCheckedContinuation { (continuation: CheckedContinuation<Int, Never>) in
                DispatchQueue.global().async {
                    _ = Signal<Int>.just(4).emit(onNext: { continuation.resume(returning: $0) }, isolation: nil)
                }
            }
            #expect(received == 4)
        }

        @Test func aControlEventBecomesASignal() {
            let taps = PublishSubject<Void>()
            var count = 0
            let subscription = ControlEvent(events: taps).asSignal().emit(onNext: { count += 1 })
            taps.onNext(())
            taps.onNext(())
            #expect(count == 2)
            subscription.dispose()
        }
    }
}
