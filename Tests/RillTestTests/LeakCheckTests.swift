import Testing
import Rill
import RillTest

extension AllTests {
    @Suite struct LeakCheckTests {
        @Test func aCleanCheckReportsNothing() async {
            let report = await LeakCheck.check {
                let subject = PublishSubject<Int>()
                subject.map { $0 }.subscribe(onNext: { _ in }).dispose()
            }
            #expect(report.isClean)
            #expect(report.leakedSubscriptions.isEmpty)
            #expect("\(report)" == "no Rill resources or subscriptions leaked")
        }

        @Test func aLeakedSubscriptionIsListedWithItsSiteAndChain() async {
            let subject = PublishSubject<Int>()
            var leaked: (any Disposable)?
            var line: UInt = 0
            let report = await LeakCheck.check(settle: 0) {
                leaked = subject.filter { $0 > 0 }.subscribe(onNext: { _ in }); line = #line
            }
            let site = "RillTestTests/LeakCheckTests.swift:\(line)"
            #expect(report.leakedSubscriptions.map(\.site) == [site])
            #expect(report.leakedSubscriptions.first?.chain == ["PublishSubject<Int>", "filter", "subscribe"])
            #expect(!report.isClean)
            let message = "\(report)"
            let lines = message.split(separator: "\n").map(String.init)
            #expect(lines.first?.hasSuffix("1 subscription made during the check is still running:") == true)
            #expect(lines.count == 3)
            #expect(lines.dropFirst().first?.hasPrefix("  1 × \(site) (oldest ") == true)
            #expect(lines.last == "      PublishSubject<Int> → filter → subscribe")
            leaked?.dispose()
        }

        @Test func subscriptionsMadeBeforeTheCheckAreNotBlamed() async {
            let subject = PublishSubject<Int>()
            let wasTracking = Resources.isTrackingSubscriptions
            Resources.isTrackingSubscriptions = true
            let earlier = subject.subscribe()
            Resources.isTrackingSubscriptions = wasTracking
            let report = await LeakCheck.check(settle: 0) {}
            #expect(report.leakedSubscriptions.isEmpty)
            earlier.dispose()
        }

        @Test func trackingIsSetBackAfterTheCheck() async {
            let wasTracking = Resources.isTrackingSubscriptions
            _ = await LeakCheck.check(settle: 0) {
                #expect(Resources.isTrackingSubscriptions)
            }
            #expect(Resources.isTrackingSubscriptions == wasTracking)
        }
    }
}
