import Foundation
import Testing
import Rill

extension AllTests {
    /// The factories of article 000, "Creating Observables".
    @Suite struct FactoryTests {
        @Test func justEmitsOneElementThenCompletes() {
            #expect(record(Observable.just("hello")) == ["hello", "|"])
        }

        @Test func justEvaluatesItsArgumentOnceWhenCalled() {
            var reads = 0
            func readClock() -> Int {
                reads += 1
                return reads
            }
            let eager = Observable.just(readClock())
            #expect(reads == 1)
            #expect(record(eager) == ["1", "|"])
            #expect(record(eager) == ["1", "|"])
            #expect(reads == 1)
        }

        @Test func deferredRunsItsFactoryPerSubscription() {
            var reads = 0
            let fresh = Observable.deferred { () -> Observable<Int> in
                reads += 1
                return .just(reads)
            }
            #expect(reads == 0)
            #expect(record(fresh) == ["1", "|"])
            #expect(record(fresh) == ["2", "|"])
        }

        @Test func deferredFactoryErrorBecomesErrorEvent() {
            let failing = Observable<Int>.deferred { throw DemoError.boom }
            #expect(record(failing) == ["x(boom)"])
        }

        @Test func ofEmitsItsArgumentsInOrder() {
            #expect(record(Observable.of(1, 2, 3)) == ["1", "2", "3", "|"])
        }

        @Test func ofAnArrayEmitsOneArray() {
            #expect(record(Observable.of([1, 2, 3])) == ["[1, 2, 3]", "|"])
            #expect(record(Observable.from([1, 2, 3])) == ["1", "2", "3", "|"])
        }

        @Test func fromStopsPullingWhenDisposedInsideOnNext() {
            var generatorCalls = 0
            let naturals = sequence(first: 1) { previous -> Int? in
                generatorCalls += 1
                return previous + 1
            }
            var received: [Int] = []
            var subscription: Disposable?
            // Inside a running trampoline, subscribe returns before the first
            // element is emitted, so the subscription can stop itself.
            _ = CurrentThreadScheduler.instance.schedule(()) { _ in
                subscription = Observable.from(naturals).subscribe(onNext: { value in
                    received.append(value)
                    if value == 3 { subscription?.dispose() }
                })
                #expect(received.isEmpty)
                return Disposables.create()
            }
            #expect(received == [1, 2, 3])
            #expect(generatorCalls == 2)
        }

        @Test func fromOptional() {
            let none: String? = nil
            #expect(record(Observable.from(optional: none)) == ["|"])
            #expect(record(Observable.from(optional: "swift")) == ["swift", "|"])
        }

        @Test func rangeGenerateRepeat() {
            #expect(record(Observable.range(start: 5, count: 3)) == ["5", "6", "7", "|"])
            let powers = Observable.generate(initialState: 1, condition: { $0 < 100 }, iterate: { $0 * 3 })
            #expect(record(powers) == ["1", "3", "9", "27", "81", "|"])
            var pings: [String] = []
            var subscription: Disposable?
            _ = CurrentThreadScheduler.instance.schedule(()) { _ in
                subscription = Observable.repeatElement("ping").subscribe(onNext: { value in
                    pings.append(value)
                    if pings.count == 2 { subscription?.dispose() }
                })
                return Disposables.create()
            }
            #expect(pings == ["ping", "ping"])
        }

        @Test func rangeRejectsBadArguments() {
            #expect(record(Observable.range(start: 0, count: -1)) == ["x(Argument out of range.)"])
            #expect(record(Observable<Int8>.range(start: 120, count: 10)) == ["x(Arithmetic overflow occurred.)"])
            #expect(record(Observable<Int8>.range(start: 120, count: 8)).count == 9)
            #expect(record(Observable.range(start: 3, count: 0)) == ["|"])
        }

        @Test func generateErrorsBecomeErrorEvents() {
            let failingCondition = Observable.generate(
                initialState: 0, condition: { value in
                    if value == 2 { throw DemoError.boom }
                    return true
                }, iterate: { $0 + 1 })
            #expect(record(failingCondition) == ["0", "1", "x(boom)"])
            let failingIterate = Observable.generate(
                initialState: 0, condition: { _ in true }, iterate: { value -> Int in
                    if value == 1 { throw DemoError.timeout }
                    return value + 1
                })
            #expect(record(failingIterate) == ["0", "1", "x(timeout)"])
        }

        @Test func emptyNeverError() {
            #expect(record(Observable<Int>.empty()) == ["|"])
            #expect(record(Observable<Int>.never()) == [])
            #expect(record(Observable<Int>.error(DemoError.boom)) == ["x(boom)"])
        }

        @Test func searchExampleFromTheArticle() {
            func searchResults(for query: String) -> Observable<[String]> {
                let trimmed = query.trimmingCharacters(in: .whitespaces)
                if trimmed.isEmpty { return .just([]) }
                if trimmed.count > 100 { return .error(DemoError.boom) }
                return .just(["\(trimmed) 1", "\(trimmed) 2"])
            }
            #expect(record(searchResults(for: "   ")) == ["[]", "|"])
            #expect(record(searchResults(for: "rx")) == [#"["rx 1", "rx 2"]"#, "|"])
            #expect(record(searchResults(for: String(repeating: "a", count: 101))) == ["x(boom)"])
        }

        @Test func synchronousSourcesInterleaveOnTheTrampolineAsRxSwiftDoes() {
            // Two synchronous sources subscribed inside one trampoline activation
            // take turns, one element each, as if each element were scheduled alone.
            var order: [Int] = []
            _ = CurrentThreadScheduler.instance.schedule(()) { _ in
                _ = Observable.of(1, 2, 3).subscribe(onNext: { order.append($0) })
                _ = Observable.of(10, 20, 30).subscribe(onNext: { order.append($0) })
                return Disposables.create()
            }
            #expect(order == [1, 10, 2, 20, 3, 30])
        }
    }
}
