import Foundation
import Testing
import Rill

extension AllTests {
    @Suite struct InfallibleBindTests {
        @Test func bindingToObserversSendsEachEveryEventInOrder() {
            var events: [String] = []
            let first = AnyObserver<Int> { events.append("first \($0)") }
            let second = AnyObserver<Int> { events.append("second \($0)") }
            _ = Infallible.just(1).bind(to: first, second)
            #expect(events == ["first next(1)", "second next(1)", "first completed", "second completed"])
        }

        @Test func bindingToAnOptionalObserverWrapsEachElement() {
            var received: [Int?] = []
            let observer = AnyObserver<Int?> { if case .next(let value) = $0 { received.append(value) } }
            _ = Infallible.of(1, 2).bind(to: observer)
            #expect(received == [1, 2])
        }

        @Test func bindingToRelaysSendsEveryElementAndLeavesThemRunning() {
            let publish = PublishRelay<Int>()
            let behavior = BehaviorRelay(value: 0)
            let optionalBehavior = BehaviorRelay<Int?>(value: nil)
            let replay = ReplayRelay<Int>.create(bufferSize: 2)
            var published: [Int] = []
            _ = publish.subscribe(onNext: { published.append($0) })
            _ = Infallible.of(1, 2).bind(to: publish)
            _ = Infallible.of(3).bind(to: behavior)
            _ = Infallible.of(4).bind(to: optionalBehavior)
            _ = Infallible.of(5, 6).bind(to: replay)
            var replayed: [Int] = []
            _ = replay.subscribe(onNext: { replayed.append($0) })
            #expect(published == [1, 2])
            #expect(behavior.value == 3)
            #expect(optionalBehavior.value == 4)
            #expect(replayed == [5, 6])
            publish.accept(9)
            #expect(published == [1, 2, 9])
        }

        @Test func bindingToAFunctionReturnsWhatItReturns() {
            let count = Infallible.of(1, 2, 3).bind { (source: Infallible<Int>) -> Int in
                var seen = 0
                _ = source.subscribe(onNext: { _ in seen += 1 })
                return seen
            }
            #expect(count == 3)
            let sum = Infallible.just(1).bind(to: { (source: Infallible<Int>) in { (offset: Int) -> Int in
                var last = 0
                _ = source.subscribe(onNext: { last = $0 + offset })
                return last
            } }, curriedArgument: 3)
            #expect(sum == 4)
        }

        @Test func bindOnNextReceivesEveryElement() {
            var values: [Int] = []
            _ = Infallible.of(1, 2).bind(onNext: { values.append($0) })
            #expect(values == [1, 2])
        }
    }
}
