import Testing
@testable import Rill

extension AllTests {
    /// The zip state machine, driven without threads or elements.
    @Suite struct ZipStateTests {
        @Test func aRowIsDeliveredWhenEveryInputHasAnElement() {
            var state = ZipState(inputCount: 3)
            let first = state.elementArrived(at: 0)
            let second = state.elementArrived(at: 0)
            let third = state.elementArrived(at: 1)
            let last = state.elementArrived(at: 2)
            #expect([first, second, third, last] == [.buffer, .buffer, .buffer, .deliverRow])
            let after = describe(state.rowDelivered())
            #expect(after == "idle")
        }

        @Test func elementsArrivingDuringDeliveryAreLeftToTheDeliverer() {
            var state = ZipState(inputCount: 2)
            _ = state.elementArrived(at: 0)
            _ = state.elementArrived(at: 1)
            // Another thread completes a second row while the first is delivered.
            let second = [state.elementArrived(at: 0), state.elementArrived(at: 1)]
            #expect(second == [.buffer, .buffer])
            let steps = [describe(state.rowDelivered()), describe(state.rowDelivered())]
            #expect(steps == ["deliverRow", "idle"])
        }

        @Test func anInputCompletingWithNothingBufferedCompletesWhenTheNextElementCannotPair() {
            // RxSwift 6.10's rule: completion waits for an element that cannot form
            // a row while every other input has completed.
            var state = ZipState(inputCount: 2)
            _ = state.elementArrived(at: 1)
            let end = describe(state.inputCompleted(at: 0))
            let next = state.elementArrived(at: 1)
            let late = state.elementArrived(at: 1)
            #expect(end == "none")
            #expect(next == .complete)
            #expect(late == .discard)
        }

        @Test func completesWhenEveryInputCompleted() {
            var state = ZipState(inputCount: 2)
            let first = describe(state.inputCompleted(at: 1))
            let second = describe(state.inputCompleted(at: 0))
            #expect(first == "none")
            #expect(second == "completed")
        }

        @Test func anInputCompletingWithElementsBufferedCompletesWhenTheyAreUsed() {
            var state = ZipState(inputCount: 2)
            _ = state.elementArrived(at: 0)
            _ = state.elementArrived(at: 0)
            let early = describe(state.inputCompleted(at: 0))
            let afterCompletion = state.elementArrived(at: 0)
            let firstRow = state.elementArrived(at: 1)
            let afterFirst = describe(state.rowDelivered())
            let secondRow = state.elementArrived(at: 1)
            let afterSecond = describe(state.rowDelivered())
            #expect(early == "none")
            #expect(afterCompletion == .discard)
            #expect(firstRow == .deliverRow)
            #expect(afterFirst == "idle")
            #expect(secondRow == .deliverRow)
            #expect(afterSecond == "idle")
            #expect(state.elementArrived(at: 1) == .complete)
        }

        @Test func anErrorWhileIdleEndsAtOnce() {
            var state = ZipState(inputCount: 2)
            _ = state.elementArrived(at: 0)
            let end = describe(state.inputFailed(DemoError.boom))
            let secondError = describe(state.inputFailed(DemoError.timeout))
            let completion = describe(state.inputCompleted(at: 1))
            #expect(end == "failed(boom)")
            #expect(secondError == "none")
            #expect(completion == "none")
        }

        @Test func anErrorDuringDeliveryWaitsForTheRowsBufferedBeforeIt() {
            var state = ZipState(inputCount: 2)
            _ = state.elementArrived(at: 0)
            _ = state.elementArrived(at: 0)
            _ = state.elementArrived(at: 1)            // first row: delivering
            _ = state.elementArrived(at: 1)            // second row, buffered
            let failure = describe(state.inputFailed(DemoError.boom))
            let afterError = state.elementArrived(at: 0)
            let steps = [describe(state.rowDelivered()), describe(state.rowDelivered())]
            #expect(failure == "none")
            #expect(afterError == .discard)
            #expect(steps == ["deliverRow", "end(failed(boom))"])
        }

        @Test func aThrowingSelectorStopsEverything() {
            var state = ZipState(inputCount: 2)
            _ = state.elementArrived(at: 0)
            _ = state.elementArrived(at: 1)
            state.combineFailed()
            let late = state.elementArrived(at: 0)
            let failure = describe(state.inputFailed(DemoError.boom))
            #expect(late == .discard)
            #expect(failure == "none")
        }

        @Test func disposalDuringDeliveryStopsTheBufferedRows() {
            var state = ZipState(inputCount: 2)
            _ = state.elementArrived(at: 0)
            _ = state.elementArrived(at: 0)
            _ = state.elementArrived(at: 1)
            _ = state.elementArrived(at: 1)
            state.disposed()
            let step = describe(state.rowDelivered())
            #expect(step == "idle")
        }

        @Test func aSecondCompletionOfTheSameInputIsIgnored() {
            var state = ZipState(inputCount: 2)
            _ = state.elementArrived(at: 0)
            let first = describe(state.inputCompleted(at: 0))
            let second = describe(state.inputCompleted(at: 0))
            #expect(first == "none")
            #expect(second == "none")
        }

        private func describe(_ terminal: ZipState.Terminal?) -> String {
            switch terminal {
            case nil: return "none"
            case .completed: return "completed"
            case .failed(let error): return "failed(\(error))"
            }
        }

        private func describe(_ step: ZipState.NextStep) -> String {
            switch step {
            case .deliverRow: return "deliverRow"
            case .idle: return "idle"
            case .end(let terminal): return "end(\(describe(terminal)))"
            }
        }
    }
}
