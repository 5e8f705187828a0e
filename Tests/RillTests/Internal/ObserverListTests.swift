import Foundation
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

        /// Runs the catch-up of `key`'s subscriber to the end, after its replay, as
        /// `SubjectCore` does outside its lock.
        private func catchUp(_ list: inout ObserverList, _ key: ObserverKey, into sink: RecordingSink) -> String {
            while true {
                switch list.nextCatchUpStep(for: key) {
                case .queued(let queue):
                    let queued = unsafeDowncast(queue, to: CatchUpQueue<Int>.self)
                    while let element = queued.elements.removeFirst() { sink.onNext(element) }
                case .terminal(let termination): termination.deliver(to: sink); return "ended"
                case .caughtUp: return "caught up"
                case .removed: return "removed"
                }
            }
        }

        /// The sinks a delivery would reach now, in order.
        private func liveSinks(_ list: ObserverList) -> [ObjectIdentifier] { sinks(list.live) }

        /// The sinks deliveries reach (a slot whose subscriber catches up in it holds
        /// its sink but is skipped).
        private func sinks(_ slots: ContiguousArray<ObserverList.Entry>) -> [ObjectIdentifier] {
            slots.compactMap { $0.unretainedSink != nil ? $0.sink.map(ObjectIdentifier.init) : nil }
        }

        /// Inserts a new live sink; returns its key and identity.
        private func add(_ list: inout ObserverList) -> (key: ObserverKey, sink: ObjectIdentifier) {
            let sink = RecordingSink()
            let key = sink.adoptAsKey()
            list.insert(sink, key: key)
            return (key, ObjectIdentifier(sink))
        }

        /// Inserts a new sink that catches up (see `insertCatchingUp`), registered
        /// under itself as a subject registers it; returns it and its key.
        private func addCatchingUp(_ list: inout ObserverList) -> (sink: RecordingSink, key: ObserverKey) {
            let sink = RecordingSink()
            let key = sink.adoptAsKey()
            list.insertCatchingUp(sink, key: key)
            return (sink, key)
        }

        @Test func liveSubscribersKeepRxSwiftsOrderThroughRemovals() {
            var list = ObserverList()
            let added = (0..<5).map { _ in add(&list) }
            #expect(liveSinks(list) == added.map(\.sink))
            #expect(list.remove(added[1].key) != nil)
            #expect(list.remove(added[1].key) == nil)
            #expect(list.remove(added[3].key) != nil)
            let late = add(&list)
            #expect(liveSinks(list) == [added[0], added[2], added[4], late].map(\.sink))
            // The first slot, once freed, goes to the next new subscriber.
            #expect(list.remove(added[0].key) != nil)
            let latest = add(&list)
            #expect(liveSinks(list) == [latest, added[2], added[4], late].map(\.sink))
        }

        @Test func aSnapshotIsUnaffectedByLaterChanges() {
            var list = ObserverList()
            let first = add(&list)
            let second = add(&list)
            let snapshot = list.live
            _ = add(&list)
            _ = list.remove(first.key)
            _ = list.remove(second.key)
            #expect(sinks(snapshot) == [first.sink, second.sink])
            #expect(liveSinks(list).count == 1)
        }

        @Test func orderHoldsAtAnyCountWhateverTheRemovalOrder() {
            var list = ObserverList()
            var generator = SplitMix(seed: 13)
            let added = (0..<5_000).map { _ in add(&list) }
            var remaining = Array(added.indices)
            remaining.shuffle(using: &generator)
            let removedNow = Set(remaining.prefix(4_000))
            for index in remaining.prefix(4_000) { #expect(list.remove(added[index].key) != nil) }
            let expected = added.indices.filter { !removedNow.contains($0) }.map { added[$0].sink }
            #expect(liveSinks(list) == expected)
            // Vacancies are dropped once they outnumber subscribers: a delivery walks
            // about twice the subscriber count at most.
            #expect(list.live.count <= 2 * expected.count + 16)
            // Keys stay valid through the renumbering: every survivor is removable once.
            for index in remaining.dropFirst(4_000) {
                #expect(list.remove(added[index].key) != nil)
                #expect(list.remove(added[index].key) == nil)
            }
            #expect(list.isEmpty)
            #expect(list.live.isEmpty)
        }

        @Test func removingFromTheEndLeavesNoVacancies() {
            var list = ObserverList()
            let added = (0..<100).map { _ in add(&list) }
            _ = list.remove(added[50].key)
            for entry in added.dropFirst(51).reversed() { _ = list.remove(entry.key) }
            // The vacancy at 50 became the last slot and went with the others.
            #expect(list.live.count == 50)
            #expect(liveSinks(list) == added.prefix(50).map(\.sink))
        }

        @Test func aCatchingUpSubscriberGetsTheElementsQueuedDuringItsReplayThenJoinsInItsPlace() {
            var list = ObserverList()
            let early = add(&list)
            let (sink, key) = addCatchingUp(&list)
            let late = add(&list)
            #expect(liveSinks(list) == [early.sink, late.sink])      // not live while catching up
            #expect(list.isCatchingUp(key))
            list.queue(3, as: Int.self)
            guard case .queued(let first) = list.nextCatchUpStep(for: key) else { Issue.record("3 not queued"); return }
            list.queue(4, as: Int.self)                            // arrives while 3 is delivered
            #expect(unsafeDowncast(first, to: CatchUpQueue<Int>.self).elements.elements() == [3])
            #expect(catchUp(&list, key, into: sink) == "caught up")
            #expect(sink.events == ["4"])
            #expect(!list.isCatchingUp(key))
            #expect(liveSinks(list) == [early.sink, ObjectIdentifier(sink), late.sink])
        }

        @Test func aCatchingUpSubscriberWithNothingQueuedJoinsAtOnce() {
            var list = ObserverList()
            let (sink, key) = addCatchingUp(&list)
            guard case .caughtUp = list.nextCatchUpStep(for: key) else { Issue.record("not caught up"); return }
            #expect(liveSinks(list) == [ObjectIdentifier(sink)])
        }

        @Test func subscribersReceiveLiveEventsInSubscriptionOrderWhateverOrderTheyCatchUpIn() {
            var list = ObserverList()
            let first = RecordingSink(), third = RecordingSink()
            let firstKey = first.adoptAsKey(), thirdKey = third.adoptAsKey()
            list.insertCatchingUp(first, key: firstKey)
            let second = add(&list)
            list.insertCatchingUp(third, key: thirdKey)
            #expect(catchUp(&list, thirdKey, into: third) == "caught up")
            #expect(catchUp(&list, firstKey, into: first) == "caught up")
            #expect(liveSinks(list) == [ObjectIdentifier(first), second.sink, ObjectIdentifier(third)])
        }

        @Test func terminationIsQueuedBehindTheReplayAndTheSubscriberLeaves() {
            var list = ObserverList()
            let live = add(&list)
            let (sink, key) = addCatchingUp(&list)
            list.queue(2, as: Int.self)
            let toEnd = list.terminate(.error(DemoError.boom))
            #expect(sinks(toEnd) == [live.sink])
            #expect(list.live.isEmpty)
            #expect(!list.isEmpty)
            #expect(catchUp(&list, key, into: sink) == "ended")
            #expect(sink.events == ["2", "x(boom)"])
            #expect(list.isEmpty)
        }

        @Test func aSubscriberRemovedWhileCatchingUpStopsAndLeavesNoSlot() {
            var list = ObserverList()
            let (sink, key) = addCatchingUp(&list)
            list.queue(1, as: Int.self)
            #expect(list.remove(key) != nil)
            #expect(list.remove(key) == nil)
            #expect(catchUp(&list, key, into: sink) == "removed")
            #expect(list.isEmpty)
            #expect(list.live.isEmpty)
        }

        @Test func aSubscriberRemovedWhileCatchingUpAfterTheEndIsFoundAndRemoved() {
            var list = ObserverList()
            let key = RecordingSink().adoptAsKey()
            list.insertCatchingUp(key, key: key)
            _ = list.terminate(.completed)
            #expect(list.remove(key) != nil)
            #expect(list.isEmpty)
        }

        /// A subscriber catching up in its slot gets a record of its own when a live
        /// element or the terminal event arrives meanwhile, and otherwise joins the
        /// deliveries in its slot with no record at all.
        @Test func aSubscriberCatchingUpInItsSlotMovesOutOnlyWhenSomethingArrives() {
            var list = ObserverList()
            let (quiet, quietKey) = addCatchingUp(&list)
            #expect(list.hasCatchingUp)
            #expect(liveSinks(list).isEmpty)
            guard case .caughtUp = list.nextCatchUpStep(for: quietKey) else { Issue.record("not caught up"); return }
            #expect(!list.hasCatchingUp)
            #expect(liveSinks(list) == [ObjectIdentifier(quiet)])

            let (busy, busyKey) = addCatchingUp(&list)
            _ = list.recipients(of: 7)
            guard case .queued = list.nextCatchUpStep(for: busyKey) else { Issue.record("7 not queued"); return }
            guard case .caughtUp = list.nextCatchUpStep(for: busyKey) else { Issue.record("not caught up"); return }
            #expect(liveSinks(list) == [ObjectIdentifier(quiet), ObjectIdentifier(busy)])

            let (_, endingKey) = addCatchingUp(&list)
            let delivered = list.terminate(.completed)
            #expect(sinks(delivered) == [ObjectIdentifier(quiet), ObjectIdentifier(busy)])
            guard case .terminal = list.nextCatchUpStep(for: endingKey) else { Issue.record("no terminal event"); return }
            #expect(list.isEmpty)
        }

        /// Removing a subscriber that catches up in its slot ends its catch-up.
        @Test func removingASubscriberCatchingUpInItsSlot() {
            var list = ObserverList()
            let (sink, key) = addCatchingUp(&list)
            #expect(list.isCatchingUp(key))
            #expect(list.remove(key) === sink)
            #expect(!list.isCatchingUp(key))
            #expect(!list.hasCatchingUp)
            guard case .removed = list.nextCatchUpStep(for: key) else { Issue.record("still catching up"); return }
            #expect(list.isEmpty)
        }

        /// A slot keeps its sink through its key alone. A sink registered a second
        /// time gets a key object of its own, which must keep it alive too.
        @Test func aSinkRegisteredTwiceIsKeptByEachOfItsKeys() {
            var list = ObserverList()
            weak var released: RecordingSink?
            // The keys, unretained as a subscription's removal holds them: only the
            // list keeps them (and through them the sink).
            let (first, second): (Unmanaged<ObserverKey>, Unmanaged<ObserverKey>) = {
                let sink = RecordingSink()
                released = sink
                let first = sink.adoptAsKey(), second = sink.adoptAsKey()
                #expect(first === sink)
                #expect(second !== sink)
                list.insert(sink, key: first)
                list.insert(sink, key: second)
                return (Unmanaged.passUnretained(first), Unmanaged.passUnretained(second))
            }()
            #expect(released != nil)
            var removed = list.remove(first.takeUnretainedValue())
            #expect(removed === released)
            removed = nil
            #expect(released != nil)                   // the second slot still holds it
            #expect(list.live.compactMap(\.sink).count == 1)
            removed = list.remove(second.takeUnretainedValue())
            #expect(removed != nil)
            removed = nil
            #expect(released == nil)
            #expect(list.isEmpty)
        }

        @Test func removeAllEmptiesTheList() {
            var list = ObserverList()
            _ = add(&list)
            let catchingUp = RecordingSink().adoptAsKey()
            list.insertCatchingUp(catchingUp, key: catchingUp)
            let removed = list.removeAll()
            #expect(removed.0.count == 2)        // the live slot and the catching-up one
            // Both sinks come back for release after the lock: the catching-up one in
            // its slot (nothing arrived for it, so it has no catch-up record).
            #expect(removed.0.compactMap(\.sink).count == 2)
            #expect(removed.1.isEmpty)
            #expect(list.isEmpty)
        }

        @Test func aSubscriberRemovedDuringADeliveryStillGetsThatElementAndOneAddedDoesNot() {
            let subject = PublishSubject<Int>()
            var log: [String] = []
            var second: (any Disposable)?
            var added: [any Disposable] = []
            let first = subject.subscribe(onNext: { value in
                log.append("first \(value)")
                second?.dispose()
                added.append(subject.subscribe(onNext: { log.append("added \($0)") }))
            })
            second = subject.subscribe(onNext: { log.append("second \($0)") })
            subject.onNext(1)
            #expect(log == ["first 1", "second 1"])
            log = []
            subject.onNext(2)
            #expect(log == ["first 2", "added 2"])
            first.dispose()
            added.forEach { $0.dispose() }
            #expect(!subject.hasObservers)
        }

        /// Seven threads subscribe and dispose (eight at a time, disposed in a shuffled
        /// order) while an eighth sends 0, 1, 2, ... Each subscriber receives, in
        /// order and once each, every element sent entirely within its subscription;
        /// none sent entirely before it (beyond `replay` replayed ones) or begun after
        /// its disposal returned.
        private func checkSnapshotRulesUnderConcurrency(
            replay: Int, makeSubject: () -> (Observable<Int>, @Sendable (Int) -> Void)
        ) {
            let (observable, send) = makeSubject()
            let started = AtomicWord(), finished = AtomicWord(), subscribersDone = AtomicWord()
            let records = SharedLog<SubscriptionRecord>()
            let group = DispatchGroup()
            let subscriberThreads = 7
            DispatchQueue.global().async(group: group) {
                var value = 0
                while subscribersDone.value < subscriberThreads && value < 2_000_000 {
                    started.store(value + 1)
                    send(value)
                    finished.store(value + 1)
                    value += 1
                }
            }
            for thread in 0..<subscriberThreads {
                DispatchQueue.global().async(group: group) {
                    var generator = SplitMix(seed: UInt64(thread))
                    for _ in 0..<20 {
                        var open: [(any Disposable, SubscriptionRecord)] = []
                        for _ in 0..<8 {
                            let record = SubscriptionRecord()
                            record.finishedBeforeSubscribe = finished.value
                            let subscription = observable.subscribe(onNext: { record.received.append($0) })
                            record.startedAfterSubscribe = started.value
                            open.append((subscription, record))
                        }
                        open.shuffle(using: &generator)
                        for (subscription, record) in open {
                            record.finishedBeforeDispose = finished.value
                            subscription.dispose()
                            record.startedAfterDispose = started.value
                            records.append(record)
                        }
                    }
                    subscribersDone.fetchAdd(1)
                }
            }
            #expect(group.wait(timeout: .now() + 120) == .success, "watchdog: the threads did not finish")
            #expect(records.count == subscriberThreads * 20 * 8)
            var violations = 0
            for record in records.values {
                let received = record.received.values
                let mustReceive = record.startedAfterSubscribe..<max(record.startedAfterSubscribe, record.finishedBeforeDispose)
                let mayReceive = max(0, record.finishedBeforeSubscribe - replay)..<record.startedAfterDispose
                let ordered = zip(received, received.dropFirst()).allSatisfy { $0 < $1 }
                let inBounds = received.allSatisfy { mayReceive.contains($0) }
                let receivedSet = Set(received)     // once per record: a set per element was quadratic
                let complete = mustReceive.allSatisfy { receivedSet.contains($0) }
                if !(ordered && inBounds && complete) { violations += 1 }
            }
            #expect(violations == 0)
        }

        @Test func snapshotRulesHoldUnderConcurrentSubscribeAndDisposeFromEightThreads() {
            checkSnapshotRulesUnderConcurrency(replay: 0) {
                let subject = PublishSubject<Int>()
                return (subject.asObservable(), { subject.onNext($0) })
            }
        }

        @Test func snapshotRulesHoldForAReplayingSubjectUnderConcurrentSubscribeAndDispose() {
            checkSnapshotRulesUnderConcurrency(replay: 1) {
                let subject = ReplaySubject<Int>.create(bufferSize: 1)
                return (subject.asObservable(), { subject.onNext($0) })
            }
        }
    }
}

/// What one subscriber of the concurrency test saw, and the sender's counters
/// around its subscribe and dispose calls (each written by its own thread before
/// the record is shared).
private final class SubscriptionRecord: @unchecked Sendable {
    // Sendable: the counters are written by the subscribing thread before the record
    // is published through `SharedLog`'s lock; `received` has its own lock.
    var finishedBeforeSubscribe = 0
    var startedAfterSubscribe = 0
    var finishedBeforeDispose = 0
    var startedAfterDispose = 0
    let received = SharedLog<Int>()
}


