import Foundation
import Rill
import RillTest
import Testing

/// The contract every operator keeps, written once and run over every entry of
/// `OperatorCatalogue` (Documentation/Architecture.md, "Who disposes what").
/// Every test here also runs under `AllTests`' leak check, so each run must give
/// back every Rill resource it created.
extension AllTests {
    @Suite struct OperatorContractTests {
        typealias Terminal = ContractOperator.Terminal

        private static let terminals: [Terminal] = [.completed, .error]

        // MARK: 1. A terminal event disposes upstream

        @Test(arguments: OperatorCatalogue.all, terminals)
        func terminalEventDisposesEveryInput(_ entry: ContractOperator, terminal: Terminal) {
            let harness = expectOneTerminalEventAndEveryInputReleased(entry) { $0.end(with: terminal) }
            let ending = entry.ending(terminal)
            #expect(ending.matches(harness.recorder.events.last), "expected \(ending): \(harness.recorder.events)")
        }

        @Test(arguments: OperatorCatalogue.withSeveralInputs)
        func errorInAnotherInputDisposesEveryInput(_ entry: ContractOperator) {
            expectOneTerminalEventAndEveryInputReleased(entry) { $0.failOtherInputsThenComplete() }
        }

        /// Sends three elements, then `end`, and lets the timers fire.
        @discardableResult
        private func expectOneTerminalEventAndEveryInputReleased(
            _ entry: ContractOperator, endingWith end: (ContractHarness) -> Void
        ) -> ContractHarness {
            let harness = ContractHarness(entry)
            harness.subscribe()
            harness.send(1...3)
            end(harness)
            harness.finish()

            #expect(harness.recorder.terminalCount == 1, "events: \(harness.recorder.events)")
            #expect(harness.inputsReleased, "\(describe(harness.inputs))")
            return harness
        }

        // MARK: 2. Dispose releases every input, and nothing is delivered after it

        @Test(arguments: OperatorCatalogue.all)
        func nothingIsDeliveredAfterDispose(_ entry: ContractOperator) {
            let harness = ContractHarness(entry)
            harness.subscribe()
            harness.send(1...2)
            harness.dispose()
            // A disposal that `subscribe(on:)` schedules runs in this tick.
            harness.advance()
            let releasedByDispose = harness.inputsReleased
            switch entry.disposal {
            case .releasesInputs:
                #expect(releasedByDispose, "dispose left inputs subscribed: \(describe(harness.inputs))")
            case .keepsTheSourceConnected:
                #expect(!releasedByDispose, "dispose disconnected the source")
            }
            let seen = harness.recorder.events

            harness.send(3...5)
            harness.end(with: .error)
            harness.end(with: .completed)
            harness.finish()

            #expect(harness.recorder.events == seen)
            #expect(harness.inputsReleased, "\(describe(harness.inputs))")
        }

        // MARK: 3. Dispose releases the closures

        @Test(arguments: OperatorCatalogue.withClosures)
        func disposeReleasesTheClosures(_ entry: ContractOperator) {
            let harness = ContractHarness(entry)
            #expect(harness.probe != nil, "the operator holds its closures while it exists")
            harness.subscribe()
            harness.send(1...2)
            harness.dispose()
            harness.release()

            #expect(harness.probe == nil)
        }

        @Test(arguments: OperatorCatalogue.withClosures, terminals)
        func terminalEventReleasesTheClosures(_ entry: ContractOperator, terminal: Terminal) {
            let harness = ContractHarness(entry)
            harness.subscribe()
            harness.send(1...2)
            harness.end(with: terminal)
            harness.release()

            #expect(harness.probe == nil)
        }

        // MARK: 4. A throwing closure becomes an error event

        @Test(arguments: OperatorCatalogue.withThrowingClosures)
        func throwingClosureBecomesAnErrorEvent(_ entry: ContractOperator) throws {
            let terminal = try #require(entry.throwingTerminal)
            let harness = ContractHarness(entry, throwing: true)
            harness.subscribe()
            harness.send(1...3)
            harness.end(with: terminal)
            harness.finish()

            #expect(harness.recorder.events.last == .error("\(ContractError.closureThrew)"),
                    "events: \(harness.recorder.events)")
            #expect(harness.recorder.terminalCount == 1)
            #expect(harness.inputsReleased, "\(describe(harness.inputs))")
        }

        // MARK: 5. Re-entrant delivery does not deadlock

        @Test(arguments: OperatorCatalogue.all)
        func sendingIntoTheSourceFromOnNextFinishes(_ entry: ContractOperator) {
            let harness = ContractHarness(entry)
            harness.sendOnFirstElement(100)
            let finished = finishesInTime {
                harness.subscribe()
                harness.send(1...3)
                harness.end(with: .completed)
                harness.finish()
            }

            #expect(finished, "deadlocked")
            guard finished else { return }
            #expect(harness.recorder.grammarHolds, "events: \(harness.recorder.events)")
            #expect(harness.recorder.terminalCount == 1, "events: \(harness.recorder.events)")
            #expect(harness.inputsReleased, "\(describe(harness.inputs))")
        }

        @Test(arguments: OperatorCatalogue.all)
        func disposingFromOnNextFinishesAndStopsDelivery(_ entry: ContractOperator) {
            expectDisposingFromOnNextStopsDelivery(entry) { $0.send(1...3) }
        }

