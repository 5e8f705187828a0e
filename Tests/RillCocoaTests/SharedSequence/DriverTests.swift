import Foundation
import Testing
import Rill
import RillCocoa
import RillTest

extension AllTests {
    @MainActor @Suite struct DriverTests {
        @Test func anErrorBecomesTheFallbackElementFollowedByCompletion() {
            withTestScheduler { scheduler in
                let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .error(230, TestFailure.boom)])
                let observer = scheduler.start { xs.asDriver(onErrorJustReturn: -1).asObservable() }
                // Each hop onto the TestScheduler takes one tick, as with RxTest.
                #expect(observer.events == [.next(211, 1), .next(221, 2), .next(231, -1), .completed(231)])
                #expect(xs.subscriptions == [Subscription(200, 230)])   // ends at its own error, as in RxSwift
            }
        }

        @Test func onErrorDriveWithGoesOnWithTheFallbackDriver() {
            withTestScheduler { scheduler in
                let xs = scheduler.createHotObservable([.next(210, 1), .error(230, TestFailure.boom)])
                let observer = scheduler.start { xs.asDriver(onErrorDriveWith: .of(7, 8)).asObservable() }
                #expect(observer.events == [.next(211, 1), .next(232, 7), .next(233, 8), .completed(234)])
            }
        }

        @Test func onErrorRecoverReceivesTheErrorAndGoesOnWithItsDriver() {
            withTestScheduler { scheduler in
                var recovered: [TestFailure] = []
                let xs = scheduler.createHotObservable([.next(210, 1), .error(230, TestFailure.boom)])
                let observer = scheduler.start {
                    xs.asDriver(onErrorRecover: { error in
                        recovered.append(error as! TestFailure)
                        return .just(0)
                    }).asObservable()
                }
                #expect(recovered == [.boom])
                #expect(observer.events == [.next(211, 1), .next(232, 0), .completed(232)])
            }
        }

        @Test func subscribersShareOneSubscriptionToTheSource() {
            withTestScheduler { scheduler in
                let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(300)])
                let driver = xs.asDriver(onErrorJustReturn: -1)
                let first = scheduler.createObserver(Int.self)
                let second = scheduler.createObserver(Int.self)
                scheduler.scheduleAt(200) { _ = driver.drive(first) }
                scheduler.scheduleAt(205) { _ = driver.drive(second) }
                scheduler.start()
                #expect(xs.subscriptions == [Subscription(200, 300)])   // ends at its own completion, as in RxSwift
                #expect(first.events == [.next(211, 1), .next(221, 2), .completed(301)])
                #expect(second.events == [.next(211, 1), .next(221, 2), .completed(301)])
            }
        }

        @Test func aLateSubscriberGetsTheLatestElementReplayedAtOnce() {
            withTestScheduler { scheduler in
                let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .next(240, 3)])
                let driver = xs.asDriver(onErrorJustReturn: -1)
                let early = scheduler.createObserver(Int.self)
                let late = scheduler.createObserver(Int.self)
                var subscriptions: [any Disposable] = []
                scheduler.scheduleAt(200) { subscriptions.append(driver.drive(early)) }
                scheduler.scheduleAt(230) { subscriptions.append(driver.drive(late)) }
                scheduler.scheduleAt(300) { subscriptions.forEach { $0.dispose() } }
                scheduler.start()
                #expect(early.events == [.next(211, 1), .next(221, 2), .next(241, 3)])
                #expect(late.events == [.next(230, 2), .next(241, 3)])
                #expect(xs.subscriptions == [Subscription(200, 300)])
            }
        }

        @Test func theLastSubscriberLeavingDisposesTheSourceAndTheNextOneStartsItAgain() {
            withTestScheduler { scheduler in
                let xs = scheduler.createHotObservable([.next(210, 1), .next(260, 2)])
                let driver = xs.asDriver(onErrorJustReturn: -1)
                let observer = scheduler.createObserver(Int.self)
                var subscription: (any Disposable)?
                scheduler.scheduleAt(200) { subscription = driver.drive(observer) }
                scheduler.scheduleAt(230) { subscription?.dispose() }
                scheduler.scheduleAt(250) { subscription = driver.drive(observer) }
                scheduler.scheduleAt(300) { subscription?.dispose() }
                scheduler.start()
                #expect(xs.subscriptions == [Subscription(200, 230), Subscription(250, 300)])
                #expect(observer.events == [.next(211, 1), .next(261, 2)])
            }
        }

        @Test func eventsFromABackgroundSourceArriveOnTheMainQueue() async {
            let background = Observable<Int>.create { observer in
                DispatchQueue.global().async {
                    observer.onNext(1)
                    observer.onNext(2)
                    observer.onCompleted()
                }
                return Disposables.create()
            }
            let mainQueue = DispatchSpecificKey<Int>()
            DispatchQueue.main.setSpecific(key: mainQueue, value: 1)
            let threads = await withCheckedContinuation { (continuation: CheckedContinuation<[Bool], Never>) in
                var onMain: [Bool] = []
                _ = background.asDriver(onErrorJustReturn: 0).drive(
                    onNext: { _ in onMain.append(DispatchQueue.getSpecific(key: mainQueue) != nil) },
                    onCompleted: { continuation.resume(returning: onMain) }
                )
            }
            #expect(threads == [true, true])
        }

        @Test func aBehaviorRelayDrivesItsCurrentValueAndEveryLaterOne() {
            let relay = BehaviorRelay(value: "a")
            var values: [String] = []
            let subscription = relay.asDriver().drive(onNext: { values.append($0) })
            relay.accept("b")
            #expect(values == ["a", "b"])
            subscription.dispose()
        }

        @Test func anInfallibleBecomesADriver() {
            var values: [String] = []
            _ = Infallible.of(1, 2).asDriver().drive(onNext: { values.append("\($0)") }, onCompleted: { values.append("|") })
            #expect(values == ["1", "2", "|"])
        }

        @Test func drivingSeveralObserversSendsEachEveryEventInOrder() {
            var events: [String] = []
            let first = AnyObserver<Int> { events.append("first \($0)") }
            let second = AnyObserver<Int> { events.append("second \($0)") }
            _ = Driver.just(1).drive(first, second)
            #expect(events == ["first next(1)", "second next(1)", "first completed", "second completed"])
        }

        @Test func drivingAnOptionalObserverWrapsEachElement() {
            var received: [Int?] = []
            let observer = AnyObserver<Int?> { if case .next(let value) = $0 { received.append(value) } }
            withTestScheduler { scheduler in
                _ = Driver.of(1, 2).drive(observer)
                scheduler.start()
            }
            #expect(received == [1, 2])
        }

        @Test func drivingRelaysSetsTheirValueAndLeavesThemRunningAfterCompletion() {
            let behavior = BehaviorRelay(value: 0)
            let optional = BehaviorRelay<Int?>(value: nil)
            let replay = ReplayRelay<Int>.create(bufferSize: 2)
            let optionalReplay = ReplayRelay<Int?>.create(bufferSize: 2)
            withTestScheduler { scheduler in
                _ = Driver.of(1, 2).drive(behavior)
                _ = Driver.of(3).drive(optional)
                _ = Driver.of(4, 5).drive(replay)
                _ = Driver.of(6).drive(optionalReplay)
                scheduler.start()
            }
            #expect(behavior.value == 2)
            #expect(optional.value == 3)
            var replayed: [String] = []
            _ = replay.subscribe(onNext: { replayed.append("\($0)") })
            _ = optionalReplay.subscribe(onNext: { replayed.append("\(String(describing: $0))") })
            #expect(replayed == ["4", "5", "Optional(6)"])
            behavior.accept(9)
            #expect(behavior.value == 9)
        }

        @Test func driveWithObjectPassesTheObjectAndStopsOnceItIsGone() {
            final class Owner { var seen: [Int] = [] }
            withTestScheduler { scheduler in
                let xs = scheduler.createHotObservable([.next(210, 1), .next(230, 2)])
                var owner: Owner? = Owner()
                weak let weakOwner = owner
                var disposedWith: [Bool] = []
                let driver = xs.asDriver(onErrorJustReturn: -1)
                let subscription = driver.drive(
                    with: owner!, onNext: { owner, value in owner.seen.append(value) },
                    onDisposed: { _ in disposedWith.append(true) }
                )
                scheduler.scheduleAt(220) {
                    #expect(owner?.seen == [1])
                    owner = nil
                }
                scheduler.start()
                #expect(weakOwner == nil)
                subscription.dispose()
                #expect(disposedWith == [])
            }
        }

        @Test func driveWithClosuresReportsCompletionThenDisposal() {
            var events: [String] = []
            _ = Driver.just(1).drive(
                onNext: { events.append("\($0)") },
                onCompleted: { events.append("|") },
                onDisposed: { events.append("disposed") }
            )
            #expect(events == ["1", "|", "disposed"])
        }

        @Test func driveWithATransformationReturnsWhatItReturns() {
            let scheduler = TestScheduler(initialClock: 0)
            var seen = 0
            SharingScheduler.mock(scheduler: scheduler) {
                let subscription = Driver.of(1, 2, 3).drive { observable -> any Disposable in
                    observable.subscribe(onNext: { _ in seen += 1 })
                }
                scheduler.start()
                subscription.dispose()
            }
            #expect(seen == 3)
            let curried = Driver.just(5).drive({ observable in { offset in
                var last = 0
                _ = observable.subscribe(onNext: { last = $0 + offset })
                return last
            } }, curriedArgument: 10)
            #expect(curried == 15)
        }

        @Test func drivingOffTheMainThreadStopsTheProgramNamingTheFix() async {
            let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
                let done = DispatchSemaphore(value: 0)
                DispatchQueue.global().async {
                    _ = Driver.just(1).drive()
                    done.signal()
                }
                _ = done.wait(timeout: .now() + 5)
            }
            let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
            #expect(message.contains("drive(...) was called off the main thread"))
        }
    }
}
