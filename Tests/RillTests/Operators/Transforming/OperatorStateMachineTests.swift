import Testing
@testable import Rill

extension AllTests {
    /// The state machines behind flatMap, retry/catch and buffer/window, driven
    /// directly, without threads.
    @Suite struct OperatorStateMachineTests {
        @Test func flatMapCompletesOnlyAfterTheOuterAndEveryInner() throws {
            var state = FlatMapState(strategy: .merge)
            let first = try #require(startedID(state.innerArrived()))
            let second = try #require(startedID(state.innerArrived()))
            #expect(state.outerCompleted().terminal == nil)
            #expect(state.innerCompleted(id: first).terminal == nil)
            #expect(isCompletion(state.innerCompleted(id: second).terminal))
        }

        @Test func flatMapDecidesItsTerminalEventOnceAndThenRefusesElements() throws {
            var state = FlatMapState(strategy: .merge)
            let id = try #require(startedID(state.innerArrived()))
            #expect(state.acceptsElement(from: id))
            let failure = state.failed(RxError.unknown).terminal
            #expect(failure != nil && !isCompletion(failure))
            #expect(!state.acceptsElement(from: id))             // stopped
            #expect(state.failed(RxError.unknown).terminal == nil)
            #expect(state.outerCompleted().terminal == nil)
        }

        @Test func flatMapLatestDropsAStaleInnersEvents() throws {
            var state = FlatMapState(strategy: .latest)
            let old = try #require(startedID(state.innerArrived()))
            _ = state.innerSubscribed(id: old, Disposables.create())
            let switched = state.innerArrived()
            #expect(switched.dispose != nil)                     // the old inner is disposed
            #expect(!state.acceptsElement(from: old))
            let new = try #require(startedID(switched))
            #expect(state.acceptsElement(from: new))
        }

        @Test func flatMapFirstRefusesToMapWhileAnInnerRuns() throws {
            var state = FlatMapState(strategy: .first)
            #expect(state.shouldMap())
            let id = try #require(startedID(state.innerArrived()))
            #expect(!state.shouldMap())
            _ = state.innerCompleted(id: id)
            #expect(state.shouldMap())
        }

        @Test func concatMapHandsTheNextInnerToTheSubscribeLoop() throws {
            var state = FlatMapState(strategy: .concat)
            let first = try #require(startedID(state.innerArrived()))
            #expect(startedID(state.innerArrived()) == nil)      // waits
            #expect(state.waitingCount == 1)
            // The first inner completes while it is still being subscribed: the
            // subscribe loop, not the completing call, starts the next one.
            #expect(startedID(state.innerCompleted(id: first)) == nil)
            #expect(startedID(state.innerSubscribed(id: first, Disposables.create())) != nil)
            #expect(state.waitingCount == 0)
        }

        @Test func flatMapDisposalReturnsTheOuterAndTheSubscribedInners() throws {
            var state = FlatMapState(strategy: .merge)
            #expect(state.outerSubscribed(Disposables.create()) == nil)
            let id = try #require(startedID(state.innerArrived()))
            #expect(state.innerSubscribed(id: id, Disposables.create()).dispose == nil)
            #expect(state.disposed().count == 2)
            #expect(state.disposed().isEmpty)
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

        @Test func bufferWorkRunsOneCallerAtATime() throws {
            var state = BufferState(maxCount: 1)
            #expect(state.submit {})
            #expect(!state.submit {})                            // someone is running the queue
            #expect(state.nextWork()?.count == 2)
            #expect(state.nextWork() == nil)
            #expect(state.submit {})
        }
    }
}

/// The id of the inner sequence an action starts, if any.
private func startedID(_ action: FlatMapAction) -> Int? {
    switch action.start {
    case .arrived(let id)?, .waiting(let id)?: return id
    case nil: return nil
    }
}

private func isCompletion(_ terminal: FlatMapAction.Terminal?) -> Bool {
    if case .completed? = terminal { return true }
    return false
}