        @Test(arguments: OperatorCatalogue.all)
        func disposingFromOnNextDuringABurstStopsDelivery(_ entry: ContractOperator) {
            expectDisposingFromOnNextStopsDelivery(entry) { $0.sendBurst(1...4) }
        }

        private func expectDisposingFromOnNextStopsDelivery(
            _ entry: ContractOperator, sending send: @escaping @Sendable (ContractHarness) -> Void
        ) {
            let harness = ContractHarness(entry)
            harness.disposeOnFirstElement()
            let finished = finishesInTime {
                harness.subscribe()
                send(harness)
                harness.end(with: .completed)
                harness.finish()
            }

            #expect(finished, "deadlocked")
            guard finished else { return }
            let events = harness.recorder.events
            if let first = events.firstIndex(where: { !$0.isTerminal }) {
                #expect(events.count == first + 1, "delivered after dispose: \(events)")
            }
            #expect(harness.inputsReleased, "\(describe(harness.inputs))")
        }

        @Test(arguments: OperatorCatalogue.all)
        func disposingFromAnotherThreadWhileElementsFlowIsClean(_ entry: ContractOperator) {
            let harness = ContractHarness(entry)
            harness.subscribe()
            let finished = finishesInTime {
                runConcurrently([
                    { harness.send(1...40) },
                    { harness.dispose() },
                ])
            }

            #expect(finished, "deadlocked")
            guard finished else { return }
            harness.finish()
            let seen = harness.recorder.events
            harness.send(41...42)
            harness.end(with: .completed)
            harness.finish()

            #expect(harness.recorder.events == seen, "delivered after dispose returned")
            #expect(harness.recorder.grammarHolds, "events: \(seen)")
            #expect(harness.inputsReleased, "\(describe(harness.inputs))")
        }

        // MARK: Timed operators on a real serial queue

        @Test(arguments: OperatorCatalogue.timed)
        func onARealSchedulerATerminalEventDisposesEveryInput(_ entry: ContractOperator) {
            let harness = ContractHarness(entry, realTime: true)
            harness.subscribe()
            harness.send(1...3)
            harness.end(with: .completed)

            #expect(harness.eventually { harness.recorder.terminalCount > 0 }, "no terminal event")
            #expect(harness.eventually { harness.inputsReleased }, "\(describe(harness.inputs))")
            #expect(harness.recorder.grammarHolds, "events: \(harness.recorder.events)")
            #expect(harness.recorder.terminalCount == 1, "events: \(harness.recorder.events)")
        }

        @Test(arguments: OperatorCatalogue.timed)
        func onARealSchedulerDisposingWhileElementsFlowReleasesEveryInput(_ entry: ContractOperator) {
            let harness = ContractHarness(entry, realTime: true)
            harness.subscribe()
            #expect(harness.eventually { harness.inputs[0].subscriptions > 0 }, "never subscribed")
            runConcurrently([
                { harness.send(1...40) },
                { harness.dispose() },
            ])

            #expect(harness.eventually { harness.inputsReleased }, "\(describe(harness.inputs))")
            #expect(harness.recorder.grammarHolds, "events: \(harness.recorder.events)")
        }

        @Test(arguments: OperatorCatalogue.timed)
        func onARealSchedulerDisposingFromOnNextStopsDelivery(_ entry: ContractOperator) {
            let harness = ContractHarness(entry, realTime: true)
            harness.disposeOnFirstElement()
            harness.subscribe()
            #expect(harness.eventually { harness.inputs[0].subscriptions > 0 }, "never subscribed")
            harness.sendBurst(1...4)
            harness.send(5...6)
            harness.end(with: .completed)

            #expect(harness.drainQueue(), "the queue did not drain")
            #expect(harness.eventually { harness.inputsReleased }, "\(describe(harness.inputs))")
            let events = harness.recorder.events
            if let first = events.firstIndex(where: { !$0.isTerminal }) {
                #expect(events.count == first + 1, "delivered after dispose: \(events)")
            }
        }

        // MARK: 6. Grammar

        @Test(arguments: OperatorCatalogue.all, terminals)
        func subscriberSeesOneTerminalEventAndNothingAfterIt(_ entry: ContractOperator, terminal: Terminal) {
            for throwing in [false, true] {
                let harness = ContractHarness(entry, throwing: throwing)
                harness.subscribe()
                harness.send(1...3)
                harness.end(with: terminal)
                // The inputs that are still live keep sending after the end.
                harness.send(4...5)
                harness.end(with: .error)
                harness.end(with: .completed)
                harness.finish()

                let events = harness.recorder.events
                #expect(harness.recorder.grammarHolds, "throwing: \(throwing), events: \(events)")
                #expect(harness.recorder.terminalCount == 1, "throwing: \(throwing), events: \(events)")
            }
        }

        // MARK: The catalogue itself

        @Test func catalogueNamesAreUnique() {
            let names = OperatorCatalogue.all.map(\.name)
            #expect(Set(names).count == names.count)
        }

        private func describe(_ inputs: [ContractInput]) -> String {
            inputs.enumerated()
                .map { "input \($0.offset): \($0.element.subscriptions) subscribed, \($0.element.disposals) disposed" }
                .joined(separator: "; ")
        }
    }
}
