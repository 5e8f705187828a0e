import Testing
@testable import Rill

// The state machines of the multi-input operators, driven step by step without
// threads: what each event returns, and how the delivery queue serialises.
extension AllTests {
    @Suite struct CombiningStateMachineTests {
        @Test func combineLatestEmitsOnlyOnceEverySlotHasAValue() {
            var state = CombineLatestState(count: 2)
            let step1 = state.elementArrived(at: 0)
            #expect(step1 == .wait)
            let step2 = state.elementArrived(at: 0)
            #expect(step2 == .wait)
            let step3 = state.elementArrived(at: 1)
            #expect(step3 == .emit)
            let step4 = state.elementArrived(at: 0)
            #expect(step4 == .emit)
            let step5 = state.completed(at: 1)
            #expect(!step5)
            let allCompleted = state.completed(at: 0)
            #expect(allCompleted)                // every input completed
            let step6 = state.elementArrived(at: 0)
            #expect(step6 == nil)
            let step7 = state.failed()
            #expect(!step7)
        }

        @Test func combineLatestCompletesWhenAnEmptyInputCanNeverBeCombined() {
            var state = CombineLatestState(count: 2)
            let step8 = state.completed(at: 1)
            #expect(!step8)
            let step9 = state.elementArrived(at: 0)
            #expect(step9 == .complete)
            let stopped = state.isStopped
            #expect(stopped)
            let step10 = state.elementArrived(at: 0)
            #expect(step10 == nil)
        }

        @Test func combineLatestStopsAfterAFailureOrAThrowingSelector() {
            var failed = CombineLatestState(count: 2)
            _ = failed.elementArrived(at: 0)
            let step11 = failed.failed()
            #expect(step11)
            let step12 = failed.elementArrived(at: 1)
            #expect(step12 == nil)
            let step13 = failed.completed(at: 0)
            #expect(!step13)

            var stopped = CombineLatestState(count: 2)
            _ = stopped.elementArrived(at: 0)
            _ = stopped.elementArrived(at: 1)
            stopped.stop()
            let step14 = stopped.elementArrived(at: 1)
            #expect(step14 == nil)
            let step15 = stopped.failed()
            #expect(!step15)
        }

        @Test func mergeStartsWaitingInnersAsSlotsFree() {
            var state = MergeState<Int>(maxConcurrent: 1)
            guard case .subscribe = state.innerArrived(.just(1)) else { Issue.record("first not started"); return }
            guard case .none = state.innerArrived(.just(2)) else { Issue.record("second started early"); return }
            guard case .none = state.outerCompleted() else { Issue.record("completed with work left"); return }
            guard case .subscribe = state.innerCompleted() else { Issue.record("second never started"); return }
            guard case .end = state.innerCompleted() else { Issue.record("did not complete"); return }
            guard case .none = state.failed(DemoError.boom) else { Issue.record("ended twice"); return }
        }
    }
}
