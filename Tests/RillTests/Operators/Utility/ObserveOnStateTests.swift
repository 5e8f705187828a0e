import Testing
@testable import Rill

extension AllTests {
    /// The state machine behind `observe(on:)`, without threads or schedulers.
    @Suite struct ObserveOnStateTests {
        @Test func onlyTheFirstEventOfABurstAsksForADrain() {
            var state = ObserveOnState<Int>()
            let first = state.elementReceived(1)
            let second = state.elementReceived(2)
            let terminal = state.terminalReceived(.completed)
            #expect(first != nil)
            #expect(second == nil)
            #expect(terminal == nil)
            #expect(state.pending == [1, 2])
            #expect(state.isDraining)
        }

        @Test func theDrainTakesEveryQueuedElementThenTheTerminalEventThenStops() {
            var state = ObserveOnState<Int>()
            _ = state.elementReceived(1)
            _ = state.elementReceived(2)
            _ = state.terminalReceived(.error(DemoError.boom))
            var batch: [Int] = []
            guard case .deliver = state.nextBatch(swapping: &batch) else {
                Issue.record("expected a batch")
                return
            }
            #expect(batch == [1, 2])
            #expect(state.pending.isEmpty)
            batch.removeAll(keepingCapacity: true)
            guard case .error(let error) = state.nextBatch(swapping: &batch) else {
                Issue.record("expected the error")
                return
            }
            #expect(error as? DemoError == .boom)
            let late = state.elementReceived(3)
            #expect(late == nil)
            #expect(state.pending.isEmpty)
        }

        @Test func anEmptyQueueEndsTheDrainAndTheNextElementAsksForANewOne() {
            var state = ObserveOnState<Int>()
            let first = state.elementReceived(1)
            var batch: [Int] = []
            _ = state.nextBatch(swapping: &batch)
            batch.removeAll(keepingCapacity: true)
            guard case .idle = state.nextBatch(swapping: &batch) else {
                Issue.record("expected the drain to end")
                return
            }
            #expect(state.isDraining == false)
            let second = state.elementReceived(2)
            #expect(second != nil)
            #expect(second != first)
        }

        @Test func theDrainReusesItsEmptiedBufferForTheNextBurst() {
            var state = ObserveOnState<Int>()
            for value in 0..<100 { _ = state.elementReceived(value) }
            var batch: [Int] = []
            _ = state.nextBatch(swapping: &batch)
            let capacity = batch.capacity
            batch.removeAll(keepingCapacity: true)
            _ = state.nextBatch(swapping: &batch)   // idle: the buffer is kept
            #expect(batch.capacity < capacity)
            _ = state.elementReceived(100)
            var next: [Int] = []
            _ = state.nextBatch(swapping: &next)
            #expect(next == [100])
            #expect(state.pending.capacity >= capacity)
        }

        @Test func disposingDropsTheQueueAndHandsBackWhatToRelease() {
            var state = ObserveOnState<Int>()
            let drain = state.elementReceived(1)!
            _ = state.terminalReceived(.completed)
            var scheduled: (any Disposable)? = Disposables.create()
            let isStale = state.drainScheduled(drain, &scheduled)
            let disposeUpstream = state.upstreamSubscribed(Disposables.create())
            #expect(isStale == false)
            #expect(scheduled == nil)   // kept by the state
            #expect(disposeUpstream == false)
            let released = state.disposed()
            #expect(released.pending == [1])
            #expect(released.upstream != nil)
            #expect(released.drain != nil)
            #expect(state.isDisposed)
            #expect(state.pending.isEmpty)
            let late = state.elementReceived(2)
            let lateUpstream = state.upstreamSubscribed(Disposables.create())
            #expect(late == nil)
            #expect(lateUpstream)
            var batch: [Int] = []
            guard case .idle = state.nextBatch(swapping: &batch) else {
                Issue.record("a disposed drain must stop")
                return
            }
        }

        @Test func aDrainThatAlreadyRanDoesNotKeepItsDisposable() {
            var state = ObserveOnState<Int>()
            let drain = state.elementReceived(1)!
            var batch: [Int] = []
            _ = state.nextBatch(swapping: &batch)
            batch.removeAll()
            _ = state.nextBatch(swapping: &batch)
            var scheduled: (any Disposable)? = Disposables.create()
            let isStale = state.drainScheduled(drain, &scheduled)
            let released = state.disposed()
            #expect(isStale == false)
            #expect(scheduled != nil)   // handed back, not kept
            #expect(released.drain == nil)
        }
    }
}
