import Foundation
import Testing
import Rill
import RillCocoa
import RillTest

extension AllTests {
    @MainActor @Suite struct ControlPropertyTests {
        @Test func valuesAreSubscribedOnTheMainQueueEvenFromABackgroundThread() async {
            let mainQueue = DispatchSpecificKey<Int>()
            DispatchQueue.main.setSpecific(key: mainQueue, value: 1)
            let subscribedOnMain = await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in
                let property = ControlProperty(
                    values: Observable<Int>.deferred {
                        continuation.resume(returning: DispatchQueue.getSpecific(key: mainQueue) != nil)
                        return .never()
                    },
                    valueSink: AnyObserver<Int> { _ in }
                )
                DispatchQueue.global().async {
                    let subscription = property.subscribe(onNext: { _ in })
                    DispatchQueue.main.async { subscription.dispose() }
                }
            }
            #expect(subscribedOnMain)
        }

        @Test func changedSkipsTheCurrentValue() {
            let subject = BehaviorSubject(value: 0)
            let property = ControlProperty(values: subject, valueSink: AnyObserver<Int> { _ in })
            var changes: [Int] = []
            let subscription = property.changed.subscribe(onNext: { changes.append($0) })
            subject.onNext(1)
            subject.onNext(2)
            subscription.dispose()
            subject.onNext(3)
            #expect(changes == [1, 2])
        }

        @Test func bindingToAPropertyReachesItsValueSinkAndCompletionToo() {
            var sunk: [String] = []
            let property = ControlProperty(values: Observable<Int>.never(), valueSink: AnyObserver<Int> { sunk.append("\($0)") })
            _ = Observable.of(1, 2).bind(to: property)
            #expect(sunk == ["next(1)", "next(2)", "completed"])
        }

        @Test func orEmptyReadsNilAsTheEmptyStringAndSetsTheOptionalProperty() {
            var sunk: [String?] = []
            let property = ControlProperty<String?>(
                values: Observable.of(nil, "a"),
                valueSink: AnyObserver { if case .next(let value) = $0 { sunk.append(value) } }
            )
            var read: [String] = []
            _ = property.orEmpty.subscribe(onNext: { read.append($0) })
            property.orEmpty.onNext("typed")
            #expect(read == ["", "a"])
            #expect(sunk == ["typed"])
        }

        @Test func aPropertyBecomesADriverReplayingItsLatestValue() {
            let relay = BehaviorRelay(value: "x")
            let property = ControlProperty(values: relay.asObservable(), valueSink: AnyObserver<String> { _ in })
            let driver = property.asDriver()
            var first: [String] = []
            var second: [String] = []
            let a = driver.drive(onNext: { first.append($0) })
            relay.accept("y")
            let b = driver.drive(onNext: { second.append($0) })
            #expect(first == ["x", "y"])
            #expect(second == ["y"])
            a.dispose()
            b.dispose()
        }

        @Test func bindingAnErrorToAPropertyStopsTheProgram() async {
            let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
                let property = ControlProperty(values: Observable<Int>.never(), valueSink: AnyObserver<Int> { _ in })
                property.onError(TestFailure.boom)
            }
            let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
            #expect(message.contains("Binding error"))
        }
    }

    @MainActor @Suite struct ControlEventTests {
        @Test func eventsAreSubscribedOnTheMainQueueEvenFromABackgroundThread() async {
            let mainQueue = DispatchSpecificKey<Int>()
            DispatchQueue.main.setSpecific(key: mainQueue, value: 1)
            let subscribedOnMain = await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in
                let event = ControlEvent(events: Observable<Int>.deferred {
                    continuation.resume(returning: DispatchQueue.getSpecific(key: mainQueue) != nil)
                    return .never()
                })
                DispatchQueue.global().async {
                    let subscription = event.subscribe(onNext: { _ in })
                    DispatchQueue.main.async { subscription.dispose() }
                }
            }
            #expect(subscribedOnMain)
        }

        @Test func aControlEventBecomesADriverAndAnInfallible() {
            let taps = PublishSubject<Int>()
            let event = ControlEvent(events: taps)
            var driven: [Int] = []
            var infallible: [Int] = []
            let a = event.asDriver().drive(onNext: { driven.append($0) })
            let b = event.asInfallible().subscribe(onNext: { infallible.append($0) })
            taps.onNext(1)
            #expect(driven == [1])
            #expect(infallible == [1])
            #expect(event.asControlEvent().asObservable() === event.asObservable())
            a.dispose()
            b.dispose()
        }
    }
}
