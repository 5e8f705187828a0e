import Testing
@testable import Rill

extension AllTests {
    /// The state machine behind `observe(on:)`, without
    /// threads or schedulers.
    @Suite struct ObserveOnStateTests {
        @Test func onlyTheFirstEventOfABurstAsksForADrain() {
            var state = ObserveOnState()
            let first = state.elementReceived()
            let second = state.elementReceived()
            let terminal = state.terminalReceived(.completed).drain
            #expect(first != nil && first != ObserveOnDrain.none)
            #expect(second == ObserveOnDrain.none)
            #expect(terminal == .none)
            #expect(state.queuedCount == 2)
            #expect(state.isDraining)
        }

        @Test func theDrainTakesEveryQueuedElementThenTheTerminalEventThenStops() {
            var state = ObserveOnState()
            _ = state.elementReceived()
            _ = state.elementReceived()
            _ = state.terminalReceived(.error(DemoError.boom))
            guard case .deliver = state.nextStep() else {
                Issue.record("expected the queued elements")
                return
            }
            #expect(state.queuedCount == 0)
            guard case .end(.error(let error)) = state.nextStep() else {
                Issue.record("expected the error")
                return
            }
            #expect(error as? DemoError == .boom)
            let late = state.elementReceived()
            #expect(late == nil)   // dropped: the sequence has ended
            #expect(state.queuedCount == 0)
        }

        @Test func elementsArrivingDuringDeliveryFormTheNextBatch() {
            var state = ObserveOnState()
            _ = state.elementReceived()
            guard case .deliver = state.nextStep() else {
                Issue.record("expected the first element")
                return
            }
            let duringDelivery = state.elementReceived()
            #expect(duringDelivery == ObserveOnDrain.none)   // the running drain takes it
            guard case .deliver = state.nextStep() else {
                Issue.record("expected the second element")
                return
            }
            guard case .idle = state.nextStep() else {
                Issue.record("expected the drain to end")
                return
            }
        }

        @Test func anEmptyQueueEndsTheDrainAndTheNextElementAsksForANewOne() {
            var state = ObserveOnState()
            let first = state.elementReceived()
            _ = state.nextStep()
            guard case .idle = state.nextStep() else {
                Issue.record("expected the drain to end")
                return
            }
            #expect(state.isDraining == false)
            let second = state.elementReceived()
            #expect(second != nil && second != ObserveOnDrain.none)
            #expect(second != first)
        }

        @Test func disposingStopsTheDrainAndHandsBackWhatToRelease() {
            var state = ObserveOnState()
            let disposeUpstream = state.upstreamSubscribed(Disposables.create())
            let drain = state.elementReceived() ?? .none
            var scheduled: (any Disposable)? = Disposables.create()
            let isStale = state.drainScheduled(drain, &scheduled)
            #expect(isStale == false)
            #expect(scheduled == nil)   // kept by the state
            #expect(disposeUpstream == false)
            let released = state.disposed()
            #expect(released.upstream != nil)
            #expect(released.drain != nil)
            #expect(released.termination == nil)
            guard case .disposed = state.phase else { Issue.record("expected disposed, got \(state.phase)"); return }
            #expect(state.queuedCount == 0)
            let late = state.elementReceived()
            let lateUpstream = state.upstreamSubscribed(Disposables.create())
            #expect(late == nil)
            #expect(lateUpstream)
            guard case .idle = state.nextStep() else {
                Issue.record("a disposed drain must stop")
                return
            }
        }

        @Test func theTerminalEventHandsBackTheUpstreamToDisposeBeforeTheDrainDeliversIt() {
            var state = ObserveOnState()
            _ = state.upstreamSubscribed(Disposables.create())
            _ = state.elementReceived()
            let terminal = state.terminalReceived(.completed)
            #expect(terminal.upstream != nil)
            #expect(state.isDraining)   // the element and the completion still wait
            let released = state.disposed()
            #expect(released.upstream == nil)   // already handed back
            #expect(released.termination != nil)
        }

        @Test func anUpstreamSubscribedAfterItEndedIsDisposedAtOnce() {
            var state = ObserveOnState()
            let terminal = state.terminalReceived(.completed)   // a synchronous source, while subscribing
            let disposeUpstream = state.upstreamSubscribed(Disposables.create())
            #expect(terminal.upstream == nil)
            #expect(disposeUpstream)
        }

        @Test func aDrainThatAlreadyRanDoesNotKeepItsDisposable() {
            var state = ObserveOnState()
            let drain = state.elementReceived() ?? .none
            _ = state.nextStep()
            _ = state.nextStep()
            var scheduled: (any Disposable)? = Disposables.create()
            let isStale = state.drainScheduled(drain, &scheduled)
            let released = state.disposed()
            #expect(isStale == false)
            #expect(scheduled != nil)   // handed back, not kept
            #expect(released.drain == nil)
        }
    }
}
