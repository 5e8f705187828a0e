import Testing
@testable import Rill

extension AllTests {
    /// The state machines behind flatMap, retry/catch and buffer/window, driven
    /// directly, without threads.
    @Suite struct OperatorStateMachineTests {
        @Test func flatMapCompletesOnlyAfterTheOuterAndEveryInner() {
            var state = FlatMapState(strategy: .merge)
            #expect(state.innerArrived().start == .arrived)
            #expect(state.innerArrived().start == .arrived)
            #expect(state.runningCount == 2)
            #expect(state.outerCompleted().terminal == nil)
            #expect(state.innerCompleted().terminal == nil)
            #expect(isCompletion(state.innerCompleted().terminal))
            #expect(state.runningCount == 0)
        }

        @Test func flatMapDecidesItsTerminalEventOnceAndThenStartsNothing() {
            var state = FlatMapState(strategy: .merge)
            #expect(state.innerArrived().start == .arrived)
            let failure = state.failed(RxError.unknown).terminal
            #expect(failure != nil && !isCompletion(failure))
            #expect(state.isStopped)
            #expect(state.innerArrived().start == nil)            // stopped: dropped
            #expect(state.failed(RxError.unknown).terminal == nil)
            #expect(state.outerCompleted().terminal == nil)
            #expect(state.innerCompleted().terminal == nil)
        }

        @Test func flatMapFailsWithAnInnersError() {
            var state = FlatMapState(strategy: .merge)
            #expect(state.innerArrived().start == .arrived)
            #expect(state.innerArrived().start == .arrived)
            let failure = state.innerFailed(RxError.unknown).terminal
            #expect(failure != nil && !isCompletion(failure))
            #expect(state.innerCompleted().terminal == nil)         // already stopped
        }

        @Test func flatMapLatestReplacesTheRunningInner() {
            var state = FlatMapState(strategy: .latest)
            let first = state.innerArrived()
            #expect(first.start == .arrived && !first.replacesRunning)
            let second = state.innerArrived()
            #expect(second.start == .arrived && second.replacesRunning)  // the old inner is unlinked and disposed
            #expect(state.runningCount == 1)
            #expect(state.outerCompleted().terminal == nil)
            #expect(isCompletion(state.innerCompleted().terminal))
        }

        @Test func flatMapFirstRefusesToMapWhileAnInnerRuns() {
            var state = FlatMapState(strategy: .first)
            #expect(state.shouldMap())
            #expect(state.innerArrived().start == .arrived)
            #expect(!state.shouldMap())
            _ = state.innerCompleted()
            #expect(state.shouldMap())
        }

        @Test func concatMapHandsTheNextInnerToTheSubscribeLoop() {
            var state = FlatMapState(strategy: .concat)
            #expect(state.innerArrived().start == .arrived)
            #expect(state.innerArrived().start == nil)              // waits
            #expect(state.waitingCount == 1)
            // The first inner completes while it is still being subscribed: the
            // subscribe loop, not the completing call, starts the next one.
            #expect(state.innerCompleted().start == nil)
            #expect(state.concatInnerSubscribed().start == .waiting)
            #expect(state.waitingCount == 0)
            // The second one is still running when its `run` returns: the loop
            // ends, and its completion starts the next waiting inner.
            #expect(state.concatInnerSubscribed().start == nil)
            #expect(state.innerArrived().start == nil)
            #expect(state.innerCompleted().start == .waiting)
        }

        @Test func concatMapCompletesAfterTheQueueDrained() {
            var state = FlatMapState(strategy: .concat)
            #expect(state.innerArrived().start == .arrived)
            #expect(state.innerArrived().start == nil)
            #expect(state.concatInnerSubscribed().start == nil)
            #expect(state.outerCompleted().terminal == nil)         // one waits
            #expect(state.innerCompleted().start == .waiting)
            #expect(state.concatInnerSubscribed().start == nil)
            #expect(isCompletion(state.innerCompleted().terminal))
        }

        @Test func flatMapHandsBackTheOuterSubscriptionWhenTheOuterCompletes() {
            var state = FlatMapState(strategy: .merge)
            #expect(state.outerSubscribed(Disposables.create()) == nil)
            #expect(state.innerArrived().start == .arrived)
            #expect(state.outerCompleted().terminal == nil)          // the inner runs on
            #expect(state.takeCompletedOuter() != nil)               // the outer ends now
            #expect(state.takeCompletedOuter() == nil)
            #expect(state.disposed() == nil)                         // nothing left to dispose
            // A synchronous outer completes before its disposable arrives.
            var synchronous = FlatMapState(strategy: .concat)
            _ = synchronous.outerCompleted()
            #expect(synchronous.outerSubscribed(Disposables.create()) != nil)
        }

        @Test func flatMapDisposalReturnsTheOuterOnce() {
            var state = FlatMapState(strategy: .merge)
            #expect(state.outerSubscribed(Disposables.create()) == nil)
            #expect(state.innerArrived().start == .arrived)
            #expect(state.disposed() != nil)
            #expect(state.runningCount == 0)
            #expect(state.disposed() == nil)
            #expect(state.innerArrived().start == nil)
            #expect(state.outerSubscribed(Disposables.create()) != nil)   // late: dispose at once
        }

        @Test func retryDefersAFailureDuringSubscribeToTheLoop() throws {
            var state = RetryState(attemptsLeft: 2)
            #expect(state.starting() == 0)
            let result1 = state.takeAttempt()
            #expect(result1)
            let failedEarly = state.nextAttemptRequested()       // failed synchronously
            #expect(failedEarly.start == nil)
            let after = state.subscribed(0, Disposables.create())
            #expect(after.dispose != nil)                        // attempt 0 is stale
            #expect(after.next == 1)
            #expect(state.subscribed(1, Disposables.create()).next == nil)
            let result2 = state.takeAttempt()
            #expect(result2)
            let result3 = state.takeAttempt()
            #expect(!result3)
        }

        @Test func retryDisposesALateSubscriptionAfterDisposal() throws {
            var state = RetryState()
            #expect(state.starting() == 0)
            #expect(state.disposed() == nil)
            #expect(state.subscribed(0, Disposables.create()).dispose != nil)
            #expect(state.starting() == nil)
        }

        @Test func bufferClosesAChunkWhenFullOrOnItsOwnTimer() throws {
            var state = BufferState(maxCount: 2)
            let result4 = state.elementArrived()
            #expect(!result4)
            let result5 = state.elementArrived()
            #expect(result5)
            #expect(state.chunk == 1)
            let result6 = state.timerFired(0)
            #expect(!result6)                        // stale timer
            let result7 = state.timerFired(1)
            #expect(result7)
            state.stop()
            let result8 = state.timerFired(2)
            #expect(!result8)
        }
    }
}

/// The id of the inner sequence an action starts, if any.
private func isCompletion(_ terminal: Termination?) -> Bool {
    if case .completed? = terminal { return true }
    return false
}
