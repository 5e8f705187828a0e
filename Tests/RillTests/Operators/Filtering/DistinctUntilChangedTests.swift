import Testing
@testable import Rill
import RillTest

extension AllTests {
    @Suite struct DistinctUntilChangedTests {
        struct User: Equatable {
            let id: Int
            let name: String
        }

        @Test func dropsConsecutiveRepeats() {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = scheduler.createHotObservable([
                .next(210, 1), .next(220, 1), .next(230, 2), .next(240, 2), .next(250, 1), .completed(300),
            ])
            let res = scheduler.start { xs.distinctUntilChanged() }
            #expect(res.events == [.next(210, 1), .next(230, 2), .next(250, 1), .completed(300)])
            #expect(xs.subscriptions == [Subscription(200, 300)])
        }

        @Test func keySelectorComparerAndKeyPathForms() {
            let words = Observable.of("a", "A", "b", "B", "a")
            #expect(record(words.distinctUntilChanged { $0.lowercased() }) == ["a", "b", "a", "|"])
            #expect(record(words.distinctUntilChanged { $0.lowercased() == $1.lowercased() }) == ["a", "b", "a", "|"])
            #expect(record(words.distinctUntilChanged({ $0.lowercased() }, comparer: { $0 == $1 })) == ["a", "b", "a", "|"])
            let users = Observable.of(User(id: 1, name: "ada"), User(id: 1, name: "Ada"), User(id: 2, name: "bob"))
            #expect(record(users.distinctUntilChanged(at: \.id).map(\.name)) == ["ada", "bob", "|"])
        }

        @Test func forwardsTheErrorAndUnsubscribes() {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = scheduler.createHotObservable([.next(210, 1), .error(230, DemoError.boom)])
            let res = scheduler.start { xs.distinctUntilChanged() }
            #expect(res.events == [.next(210, 1), .error(230, DemoError.boom)])
            #expect(xs.subscriptions == [Subscription(200, 230)])
        }

        @Test func aThrowingComparerEndsTheSequence() {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .next(230, 3)])
            let res = scheduler.start {
                xs.distinctUntilChanged { (_: Int, _: Int) throws -> Bool in throw DemoError.boom }
            }
            #expect(res.events == [.next(210, 1), .error(220, DemoError.boom)])
            #expect(xs.subscriptions == [Subscription(200, 220)])
        }

        @Test func disposingMidStreamUnsubscribes() {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = scheduler.createHotObservable([.next(210, 1), .next(260, 2)])
            let res = scheduler.start(disposed: 250) { xs.distinctUntilChanged() }
            #expect(res.events == [.next(210, 1)])
            #expect(xs.subscriptions == [Subscription(200, 250)])
        }
    

        /// An element larger than the sink's inline storage (four words) is kept
        /// in a buffer of its own: both paths compare and replace correctly.
        @Test func elementsLargerThanTheInlineStorageAreComparedToo() {
            struct Wide: Equatable { var a = 0, b = 0, c = 0, d = 0, e = 0 }
            var seen: [Int] = []
            _ = Observable.from([Wide(e: 1), Wide(e: 1), Wide(e: 2), Wide(a: 3, e: 2), Wide(a: 3, e: 2)])
                .distinctUntilChanged()
                .subscribe(onNext: { seen.append($0.a * 10 + $0.e) })
            #expect(seen == [1, 2, 32])
        }

        /// The previous element is released when it is replaced and when the
        /// subscription ends, from inline storage as from the buffer.
        @Test func thePreviousElementIsReleasedWhenReplacedAndAtTheEnd() {
            final class Box: Equatable {
                nonisolated(unsafe) static var alive = 0
                let value: Int
                init(_ value: Int) { self.value = value; Box.alive += 1 }
                deinit { Box.alive -= 1 }
                static func == (lhs: Box, rhs: Box) -> Bool { lhs.value == rhs.value }
            }
            let subject = PublishSubject<Box>()
            var seen: [Int] = []
            let subscription = subject.distinctUntilChanged().subscribe(onNext: { seen.append($0.value) })
            subject.onNext(Box(1))
            subject.onNext(Box(1))
            #expect(Box.alive == 1)
            subject.onNext(Box(2))
            #expect(Box.alive == 1)
            subscription.dispose()
            #expect(Box.alive == 0)
            #expect(seen == [1, 2])
        }

        /// `DistinctEquatableSink` keeps the previous element in its first stored
        /// property, reached by address (`sinkWords(of:)`): check the layout
        /// against reflection, which reads fields at their real offsets.
        @Test func theInlineElementStorageLeadsTheSink() throws {
            let sink = DistinctEquatableSink<Int>(downstream: Sink<Int>())
            sink.onNext(0x5A)
            let storage = try #require(Mirror(reflecting: sink).children.first { $0.label == "storage" }?.value as? (Int, Int, Int, Int))
            #expect(storage.0 == 0x5A)
        }
    }
}
