import Foundation
import Testing
import Rill

extension AllTests {
    /// Replay by time with senders and subscribers on several threads: each
    /// subscriber sees its replay, then every later element, in order and without
    /// gaps, and the replay respects the window and the buffer size.
    @Suite struct ReplayWindowConcurrencyTests {
        /// Whether `values` are consecutive integers.
        static func isConsecutive(_ values: [Int]) -> Bool {
            zip(values, values.dropFirst()).allSatisfy { $1 == $0 + 1 }
        }

        /// One thread sends 0..<20,000, setting a clock it controls to each element's
        /// number first, so element `n` is stamped `n`. Five threads subscribe and
        /// dispose 200 times each. A subscriber that read the clock as `t` before
        /// subscribing must start after `t - window` and at most `bufferSize`
        /// elements back, and never skip an element.
        @Test(arguments: [(bufferSize: 8, window: 20), (bufferSize: 64, window: 8)])
        func subscribersOnFiveThreadsGetARecentReplayThenEveryLaterElementInOrder(
            bufferSize: Int, window: Int
        ) {
            let clock = ManualClock()
            let subject = ReplaySubject<Int>.create(bufferSize: bufferSize, window: .seconds(window), scheduler: clock)
            let failures = SharedLog<String>()
            let checked = SharedLog<Int>()
            subject.onNext(0)
            let finished = runOnThreads(6) { thread in
                guard thread > 0 else {
                    for value in 1..<20_000 {
                        clock.time = TimeInterval(value)
                        subject.onNext(value)
                    }
                    return
                }
                for _ in 0..<200 {
                    let before = Int(clock.time)
                    let seen = SharedLog<Int>()
                    let subscription = subject.subscribe(onNext: { seen.append($0) })
                    for _ in 0..<50 { _ = subject.hasObservers }   // a moment for live elements to arrive
                    subscription.dispose()
                    let values = seen.values
                    checked.append(values.count)
                    guard let first = values.first else {
                        failures.append("nothing replayed at \(before)")
                        continue
                    }
                    if first <= before - window { failures.append("\(first) replayed at \(before): too old") }
                    if first < before - bufferSize { failures.append("\(first) replayed at \(before): too far back") }
                    if !Self.isConsecutive(values) { failures.append("a gap or disorder in \(values)") }
                }
            }
            #expect(finished, "deadlock")
            // How much each subscription saw depends on timing: printed, not asserted.
            print("bufferSize \(bufferSize), window \(window): 1,000 subscriptions received \(checked.values.reduce(0, +)) elements")
            #expect(checked.count == 1_000)
            #expect(failures.count == 0, "\(failures.values.prefix(5))")
            subject.onCompleted()
            #expect(!subject.hasObservers)
        }

        /// Two threads send through `share(replay:window:scheduler:)` on a real clock
        /// while four threads subscribe and dispose, and a stable subscriber keeps
        /// the connection: each subscriber sees each sender's elements in order
        /// without gaps, and the stable one sees every element once.
        @Test func sharedWithAWindowOnARealClockKeepsEachSendersElementsInOrderWithoutGaps() {
            let source = PublishSubject<Int>()
            let scheduler = SerialDispatchQueueScheduler(qos: .default)
            let shared = source.share(replay: 16, window: .milliseconds(2), scheduler: scheduler)
            let stable = SharedLog<Int>()
            let stableSubscription = shared.subscribe(onNext: { stable.append($0) })
            let failures = SharedLog<String>()
            let perSender = 5_000
            let finished = runOnThreads(6) { thread in
                guard thread >= 2 else {
                    for value in 0..<perSender { source.onNext(thread * 1_000_000 + value) }
                    return
                }
                for _ in 0..<200 {
                    let seen = SharedLog<Int>()
                    let subscription = shared.subscribe(onNext: { seen.append($0) })
                    subscription.dispose()
                    let values = seen.values
                    for sender in 0..<2 where !Self.isConsecutive(values.filter { $0 / 1_000_000 == sender }) {
                        failures.append("sender \(sender): a gap or disorder in \(values)")
                    }
                }
            }
            #expect(finished, "deadlock")
            stableSubscription.dispose()
            #expect(failures.count == 0, "\(failures.values.prefix(3))")
            for sender in 0..<2 {
                let received = stable.values.filter { $0 / 1_000_000 == sender }
                #expect(received == (0..<perSender).map { sender * 1_000_000 + $0 })
            }
            #expect(!source.hasObservers)
        }
    }
}
