import Testing
import Rill
import RillTest

extension AllTests {
    @Suite struct MarbleComparisonTests {
        @Test func operatorResultsCompareWithDiagrams() throws {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = try scheduler.createHotObservable("-a-^-b--c--|", values: ["a": 1, "b": 2, "c": 3])
            let observer = scheduler.start { xs.map { $0 * 10 } }
            try Marble.assertEqual(observer.events, "^-x--y--|", values: ["x": 20, "y": 30])
            let comparison = try Marble.compare(observer.events, "^-x--y--|", values: ["x": 20, "y": 30])
            #expect(comparison.matches, "\(comparison)")
            #expect(comparison.description == """
                Marble diagrams match:
                  expected: ^-x--y--|
                  actual:   ^-x--y--|
                """)
        }

        @Test func aMismatchDrawsBothDiagramsLinedUp() throws {
            let actual: [Recorded<Event<Int>>] = [.next(210, 1), .next(270, 2), .completed(280)]
            let comparison = try Marble.compare(actual, "^-a--b--|", values: ["a": 1, "b": 2])
            #expect(!comparison.matches)
            #expect(comparison.description == """
                Marble diagrams differ:
                  expected: ^-a--b--|
                  actual:   ^-a-----b|
                  first difference (event 2): expected next(2) @ 240, actual next(2) @ 270
                  expected events: [next(1) @ 210, next(2) @ 240, completed @ 270]
                  actual events:   [next(1) @ 210, next(2) @ 270, completed @ 280]
                """)
        }

        @Test func assertEqualThrowsTheReportOnAMismatch() throws {
            let actual: [Recorded<Event<Int>>] = [.next(210, 1)]
            let mismatch = #expect(throws: MarbleMismatch.self) {
                try Marble.assertEqual(actual, "^-1-2")
            }
            #expect(mismatch?.description.contains("expected: ^-1-2\n  actual:   ^-1") == true)
            #expect(mismatch?.description.contains("first difference (event 2): expected next(2) @ 230, actual nothing more") == true)
        }

        @Test func diagramsWithoutASubscriptionPointCompareFromTimeZero() throws {
            let actual: [Recorded<Event<Int>>] = [.next(10, 1), .completed(20)]
            try Marble.assertEqual(actual, "-1|")
            let comparison = try Marble.compare(actual, "-2|")
            #expect(comparison.expectedDiagram == "-2|")
            #expect(comparison.actualDiagram == "-1|")
        }

        @Test func eventArraysCompareAgainstTheDefaultSubscriptionPoint() {
            let expected: [Recorded<Event<Int>>] = [.next(190, 1), .next(210, 2)]
            let actual: [Recorded<Event<Int>>] = [.next(210, 2), .error(230, DemoError.boom)]
            let comparison = Marble.compare(actual, expected)
            #expect(!comparison.matches)
            #expect(comparison.expectedDiagram == "1^-2")
            #expect(comparison.actualDiagram == "-^-2-#")
        }

        @Test func symbolsChosenForLongDescriptionsAreExplained() {
            let expected: [Recorded<Event<Int>>] = [.next(210, 10), .next(220, 42)]
            let comparison = Marble.compare([], expected)
            #expect(comparison.description.contains("expected: ^-ab\n  actual:   ^\n  where a = 10, b = 42"))
        }

        @Test func errorsCompareByRillTestsRule() throws {
            let actual: [Recorded<Event<Int>>] = [.error(210, DemoError.boom)]
            try Marble.assertEqual(actual, "^-#", error: DemoError.boom)
            #expect(throws: MarbleMismatch.self) { try Marble.assertEqual(actual, "^-#", error: DemoError.timeout) }
            #expect(throws: MarbleMismatch.self) { try Marble.assertEqual(actual, "^-#") }
        }

        @Test func aMalformedExpectedDiagramIsASyntaxError() {
            #expect(throws: MarbleSyntaxError.self) {
                try Marble.assertEqual([Recorded<Event<Int>>](), "^-a-(", values: ["a": 1])
            }
        }
    }
}
