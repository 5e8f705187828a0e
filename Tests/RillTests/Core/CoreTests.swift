import Foundation
import Testing
import Rill

extension AllTests {
    @Suite struct CoreTests {
        @Test func eventAccessors() {
            let next = Event<Int>.next(1)
            let failure = Event<Int>.error(DemoError.boom)
            let done = Event<Int>.completed
            #expect(next.element == 1 && !next.isStopEvent && next.error == nil && !next.isCompleted)
            #expect(failure.isStopEvent && failure.element == nil && (failure.error as? DemoError) == .boom)
            #expect(done.isStopEvent && done.isCompleted)
            #expect(next.map { $0 * 2 }.element == 2)
            #expect((next.map { _ -> Int in throw DemoError.timeout }.error as? DemoError) == .timeout)
            #expect(next.debugDescription == "next(1)")
            #expect(done.debugDescription == "completed")
        }

        @Test func rxErrorMessagesMatchRxSwift() {
            #expect("\(RxError.noElements)" == "Sequence doesn't contain any elements.")
            #expect("\(RxError.moreThanOneElement)" == "Sequence contains more than one element.")
            #expect("\(RxError.timeout)" == "Sequence timeout.")
            #expect("\(RxError.overflow)" == "Arithmetic overflow occurred.")
            #expect("\(RxError.argumentOutOfRange)" == "Argument out of range.")
            #expect("\(RxError.unknown)" == "Unknown error occurred.")
            final class Thing {}
            #expect(RxError.disposed(object: Thing()).debugDescription.hasPrefix("Object `RillTests.AllTests.CoreTests"))
        }

        @Test func subscribeWithObserverAndEventClosure() {
            var events: [String] = []
            let observer = AnyObserver<Int> { events.append($0.debugDescription) }
            _ = Observable.of(1, 2).subscribe(observer)
            #expect(events == ["next(1)", "next(2)", "completed"])
            events = []
            _ = Observable<Int>.error(DemoError.boom).subscribe { events.append($0.debugDescription) }
            #expect(events == ["error(boom)"])
        }

        @Test func subscribeWithObjectHoldsItWeakly() {
            final class Owner { var seen: [Int] = [] }
            var owner: Owner? = Owner()
            let box = ObserverBox<Int>()
            let subscription = Observable<Int>.create { box.observer = $0; return Disposables.create() }
                .subscribe(with: owner!, onNext: { owner, value in owner.seen.append(value) })
            box.observer?.onNext(1)
            #expect(owner?.seen == [1])
            weak let weakOwner = owner
            owner = nil
            #expect(weakOwner == nil)
            box.observer?.onNext(2)
            subscription.dispose()
        }

        @Test func mapObserverTransformsBeforeSending() {
            var events: [String] = []
            let strings = AnyObserver<String> { events.append($0.debugDescription) }
            let ints: AnyObserver<Int> = strings.mapObserver { "#\($0)" }
            ints.onNext(3)
            ints.onCompleted()
            #expect(events == ["next(#3)", "completed"])
        }

        @Test func customObservableTypeWorksWithOperators() {
            struct Countdown: ObservableType {
                typealias Element = Int
                func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable where Observer.Element == Int {
                    for value in [3, 2, 1] { observer.on(.next(value)) }
                    observer.on(.completed)
                    return Disposables.create()
                }
            }
            #expect(record(Countdown().map { $0 * 10 }) == ["30", "20", "10", "|"])
        }

        @Test func mapAndFilterErrorsFromClosuresEndTheSequence() {
            let mapped = Observable.of(1, 2, 3).map { value -> Int in
                if value == 2 { throw DemoError.boom }
                return value
            }
            #expect(record(mapped) == ["1", "x(boom)"])
            let filtered = Observable.of(1, 2, 3).filter { value in
                if value == 3 { throw DemoError.timeout }
                return value != 2
            }
            #expect(record(filtered) == ["1", "x(timeout)"])
        }
    }
}
