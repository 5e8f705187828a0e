import Foundation
import Testing
@testable import Rill

extension AllTests {
    @Suite struct DebugTests {
        /// Captures what `debug()` writes while `body` runs.
        private func capturingDebugOutput(_ body: () -> Void) -> [String] {
            let lines = EventLog<Int>()
            let previous = DebugOutput.shared.replaceWriter { lines.note($0) }
            body()
            DebugOutput.shared.replaceWriter(previous)
            return lines.events
        }

        /// Drops the date before `": "` from each line.
        private func withoutDates(_ lines: [String]) -> [String] {
            lines.map { line in
                guard let range = line.range(of: ": ") else { return line }
                return String(line[range.upperBound...])
            }
        }

        @Test func printsTheSubscriptionLifecycleAndEvents() {
            var events: [String] = []
            let lines = capturingDebugOutput {
                events = record(Observable.of(1, 2).debug("numbers"))
            }
            #expect(events == ["1", "2", "|"])
            #expect(withoutDates(lines) == [
                "numbers -> subscribed",
                "numbers -> Event next(1)",
                "numbers -> Event next(2)",
                "numbers -> Event completed",
                "numbers -> isDisposed",
            ])
        }

        @Test func linesStartWithALocalTimestamp() {
            let lines = capturingDebugOutput { _ = record(Observable.just(1).debug("t")) }
            let timestamp = try? Regex(#"^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}\.\d{3}: t -> "#)
            #expect(lines.count == 4)
            #expect(lines.allSatisfy { line in timestamp.map { line.contains($0) } ?? false })
        }

        @Test func printsErrors() {
            let lines = capturingDebugOutput {
                _ = record(Observable<Int>.error(DemoError.boom).debug("failing"))
            }
            #expect(withoutDates(lines) == [
                "failing -> subscribed", "failing -> Event error(boom)", "failing -> isDisposed",
            ])
        }

        @Test func theDefaultIdentifierIsTheFileLineAndFunction() {
            let line = #line + 2
            let lines = capturingDebugOutput {
                _ = record(Observable.just(1).debug())
            }
            let identifier = "DebugTests.swift:\(line) (theDefaultIdentifierIsTheFileLineAndFunction())"
            #expect(withoutDates(lines).first == "\(identifier) -> subscribed")
        }

        @Test func trimOutputShortensLongEvents() {
            let long = String(repeating: "a", count: 30) + String(repeating: "z", count: 30)
            let lines = capturingDebugOutput {
                _ = record(Observable.just(long).debug("long", trimOutput: true))
            }
            // The first and last 20 characters of "next(aaa...zzz)".
            #expect(withoutDates(lines)[1] == "long -> Event next(aaaaaaaaaaaaaaa...zzzzzzzzzzzzzzzzzzz)")
            let untrimmed = capturingDebugOutput { _ = record(Observable.just(long).debug("long")) }
            #expect(withoutDates(untrimmed)[1] == "long -> Event next(\(long))")
        }

        @Test func disposingMidStreamPrintsIsDisposedOnce() {
            let source = DrivenSource<Int>()
            let lines = capturingDebugOutput {
                let subscription = source.observable.debug("d").subscribe()
                source.onNext(1)
                subscription.dispose()
                subscription.dispose()
                source.onNext(2)
            }
            #expect(withoutDates(lines) == ["d -> subscribed", "d -> Event next(1)", "d -> isDisposed"])
            #expect(source.disposals == 1)
        }

        @Test func eachSubscriptionIsLoggedSeparately() {
            let source = Observable.just(1).debug("shared")
            let lines = capturingDebugOutput {
                _ = record(source)
                _ = record(source)
            }
            #expect(withoutDates(lines).filter { $0 == "shared -> subscribed" }.count == 2)
            #expect(withoutDates(lines).filter { $0 == "shared -> isDisposed" }.count == 2)
        }
    }
}
