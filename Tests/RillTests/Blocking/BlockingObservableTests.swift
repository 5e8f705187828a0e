import Foundation
import Testing
import Rill
import RillBlocking

extension AllTests {
    @Suite struct ToArrayTests {
        @Test func returnsEveryElementOfACompletedSequence() throws {
            #expect(try Observable.of(1, 2, 3).toBlocking().toArray() == [1, 2, 3])
        }

        @Test func returnsNothingForAnEmptySequence() throws {
            #expect(try Observable<Int>.empty().toBlocking().toArray() == [])
        }

        @Test func rethrowsTheSequenceErrorEvenAfterElements() {
            let failing = Observable<Int>.create { observer in
                observer.onNext(1)
                observer.onError(DemoError.boom)
                return Disposables.create()
            }
            #expect(throws: DemoError.boom) { try failing.toBlocking().toArray() }
        }

        @Test func waitsForElementsDeliveredOnAnotherThread() throws {
            let disposals = LockedCounter()
            let source = emittingOnAnotherThread(Array(1...100), disposals: disposals)
            #expect(try source.toBlocking().toArray() == Array(1...100))
            #expect(disposals.value == 1)
        }
    }

    @Suite struct FirstTests {
        @Test func returnsTheFirstElementOfASynchronousSequence() throws {
            #expect(try Observable.of(1, 2, 3).toBlocking().first() == 1)
        }

        @Test func disposesBeforeReturningWithoutWaitingForTheEnd() throws {
            let disposals = LockedCounter()
            let endless = countingOnAnotherThreadUntilDisposed(disposals: disposals)
            #expect(try endless.toBlocking().first() == 1)
            #expect(disposals.value == 1)
        }

        @Test func stopsAnInfiniteSequenceAfterItsFirstElement() throws {
            let pulls = LockedCounter()
            let source = Observable.from(naturals(countingPullsIn: pulls))
            #expect(try source.toBlocking(timeout: 10).first() == 1)
            #expect(pulls.value == 0)
        }

        @Test func returnsNilForAnEmptySequence() throws {
            #expect(try Observable<Int>.empty().toBlocking().first() == nil)
        }

        @Test func rethrowsAnErrorThatComesBeforeAnyElement() {
            #expect(throws: DemoError.boom) { try Observable<Int>.error(DemoError.boom).toBlocking().first() }
        }

        @Test func waitsForAnElementFromAnotherThread() throws {
            #expect(try emittingOnAnotherThread(["a", "b"]).toBlocking().first() == "a")
        }
    }

    @Suite struct LastTests {
        @Test func returnsTheLastElement() throws {
            #expect(try Observable.of(1, 2, 3).toBlocking().last() == 3)
        }

        @Test func returnsNilForAnEmptySequence() throws {
            #expect(try Observable<Int>.empty().toBlocking().last() == nil)
        }

        @Test func rethrowsAnErrorThatComesAfterElements() {
            let source = emittingOnAnotherThread([1, 2], then: .error(DemoError.boom))
            #expect(throws: DemoError.boom) { try source.toBlocking().last() }
        }
    }

    @Suite struct BlockingSingleTests {
        @Test func returnsTheOnlyElement() throws {
            #expect(try Observable.just(7).toBlocking().single() == 7)
        }

        @Test func failsWithNoElementsForAnEmptySequence() {
            let error = #expect(throws: RxError.self) { try Observable<Int>.empty().toBlocking().single() }
            #expect(error.map { "\($0)" } == "Sequence doesn't contain any elements.")
        }

        @Test func failsWithMoreThanOneElementAtTheSecondElement() {
            let pulls = LockedCounter()
            let source = Observable.from(naturals(countingPullsIn: pulls))
            let error = #expect(throws: RxError.self) { try source.toBlocking(timeout: 10).single() }
            #expect(error.map { "\($0)" } == "Sequence contains more than one element.")
            #expect(pulls.value == 1)
        }

        @Test func rethrowsTheSequenceError() {
            #expect(throws: DemoError.boom) { try Observable<Int>.error(DemoError.boom).toBlocking().single() }
        }

        @Test func withAPredicateReturnsTheOnlyMatchingElement() throws {
            #expect(try Observable.of(1, 2, 3, 4).toBlocking().single { $0 == 3 } == 3)
        }

        @Test func withAPredicateFailsWithNoElementsWhenNoneMatches() {
            let error = #expect(throws: RxError.self) { try Observable.of(1, 2).toBlocking().single { $0 > 5 } }
            #expect(error.map { "\($0)" } == "Sequence doesn't contain any elements.")
        }

        @Test func withAPredicateFailsWithMoreThanOneElementWhenTwoMatch() {
            let error = #expect(throws: RxError.self) { try Observable.of(1, 2, 3, 4).toBlocking().single { $0 % 2 == 0 } }
            #expect(error.map { "\($0)" } == "Sequence contains more than one element.")
        }

        @Test func withAPredicateRethrowsWhatThePredicateThrows() {
            var tested: [Int] = []
            #expect(throws: DemoError.boom) {
                try Observable.of(1, 2, 3).toBlocking().single { element in
                    tested.append(element)
                    if element == 2 { throw DemoError.boom }
                    return true
                }
            }
            #expect(tested == [1, 2])
        }
    }

    @Suite struct BlockingMaterializeTests {
        @Test func reportsCompletionWithTheElements() {
            guard case .completed(let elements) = Observable.of(1, 2).toBlocking().materialize() else {
                Issue.record("expected completion")
                return
            }
            #expect(elements == [1, 2])
        }

        @Test func reportsFailureWithTheElementsBeforeIt() {
            let source = emittingOnAnotherThread([1], then: .error(DemoError.boom))
            guard case .failed(let elements, let error) = source.toBlocking().materialize() else {
                Issue.record("expected failure")
                return
            }
            #expect(elements == [1])
            #expect(error as? DemoError == .boom)
        }

        @Test func reportsATimeoutAsFailureWithTheElementsSoFar() {
            let stalls = Observable<Int>.create { observer in
                observer.onNext(1)
                return Disposables.create()
            }
            guard case .failed(let elements, let error) = stalls.toBlocking(timeout: 0.05).materialize() else {
                Issue.record("expected failure")
                return
            }
            #expect(elements == [1])
            #expect(isTimeout(error))
        }
    }
}
