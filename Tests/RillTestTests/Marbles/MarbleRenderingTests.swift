import Testing
import Rill
import RillTest

extension AllTests {
    @Suite struct MarbleRenderingTests {
        private let values: [Character: Int] = ["a": 1, "b": 2, "c": 3]

        @Test(arguments: ["^-a--b--|", "a-^-b(c|)", "^(ab)-c-#", "^(a|)", "^", "ab^", "a--^"])
        func diagramsWithASubscriptionPointRoundTrip(diagram: String) throws {
            let events = try Marble.events(diagram, values: values)
            #expect(Marble.diagram(events, values: values) == diagram)
        }

        @Test(arguments: ["-a--b--|", "(ab)-c-#", "a", "", "---(a|)"])
        func diagramsFromTimeZeroRoundTrip(diagram: String) throws {
            let events = try Marble.events(diagram, values: values)
            #expect(Marble.diagram(events, values: values, subscribed: nil) == diagram)
        }

        @Test func theFrameLengthScalesTheDrawing() throws {
            let events: [Recorded<Event<Int>>] = [.next(5, 1), .completed(15)]
            #expect(Marble.diagram(events, values: values, frame: 5, subscribed: nil) == "-a-|")
        }

        @Test func elementsWithoutASymbolAreDrawnByTheirDescriptionOrASpareLetter() {
            let digits: [Recorded<Event<Int>>] = [.next(210, 1), .next(220, 2), .completed(230)]
            #expect(Marble.diagram(digits) == "^-12|")
            let words: [Recorded<Event<String>>] = [.next(200, "ten"), .next(210, "a"), .next(220, "ten")]
            #expect(Marble.diagram(words) == "^bab")
        }

        @Test func eventsBetweenFrameBoundariesAreDrawnInTheFrameTheyFallIn() {
            let events: [Recorded<Event<Int>>] = [.next(201, 1), .next(219, 2), .next(195, 3)]
            #expect(Marble.diagram(events, values: values) == "c^ab")
        }
    }
}
