import Testing
@testable import Rill

// The state machines of the multi-input operators, driven step by step without
// threads: what each event returns, and how the delivery queue serialises.
extension AllTests {
    @Suite struct CombiningStateMachineTests {
        @Test func combineLatestEmitsOnlyOnceEverySlotHasAValue() {
            var state = CombineLatestState(count: 2)
            let r1 = state.elementArrived(at: 0)
            #expect(r1 == .deliver(.wait))
            guard case .release = state.next() else { Issue.record("role not released"); return }
            let r2 = state.elementArrived(at: 1)
            #expect(r2 == .deliver(.emit))
            // While that combination is delivered, another input's element queues.
            let r3 = state.elementArrived(at: 0)
            #expect(r3 == .queue)
            let r4 = state.completed(at: 1)
            #expect(r4 == .none)
            let r5 = state.completed(at: 0)
            #expect(r5 == .queued)
            guard case .apply(index: 0, step: .emit) = state.next() else { Issue.record("queued element lost"); return }
            guard case .end(let error) = state.next(), error == nil else { Issue.record("completion lost"); return }
            guard case .release = state.next() else { Issue.record("role not released"); return }
            let r6 = state.elementArrived(at: 0)
            #expect(r6 == .drop)
        }

        @Test func combineLatestCompletesWhenAnEmptyInputCanNeverBeCombined() {
            var state = CombineLatestState(count: 2)
            let r7 = state.completed(at: 1)
            #expect(r7 == .none)
            let r8 = state.elementArrived(at: 0)
            #expect(r8 == .deliver(.complete))
            #expect(state.isStopped)
        }

        @Test func combineLatestFailureWhileDeliveringDropsTheQueue() {
            var state = CombineLatestState(count: 2)
            _ = state.elementArrived(at: 0)
            let r9 = state.elementArrived(at: 1)
            #expect(r9 == .queue)
            let r10 = state.failWhileDelivering()
            #expect(r10)
            guard case .release = state.next() else { Issue.record("queue not dropped"); return }
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

        @Test func serialDeliveryQueuesWhileDeliveringAndDropsAfterTheEnd() {
            var delivery = SerialDelivery<Int>()
            let r11 = delivery.offer(1)
            #expect(r11)
            let r12 = delivery.offer(2)
            #expect(!r12)
            let r13 = delivery.offerTerminal(nil)
            #expect(!r13)
            let r14 = delivery.offer(3)
            #expect(!r14)
            let r15 = delivery.finishDelivery()
            #expect(!r15)
            guard case .value(2) = delivery.takePending() else { Issue.record("lost 2"); return }
            let r16 = delivery.finishDelivery()
            #expect(!r16)
            guard case .completed = delivery.takePending() else { Issue.record("lost completion"); return }
            let r17 = delivery.finishDelivery()
            #expect(r17)
        }
    }
}
