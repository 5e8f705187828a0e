import Foundation
import Testing
import Rill
import RillTest

extension AllTests {
    @Suite struct RecordedTests {
        private struct MessageError: Error {
            let message: String
        }

        @Test func recordedValuesAreEqualWhenTimeAndValueAre() {
            #expect(Recorded(time: 10, value: "a") == Recorded(time: 10, value: "a"))
            #expect(Recorded(time: 10, value: "a") != Recorded(time: 11, value: "a"))
            #expect(Recorded(time: 10, value: "a") != Recorded(time: 10, value: "b"))
        }

        @Test func eventHelpersBuildRecordedEvents() {
            let events: [Recorded<Event<Int>>] = [.next(210, 1), .error(250, DemoError.boom), .completed(300)]
            #expect(events.map(\.time) == [210, 250, 300])
            #expect(events[0].value.element == 1)
            #expect(events[1].value.error as? DemoError == .boom)
            #expect(events[2].value.isCompleted)
            #expect(Recorded.completed(300, Int.self) == Recorded<Event<Int>>.completed(300))
            #expect(Recorded.error(250, DemoError.boom, Int.self) == Recorded<Event<Int>>.error(250, DemoError.boom))
        }

        @Test func eventsCollectsVariadicAndArrayForms() {
            let variadic = Recorded.events(.next(210, 2), .next(220, 3), .completed(250))
            let array = Recorded.events([.next(210, 2), .next(220, 3), .completed(250)])
            #expect(variadic == array)
            #expect(variadic.count == 3)
        }

        @Test func eventsAreEqualByCaseAndContents() {
            #expect(Event.next(1) == Event.next(1))
            #expect(Event.next(1) != Event.next(2))
            #expect(Event<Int>.completed == .completed)
            #expect(Event.next(1) != .completed)
            #expect(Event<Int>.completed != .error(DemoError.boom))
        }

        @Test func equatableErrorsCompareWithTheirOwnEquality() {
            #expect(Event<Int>.error(DemoError.boom) == .error(DemoError.boom))
            #expect(Event<Int>.error(DemoError.boom) != .error(DemoError.timeout))
            #expect(Event<Int>.error(RxError.noElements) == .error(RxError.noElements))
        }

        @Test func otherErrorsCompareByTypeAndReflection() {
            #expect(Event<Int>.error(MessageError(message: "x")) == .error(MessageError(message: "x")))
            #expect(Event<Int>.error(MessageError(message: "x")) != .error(MessageError(message: "y")))
            #expect(Event<Int>.error(DemoError.boom) != .error(MessageError(message: "boom")))
        }

        @Test func nsErrorsCompareByDomainCodeAndUserInfo() {
            let first = NSError(domain: "test", code: 1, userInfo: ["k": "v"])
            #expect(Event<Int>.error(first) == .error(NSError(domain: "test", code: 1, userInfo: ["k": "v"])))
            #expect(Event<Int>.error(first) != .error(NSError(domain: "test", code: 2, userInfo: ["k": "v"])))
        }

        @Test func optionalElementsCompare() {
            let events: [Recorded<Event<Int?>>] = [.next(210, nil), .next(220, 1), .completed(230)]
            #expect(events == [.next(210, nil), .next(220, 1), .completed(230)])
            #expect(events != [.next(210, 0), .next(220, 1), .completed(230)])
        }

        @Test func recordedEventsDescribeThemselvesWithTheirTime() {
            #expect(Recorded<Event<Int>>.next(210, 1).debugDescription == "next(1) @ 210")
            #expect(Recorded<Event<Int>>.completed(300).debugDescription == "completed @ 300")
        }

        @Test func aSubscriptionWithoutAnEndLastsUntilIntMax() {
            #expect(Subscription(200).unsubscribe == Int.max)
            #expect(Subscription(200) == Subscription(200, Int.max))
            #expect(Subscription(200).debugDescription == "(200: Infinity)")
            #expect(Subscription(200, 300).debugDescription == "(200: 300)")
            #expect(Set([Subscription(200, 300), Subscription(200, 300), Subscription(200)]).count == 2)
        }
    }
}
