import Foundation
import Testing
import Rill

private let ping = Notification.Name("rill.test.ping")
private let pong = Notification.Name("rill.test.pong")

extension AllTests {
    @Suite struct NotificationCenterTests {
        @Test func eachSubscriberRegistersItsOwnObserver() {
            let counter = ObserverCounter()
            let first = counter.observe()
            #expect(counter.liveObservers == 1)
            let second = counter.observe()
            #expect(counter.liveObservers == 2)
            first.dispose()
            second.dispose()
        }

        @Test func disposingEverySubscriptionRemovesEveryObserver() {
            let counter = ObserverCounter()
            let first = counter.observe()
            let second = counter.observe()
            first.dispose()
            #expect(counter.liveObservers == 1)
            second.dispose()
            #expect(counter.liveObservers == 0)
        }

        @Test func nothingIsRegisteredBeforeSubscribingOrAfterCompletion() {
            let counter = ObserverCounter()
            let untilPong = counter.center.rx.notification(ping).take(until: counter.center.rx.notification(pong))
            #expect(counter.liveObservers == 0)
            let received = Collector<Notification.Name>()
            let subscription = untilPong.subscribe(onNext: { received.append($0.name) })
            #expect(counter.liveObservers == 0)          // counted only by its own post
            #expect(received.values == [ping])
            counter.center.post(name: pong, object: nil) // ends it: both observers go
            counter.center.post(name: ping, object: nil)
            #expect(received.values == [ping])
            subscription.dispose()
        }

        @Test func onlyNotificationsWithTheNameArrive() {
            let center = NotificationCenter()
            let received = Collector<Notification.Name>()
            let subscription = center.rx.notification(ping).subscribe(onNext: { received.append($0.name) })
            center.post(name: pong, object: nil)
            center.post(name: ping, object: nil)
            #expect(received.values == [ping])
            subscription.dispose()
        }

        @Test func aNilNameReceivesEveryName() {
            let center = NotificationCenter()
            let received = Collector<Notification.Name>()
            let subscription = center.rx.notification(nil).subscribe(onNext: { received.append($0.name) })
            center.post(name: pong, object: nil)
            center.post(name: ping, object: nil)
            #expect(received.values == [pong, ping])
            subscription.dispose()
        }

        @Test func anObjectLimitsTheSender() {
            let center = NotificationCenter()
            let sender = NSObject()
            let other = NSObject()
            let received = Collector<Bool>()
            let subscription = center.rx.notification(ping, object: sender)
                .subscribe(onNext: { received.append(($0.object as AnyObject) === sender) })
            center.post(name: ping, object: other)
            center.post(name: ping, object: sender)
            #expect(received.values == [true])
            subscription.dispose()
        }

        @Test func theNotificationArrivesOnThePostingThreadAndNeverCompletes() {
            let center = NotificationCenter()
            let poster = DispatchQueue(label: "rill.test.poster")
            QueueTag.tag(poster, "poster")
            let deliveredOn = Collector<String>()
            let events = Collector<String>()
            let subscription = center.rx.notification(ping).subscribe(
                onNext: { _ in deliveredOn.append(QueueTag.current ?? "untagged") },
                onCompleted: { events.append("completed") }
            )
            poster.sync { center.post(name: ping, object: nil) }
            #expect(deliveredOn.values == ["poster"])
            subscription.dispose()
            #expect(events.values.isEmpty)
        }

        @Test func theDefaultCenterHasRx() {
            let received = Collector<Notification.Name>()
            let subscription = NotificationCenter.default.rx.notification(ping)
                .subscribe(onNext: { received.append($0.name) })
            NotificationCenter.default.post(name: ping, object: nil)
            subscription.dispose()
            NotificationCenter.default.post(name: ping, object: nil)
            #expect(received.values == [ping])
        }

        /// The article's exercise: a notification posted on a background queue
        /// reaches a main-actor closure once `observe(on: MainScheduler.instance)`
        /// moves it to the main queue. (Without it, the closure's isolation check
        /// would stop the program, as the notification arrives on the poster's queue.)
        @MainActor
        @Test func aBackgroundNotificationReachesAMainActorClosureAfterObserveOnMain() async {
            let center = NotificationCenter()
            var names: [Notification.Name] = []
            var deliveredOnMainQueue = false
            let subscription = center.rx.notification(ping)
                .observe(on: MainScheduler.instance)
                .subscribe(onNext: {
                    names.append($0.name)                      // main-actor state
                    deliveredOnMainQueue = QueueTag.isMainQueue
                })
            DispatchQueue.global().async { center.post(name: ping, object: nil) }
            #expect(await eventually { !names.isEmpty })
            #expect(names == [ping])
            #expect(deliveredOnMainQueue)
            subscription.dispose()
        }
    }
}

/// Counts the observers of `name` that are live on `center`: subscriptions made
/// through `observe` each add one to `deliveries` per notification, so one post
/// adds exactly the number of live observers.
private final class ObserverCounter: Sendable {
    let center = NotificationCenter()
    private let deliveries = LockedBox(0)

    func observe() -> any Disposable {
        let deliveries = self.deliveries
        return center.rx.notification(ping).subscribe(onNext: { _ in deliveries.mutate { $0 += 1 } })
    }

    var liveObservers: Int {
        let before = deliveries.value
        center.post(name: ping, object: nil)
        return deliveries.value - before
    }
}
