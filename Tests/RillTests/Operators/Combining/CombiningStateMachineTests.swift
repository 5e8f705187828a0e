import Testing
@testable import Rill

// The state machines of the multi-input operators, driven step by step without
// threads: what each event returns, and how the delivery queue serialises.
extension AllTests {
    @Suite struct CombiningStateMachineTests {
        @Test func stateMachineEmitsOnlyOnceEverySlotHasAValue() {
            var state = CombineLatestState<(Int?, Int?)>(values: (nil, nil), count: 2)
            state.values.0 = 1
            guard case .none = state.elementReceived(at: 0) else { Issue.record("emitted early"); return }
            state.values.1 = 2
            guard case .deliver(let values) = state.elementReceived(at: 1) else { Issue.record("no emission"); return }
            #expect(values.0 == 1 && values.1 == 2)
            // While the first snapshot is being delivered, a second one queues.
            state.values.0 = 3
            guard case .none = state.elementReceived(at: 0) else { Issue.record("delivered concurrently"); return }
            #expect(state.delivery.finishDelivery() == false)
            guard case .value(let queued) = state.delivery.takePending() else { Issue.record("nothing queued"); return }
            #expect(queued.0 == 3 && queued.1 == 2)
            #expect(state.delivery.finishDelivery() == true)
            guard case .none = state.completed(at: 0) else { Issue.record("completed early"); return }
            guard case .deliverTerminal = state.completed(at: 1) else { Issue.record("did not complete"); return }
        }

    }
}
