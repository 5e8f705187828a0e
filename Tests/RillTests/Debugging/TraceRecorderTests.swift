import Foundation
import Testing
import RillTest
@testable import Rill

extension AllTests {
    @Suite struct TraceRecorderTests {
        /// A hot source at 210, 240, 270 and completion at 300, traced before and after
        /// `map`, subscribed by `scheduler.start` at 200.
        private func tracedChain() -> TraceRecorder {
            let scheduler = TestScheduler(initialClock: 0)
            let recorder = TraceRecorder(scheduler: scheduler)
            let source = scheduler.createHotObservable([
                .next(150, 0), .next(210, 1), .next(240, 2), .next(270, 3), .completed(300),
            ])
            _ = scheduler.start {
                source.asObservable().trace("source", to: recorder).map { $0 * 10 }.trace("mapped", to: recorder)
            }
            return recorder
        }

        @Test func aTracedChainOnTestSchedulerGivesExactlyTheExpectedChromeTrace() {
            #expect(tracedChain().chromeTraceJSON() == Self.goldenJSON)
        }

        @Test func aTracedChainOnTestSchedulerGivesExactlyTheExpectedTimeline() {
            #expect(tracedChain().timelineSVG() == Self.goldenSVG)
        }

        @Test func theChromeTraceHasTheFormatsRequiredFields() throws {
            let scheduler = TestScheduler(initialClock: 0)
            let recorder = TraceRecorder(scheduler: scheduler)
            let source = scheduler.createColdObservable([.next(10, "a \"quoted\"\nline"), .error(20, DemoError.boom)])
            _ = scheduler.start { source.asObservable().trace("odd \\ name", to: recorder) }
            let object = try JSONSerialization.jsonObject(with: Data(recorder.chromeTraceJSON().utf8)) as? [String: Any]
            let events = try #require(object?["traceEvents"] as? [[String: Any]])
            #expect(object?["displayTimeUnit"] as? String == "ms")
            var open: Set<Int> = []
            for event in events {
                let phase = try #require(event["ph"] as? String)
                #expect(["M", "b", "e", "I"].contains(phase))
                #expect(event["name"] is String)
                #expect(event["pid"] is Int)
                #expect(event["tid"] is Int)
                if phase == "M" {
                    #expect(["process_name", "thread_name"].contains(event["name"] as? String))
                    #expect((event["args"] as? [String: Any])?["name"] is String)
                    continue
                }
                #expect(event["ts"] is NSNumber)
                #expect(event["cat"] is String)
                switch phase {
                case "b": open.insert(try #require(event["id"] as? Int))
                case "e": #expect(open.remove(try #require(event["id"] as? Int)) != nil)
                default: #expect(event["s"] as? String == "t")
                }
            }
            #expect(open.isEmpty)
            let names = events.compactMap { $0["name"] as? String }
            #expect(names.contains("odd \\ name: next(a \"quoted\"\nline)"))
            #expect(names.contains("odd \\ name: error(boom)"))
        }

        @Test func aSubscriptionStillRunningHasAnOpenSpan() {
            let subject = PublishSubject<Int>()
            let scheduler = TestScheduler(initialClock: 0)
            let recorder = TraceRecorder(scheduler: scheduler)
            let subscription = subject.trace("live", to: recorder).subscribe()
            subject.onNext(7)
            let json = recorder.chromeTraceJSON()
            #expect(json.contains(#""ph":"b""#))
            #expect(!json.contains(#""ph":"e""#))
            #expect(recorder.timelineSVG().contains("still running"))
            subscription.dispose()
            #expect(recorder.chromeTraceJSON().contains(#""ph":"e""#))
        }

        @Test func eventsRecordTheThreadTheyRanOn() async {
            let recorder = TraceRecorder()
            let subject = PublishSubject<Int>()
            let subscription = subject.trace("threads", to: recorder).subscribe()
            subject.onNext(1)
            await Task.detached {
                await withCheckedContinuation { done in
                    Thread.detachNewThread { subject.onNext(2); done.resume() }
                }
            }.value
            subscription.dispose()
            let (records, threads) = recorder.records
            let nextThreads = records.compactMap { record -> Int? in
                if case .next = record.kind { return record.thread }
                return nil
            }
            #expect(nextThreads.count == 2)
            #expect(Set(nextThreads).count == 2)
            #expect(threads.map(\.number) == Array(1...Set(records.map(\.thread)).count))
        }

        @Test func theMonotonicClockStartsAtTheRecorderAndNeverGoesBack() {
            let recorder = TraceRecorder()
            _ = Observable.of(1, 2, 3).trace("of", to: recorder).subscribe()
            let times = recorder.records.records.map(\.time)
            #expect(times.count == 6)
            #expect(times.first.map { $0 >= 0 && $0 < 60 } == true)
            #expect(zip(times, times.dropFirst()).allSatisfy { $0 <= $1 })
        }

        @Test func clearForgetsTheRecords() {
            let recorder = TraceRecorder()
            _ = Observable.just(1).trace("just", to: recorder).subscribe()
            recorder.clear()
            #expect(recorder.records.records.isEmpty)
        }

        static let goldenJSON = #"""
        {"traceEvents":[
        {"name":"process_name","ph":"M","pid":1,"tid":0,"args":{"name":"Rill trace"}},
        {"name":"thread_name","ph":"M","pid":1,"tid":1,"args":{"name":"thread 1"}},
        {"name":"mapped","cat":"subscription","ph":"b","id":1,"ts":200000000,"pid":1,"tid":1,"args":{"subscription":1}},
        {"name":"source","cat":"subscription","ph":"b","id":2,"ts":200000000,"pid":1,"tid":1,"args":{"subscription":2}},
        {"name":"source: next(1)","cat":"event","ph":"I","s":"t","ts":210000000,"pid":1,"tid":1,"args":{"subscription":2,"next":"1"}},
        {"name":"mapped: next(10)","cat":"event","ph":"I","s":"t","ts":210000000,"pid":1,"tid":1,"args":{"subscription":1,"next":"10"}},
        {"name":"source: next(2)","cat":"event","ph":"I","s":"t","ts":240000000,"pid":1,"tid":1,"args":{"subscription":2,"next":"2"}},
        {"name":"mapped: next(20)","cat":"event","ph":"I","s":"t","ts":240000000,"pid":1,"tid":1,"args":{"subscription":1,"next":"20"}},
        {"name":"source: next(3)","cat":"event","ph":"I","s":"t","ts":270000000,"pid":1,"tid":1,"args":{"subscription":2,"next":"3"}},
        {"name":"mapped: next(30)","cat":"event","ph":"I","s":"t","ts":270000000,"pid":1,"tid":1,"args":{"subscription":1,"next":"30"}},
        {"name":"source: completed","cat":"event","ph":"I","s":"t","ts":300000000,"pid":1,"tid":1,"args":{"subscription":2}},
        {"name":"mapped: completed","cat":"event","ph":"I","s":"t","ts":300000000,"pid":1,"tid":1,"args":{"subscription":1}},
        {"name":"mapped","cat":"subscription","ph":"e","id":1,"ts":300000000,"pid":1,"tid":1},
        {"name":"source","cat":"subscription","ph":"e","id":2,"ts":300000000,"pid":1,"tid":1}
        ],"displayTimeUnit":"ms"}

        """#
        static let goldenSVG = #"""
        <svg xmlns="http://www.w3.org/2000/svg" width="670.0" height="156.0" viewBox="0 0 670.0 156.0" font-family="Menlo, monospace" font-size="13">
        <rect width="100%" height="100%" fill="#ffffff"/>
        <text x="80.0" y="20" fill="#333333">Rill trace: 200 to 300</text>
        <text x="8" y="66.0" fill="#555555">source</text>
        <rect x="105.5" y="76.0" width="509.1" height="4" fill="#9ecae1"><title>subscription 2: 200–300</title></rect>
        <line x1="80.0" y1="62.0" x2="614.5" y2="62.0" stroke="#333333" stroke-width="1.5"/>
        <circle cx="156.4" cy="62.0" r="13" fill="#c6dbef" stroke="#333333"><title>next(1) @ 210 on thread 1</title></circle>
        <text x="156.4" y="66.0" text-anchor="middle" fill="#000000">1</text>
        <circle cx="309.1" cy="62.0" r="13" fill="#c6dbef" stroke="#333333"><title>next(2) @ 240 on thread 1</title></circle>
        <text x="309.1" y="66.0" text-anchor="middle" fill="#000000">2</text>
        <circle cx="461.8" cy="62.0" r="13" fill="#c6dbef" stroke="#333333"><title>next(3) @ 270 on thread 1</title></circle>
        <text x="461.8" y="66.0" text-anchor="middle" fill="#000000">3</text>
        <line x1="614.5" y1="50.0" x2="614.5" y2="74.0" stroke="#333333" stroke-width="2.5"><title>completed @ 300 on thread 1</title></line>
        <text x="8" y="122.0" fill="#555555">mapped</text>
        <rect x="105.5" y="132.0" width="509.1" height="4" fill="#9ecae1"><title>subscription 1: 200–300</title></rect>
        <line x1="80.0" y1="118.0" x2="614.5" y2="118.0" stroke="#333333" stroke-width="1.5"/>
        <circle cx="156.4" cy="118.0" r="13" fill="#c6dbef" stroke="#333333"><title>next(10) @ 210 on thread 1</title></circle>
        <text x="156.4" y="122.0" text-anchor="middle" fill="#000000">10</text>
        <circle cx="309.1" cy="118.0" r="13" fill="#c6dbef" stroke="#333333"><title>next(20) @ 240 on thread 1</title></circle>
        <text x="309.1" y="122.0" text-anchor="middle" fill="#000000">20</text>
        <circle cx="461.8" cy="118.0" r="13" fill="#c6dbef" stroke="#333333"><title>next(30) @ 270 on thread 1</title></circle>
        <text x="461.8" y="122.0" text-anchor="middle" fill="#000000">30</text>
        <line x1="614.5" y1="106.0" x2="614.5" y2="130.0" stroke="#333333" stroke-width="2.5"><title>completed @ 300 on thread 1</title></line>
        </svg>

        """#
    }
}
