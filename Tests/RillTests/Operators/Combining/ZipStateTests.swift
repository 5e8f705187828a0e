import Testing
@testable import Rill

extension AllTests {
    /// The zip state machine, driven without threads or elements: the holder of
    /// the delivery turn hands it one event at a time.
    @Suite struct ZipStateTests {
        @Test func aRowIsDeliveredWhenEveryInputHasAnElement() {
            var state = ZipState(inputCount: 3, rule: .orNoRowCanForm)
            let first = state.elementArrived(at: 0)
            let second = state.elementArrived(at: 0)
            let third = state.elementArrived(at: 1)
            let last = state.elementArrived(at: 2)
            #expect([first, second, third, last] == [.buffer, .buffer, .buffer, .deliverRow])
            // Input 0 still has one element; 1 and 2 are empty again.
            let next = [state.elementArrived(at: 1), state.elementArrived(at: 2)]
            #expect(next == [.buffer, .deliverRow])
            let step1 = state.elementArrived(at: 0)
            #expect(step1 == .buffer)
        }

        @Test func rowsFormInArrivalOrderWhatEverInputRunsAhead() {
            var state = ZipState(inputCount: 2, rule: .orNoRowCanForm)
            let ahead = (0..<3).map { _ in state.elementArrived(at: 1) }
            let rows = (0..<3).map { _ in state.elementArrived(at: 0) }
            #expect(ahead == [.buffer, .buffer, .buffer])
            #expect(rows == [.deliverRow, .deliverRow, .deliverRow])
            let step2 = state.elementArrived(at: 0)
            #expect(step2 == .buffer)
        }

        @Test func anInputCompletingWithNothingBufferedCompletesWhenTheNextElementCannotPair() {
            // RxSwift 6.10's rule: completion waits for an element that cannot form
            // a row while every other input has completed.
            var state = ZipState(inputCount: 2, rule: .orNoRowCanForm)
            _ = state.elementArrived(at: 1)
            let end = state.inputCompleted(at: 0)
            let next = state.elementArrived(at: 1)
            let late = state.elementArrived(at: 1)
            #expect(!end)
            #expect(next == .complete)
            #expect(late == .discard)
            let stopped = state.isStopped
            #expect(stopped)
        }

        @Test func separateArgumentsBufferAnElementThatCannotPairUntilEveryInputCompleted() {
            // RxSwift 6.10's rule for zip(a, b, ...): only every input's completion ends it.
            var state = ZipState(inputCount: 2, rule: .everyInputCompleted)
            _ = state.elementArrived(at: 1)
            let end = state.inputCompleted(at: 0)
            let next = state.elementArrived(at: 1)
            let stillOpen = state.isStopped
            let last = state.inputCompleted(at: 1)
            #expect(!end)
            #expect(next == .buffer)
            #expect(!stillOpen)
            #expect(last)
        }

        @Test func completesWhenEveryInputCompleted() {
            var state = ZipState(inputCount: 2, rule: .orNoRowCanForm)
            let first = state.inputCompleted(at: 1)
            let second = state.inputCompleted(at: 0)
            #expect(!first)
            #expect(second)
        }

        @Test func anInputCompletingWithElementsBufferedCompletesWhenTheyAreUsed() {
            var state = ZipState(inputCount: 2, rule: .orNoRowCanForm)
            _ = state.elementArrived(at: 0)
            _ = state.elementArrived(at: 0)
            let early = state.inputCompleted(at: 0)
            let afterCompletion = state.elementArrived(at: 0)
            let firstRow = state.elementArrived(at: 1)
            let secondRow = state.elementArrived(at: 1)
            #expect(!early)
            #expect(afterCompletion == .discard)
            #expect(firstRow == .deliverRow)
            #expect(secondRow == .deliverRow)
            let step3 = state.elementArrived(at: 1)
            #expect(step3 == .complete)
        }

        @Test func anErrorEndsEverythingOnce() {
            var state = ZipState(inputCount: 2, rule: .orNoRowCanForm)
            _ = state.elementArrived(at: 0)
            let first = state.inputFailed()
            let second = state.inputFailed()
            let completion = state.inputCompleted(at: 1)
            #expect(first)
            #expect(!second)
            #expect(!completion)
            let step4 = state.elementArrived(at: 1)
            #expect(step4 == .discard)
        }

        @Test func aThrowingSelectorStopsEverything() {
            var state = ZipState(inputCount: 2, rule: .orNoRowCanForm)
            _ = state.elementArrived(at: 0)
            _ = state.elementArrived(at: 1)
            state.stop()
            let late = state.elementArrived(at: 0)
            let failure = state.inputFailed()
            #expect(late == .discard)
            #expect(!failure)
        }

        @Test func aSecondCompletionOfTheSameInputIsIgnored() {
            var state = ZipState(inputCount: 3, rule: .orNoRowCanForm)
            _ = state.elementArrived(at: 0)
            let first = state.inputCompleted(at: 0)
            let second = state.inputCompleted(at: 0)
            let third = state.inputCompleted(at: 1)
            #expect(!first)
            #expect(!second)
            #expect(!third)                 // 2 of 3 inputs, not 3 of 3
            let step5 = state.inputCompleted(at: 2)
            #expect(step5)
        }
    }
}
