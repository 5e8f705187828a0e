import Testing
import Rill

extension AllTests {
    @Suite struct BindTests {
        @Test func bindToOneObserverForwardsEveryEvent() {
            let target = PublishSubject<Int>()
            var events: [String] = []
            let watch = target.subscribe { events.append($0.debugDescription) }
            let binding = Observable.of(1, 2).bind(to: target)
            #expect(events == ["next(1)", "next(2)", "completed"])
            binding.dispose()
            watch.dispose()
        }

        @Test func bindToSeveralObserversForwardsEachEventToEachInOrder() {
            let first = PublishSubject<Int>()
            let second = PublishSubject<Int>()
            var log: [String] = []
            let watches = [
                first.subscribe { log.append("first \($0.debugDescription)") },
                second.subscribe { log.append("second \($0.debugDescription)") },
            ]
            let binding = Observable<Int>.create { observer in
                observer.onNext(1)
                observer.onError(DemoError.boom)
                return Disposables.create()
            }.bind(to: first, second)
            #expect(log == ["first next(1)", "second next(1)", "first error(boom)", "second error(boom)"])
            (watches + [binding]).forEach { $0.dispose() }
        }

        @Test func bindToObserversOfOptionalsWrapsEachElement() throws {
            let target = BehaviorSubject<Int?>(value: nil)
            let other = BehaviorSubject<Int?>(value: nil)
            var seen: [Int?] = []
            let watch = other.subscribe(onNext: { seen.append($0) })
            let binding = Observable.of(5).bind(to: target, other)
            #expect(try target.value() == 5)
            #expect(seen == [nil, 5])
            binding.dispose()
            watch.dispose()
        }

        @Test func bindToAnyObserver() {
            var events: [String] = []
            let binding = Observable.of("a").bind(to: AnyObserver<String> { events.append($0.debugDescription) })
            #expect(events == ["next(a)", "completed"])
            binding.dispose()
        }

        @Test func bindToABinderFunctionReturnsWhatItReturns() {
            let source = Observable.of(1, 2, 3)
            let count = source.bind(to: { observable in record(observable).count })
            #expect(count == 4)
            let curried = source.bind(to: { observable in { (limit: Int) in record(observable).prefix(limit) } }, curriedArgument: 2)
            #expect(Array(curried) == ["1", "2"])
        }

        @Test func bindOnNextReceivesElements() {
            var seen: [Int] = []
            let binding = Observable.of(1, 2).bind(onNext: { seen.append($0) })
            #expect(seen == [1, 2])
            binding.dispose()
        }

        final class Screen {
            var titles: [String] = []
        }

        @Test func bindWithObjectPassesItWhileItLives() {
            let source = PublishSubject<String>()
            var screen: Screen? = Screen()
            weak let weakScreen = screen
            let binding = source.bind(with: screen!, onNext: { screen, title in screen.titles.append(title) })
            source.onNext("a")
            #expect(screen?.titles == ["a"])
            screen = nil
            source.onNext("b")            // the screen is gone: not called, no crash
            #expect(weakScreen == nil)
            binding.dispose()
        }

        #if DEBUG && (os(macOS) || os(Linux) || os(Windows))  // where exit tests run
        @Test func bindOnNextStopsTheProgramOnAnErrorInDebugBuilds() async {
            await #expect(processExitsWith: .failure) {
                _ = Observable<Int>.error(DemoError.boom).bind(onNext: { _ in })
            }
        }
        #endif
    }
}
