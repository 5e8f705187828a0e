import Testing
@testable import Rill

extension AllTests {
    @Suite struct ObserverListTests {
        /// A sink that only records what it receives.
        final class RecordingSink: Sink<Int> {
            var events: [String] = []
            override func onNext(_ element: Int) { events.append("\(element)") }
            override func onError(_ error: any Error) { events.append("x(\(error))") }
            override func onCompleted() { events.append("|") }
        }

        /// Runs subscriber `id`'s catch-up to the end, as `SubjectCore` does outside its lock.
        private func catchUp(_ list: inout ObserverList, _ id: UInt64, into sink: RecordingSink) -> String {
            while true {
                switch list.nextCatchUpStep(for: id, as: Int.self) {
                case .next(let element): sink.onNext(element)
                case .terminal(let termination): termination.deliver(to: sink); return "ended"
                case .caughtUp: return "caught up"
                case .removed: return "removed"
                }
            }
        }

        private func liveIDs(_ list: ObserverList) -> [UInt64] { list.live.map(\.id) }

        @Test func liveSubscribersKeepSubscriptionOrderThroughRemovals() {
            var list = ObserverList()
            let ids = (0..<5).map { _ in list.insert(RecordingSink()) }
            #expect(liveIDs(list) == ids)
            #expect(list.remove(ids[0]) != nil)
            #expect(list.remove(ids[0]) == nil)
            let added = list.insert(RecordingSink())
            #expect(liveIDs(list) == Array(ids.dropFirst()) + [added])
        }

        @Test func aSnapshotIsUnaffectedByLaterChanges() {
            var list = ObserverList()
            let first = list.insert(RecordingSink())
            let snapshot = list.live
            _ = list.insert(RecordingSink())
            _ = list.remove(first)
            #expect(snapshot.map(\.id) == [first])
            #expect(list.live.count == 1)
        }

        @Test func aCatchingUpSubscriberGetsItsReplayThenQueuedElementsThenJoinsLive() {
            var list = ObserverList()
            let early = list.insert(RecordingSink())
            let sink = RecordingSink()
            let id = list.insert(sink, catchingUpOn: [1, 2])
            #expect(liveIDs(list) == [early])      // not live while catching up
            #expect(!list.isEmpty)
            list.queue(3, as: Int.self)
            #expect(list.nextCatchUpStep(for: id, as: Int.self).element == 1)
            list.queue(4, as: Int.self)
            #expect(catchUp(&list, id, into: sink) == "caught up")
            #expect(sink.events == ["2", "3", "4"])
            #expect(liveIDs(list) == [early, id])
        }

        @Test func subscribersJoinLiveInSubscriptionOrderWhateverOrderTheyCatchUpIn() {
            var list = ObserverList()
            let first = list.insert(RecordingSink(), catchingUpOn: [1])
            let second = list.insert(RecordingSink())
            let third = list.insert(RecordingSink(), catchingUpOn: [1])
            #expect(catchUp(&list, third, into: RecordingSink()) == "caught up")
            #expect(catchUp(&list, first, into: RecordingSink()) == "caught up")
            #expect(liveIDs(list) == [first, second, third])
        }

        @Test func terminationIsQueuedBehindTheReplayAndTheSubscriberLeaves() {
            var list = ObserverList()
            let live = list.insert(RecordingSink())
            let sink = RecordingSink()
            let id = list.insert(sink, catchingUpOn: [1])
            list.queue(2, as: Int.self)
            let toEnd = list.terminate(.error(DemoError.boom), as: Int.self)
            #expect(toEnd.map(\.id) == [live])
            #expect(list.live.isEmpty)
            #expect(catchUp(&list, id, into: sink) == "ended")
            #expect(sink.events == ["1", "2", "x(boom)"])
            #expect(list.isEmpty)
        }

        @Test func aSubscriberRemovedWhileCatchingUpStops() {
            var list = ObserverList()
            let sink = RecordingSink()
            let id = list.insert(sink, catchingUpOn: [1, 2, 3])
            #expect(list.nextCatchUpStep(for: id, as: Int.self).element == 1)
            #expect(list.remove(id) != nil)
            #expect(catchUp(&list, id, into: sink) == "removed")
            #expect(list.isEmpty)
        }

        @Test func removeAllEmptiesTheList() {
            var list = ObserverList()
            _ = list.insert(RecordingSink())
            _ = list.insert(RecordingSink(), catchingUpOn: [1])
            let removed = list.removeAll()
            #expect(removed.0.count == 1)
            #expect(removed.1.count == 1)
            #expect(list.isEmpty)
        }
    }
}

extension CatchUpStep {
    fileprivate var element: Element? {
        if case .next(let element) = self { return element }
        return nil
    }
}
