import Testing
import Rill
import RillTest

extension AllTests {
    @Suite struct MarbleParsingTests {
        private let values: [Character: Int] = ["a": 1, "b": 2, "c": 3]

        @Test func eachDashIsOneFrameOfTenTicks() throws {
            let events = try Marble.events("-a--b---|", values: values)
            #expect(events == [.next(10, 1), .next(40, 2), .completed(80)])
        }

        @Test func theFirstFrameIsTimeZero() throws {
            #expect(try Marble.events("a|", values: values) == [.next(0, 1), .completed(10)])
            #expect(try Marble.events("", values: values) == [])
            #expect(try Marble.events("---", values: values) == [])
        }

        @Test func hashIsMarbleErrorUnlessAnotherErrorIsGiven() throws {
            #expect(try Marble.events("-a#", values: values) == [.next(10, 1), .error(20, MarbleError())])
            #expect(try Marble.events("--#", values: values, error: DemoError.boom) == [.error(20, DemoError.boom)])
        }

        @Test func aGroupHappensInOneFrameAndTakesOneFrame() throws {
            let events = try Marble.events("-(ab)-(c|)", values: values)
            #expect(events == [.next(10, 1), .next(10, 2), .next(30, 3), .completed(30)])
        }

        @Test func theSubscriptionPointStandsAtTheSubscriptionTimeAndTakesNoTime() throws {
            let events = try Marble.events("a-^-b(c|)", values: values)
            #expect(events == [.next(180, 1), .next(210, 2), .next(220, 3), .completed(220)])
            #expect(try Marble.events("^(a|)", values: values) == [.next(200, 1), .completed(200)])
            #expect(try Marble.events("^-a", values: values, subscribed: 500) == [.next(510, 1)])
        }

        @Test func spacesAreIgnored() throws {
            #expect(try Marble.events(" -a - b| ", values: values) == Marble.events("-a-b|", values: values))
        }

        @Test func theFrameLengthIsConfigurable() throws {
            #expect(try Marble.events("-a-b|", values: values, frame: 5) == [.next(5, 1), .next(15, 2), .completed(20)])
            #expect(Marble.defaultFrame == 10)
        }

        @Test func symbolsCanBeTheElementsThemselves() throws {
            let numbers: [Recorded<Event<Int>>] = try Marble.events("-1-2|")
            #expect(numbers == [.next(10, 1), .next(30, 2), .completed(40)])
            let strings: [Recorded<Event<String>>] = try Marble.events("x(yz)")
            #expect(strings == [.next(0, "x"), .next(10, "y"), .next(10, "z")])
        }

        @Test func schedulersCreateHotAndColdObservablesFromDiagrams() throws {
            let scheduler = TestScheduler(initialClock: 0)
            let hot = try scheduler.createHotObservable("--a-^-b--|", values: ["a": 1, "b": 2], error: DemoError.boom)
            #expect(hot.recordedEvents == [.next(180, 1), .next(210, 2), .completed(240)])
            let cold = try scheduler.createColdObservable("-a-(b#)", values: values, error: DemoError.boom)
            #expect(cold.recordedEvents == [.next(10, 1), .next(30, 2), .error(30, DemoError.boom)])
            let hotNumbers: TestableObservable<Int> = try scheduler.createHotObservable("^-1|", subscribed: 300)
            #expect(hotNumbers.recordedEvents == [.next(310, 1), .completed(320)])
            let coldNumbers: TestableObservable<Int> = try scheduler.createColdObservable("-7-|", frame: 3)
            #expect(coldNumbers.recordedEvents == [.next(3, 7), .completed(9)])
        }

        @Test(arguments: [
            ("--a--d--|", 5, "no value for 'd' (values has: a, b, c)"),
            ("-(a(b))", 3, "'(' inside a group: groups do not nest"),
            ("-a-(bc", 3, "'(' is never closed"),
            ("-a)", 2, "')' without a matching '('"),
            ("-()-", 2, "an empty group '()': use '-' for a frame without events"),
            ("(a-b)", 2, "'-' inside a group: a group is one frame, so time cannot pass inside it"),
            ("(a^b)", 2, "'^' inside a group"),
            ("-^-^-", 3, "a second '^': the subscription point is already at column 2"),
            ("-a|-b", 4, "'b' after the sequence ended at column 3"),
            ("-#|", 2, "'|' after the sequence ended at column 2"),
            ("(a|b)", 3, "'b' after the sequence ended at column 3"),
        ])
        func malformedDiagramsNameTheColumnAndTheReason(diagram: String, offset: Int, reason: String) {
            #expect(throws: MarbleSyntaxError(diagram: diagram, offset: offset, reason: reason)) {
                try Marble.events(diagram, values: values)
            }
        }

        @Test func aColdDiagramCannotHaveASubscriptionPoint() {
            let scheduler = TestScheduler(initialClock: 0)
            let expected = MarbleSyntaxError(
                diagram: "-^a|", offset: 1,
                reason: "'^' in a cold observable: its times are already relative to each subscription"
            )
            #expect(throws: expected) { try scheduler.createColdObservable("-^a|", values: values) }
        }

        @Test func aSymbolThatIsNotAnElementIsReported() {
            let expected = MarbleSyntaxError(
                diagram: "-1-x", offset: 3, reason: "'x' is not a valid Int; pass values: to name elements"
            )
            #expect(throws: expected) { let _: [Recorded<Event<Int>>] = try Marble.events("-1-x") }
        }

        @Test func theSyntaxErrorPointsAtTheColumn() {
            let error = MarbleSyntaxError(diagram: "--a--d--|", offset: 5, reason: "no value for 'd'")
            #expect(error.description == """
                Malformed marble diagram: no value for 'd'
                  --a--d--|
                       ^
                """)
        }

        @Test func aNonPositiveFrameStopsTheProcess() async {
            await #expect(processExitsWith: .failure) {
                _ = try? Marble.events("-a", values: ["a": 1], frame: 0)
            }
        }
    }
}
