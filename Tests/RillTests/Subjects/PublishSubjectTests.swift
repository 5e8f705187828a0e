import Testing
import Rill

extension AllTests {
    @Suite struct PublishSubjectTests {
        @Test func lateSubscriberGetsOnlyLaterElements() {
            let taps = PublishSubject<String>()
            taps.onNext("lost")
            var early: [String] = []
            var late: [String] = []
            let earlySubscription = taps.subscribe(onNext: { early.append($0) })
            taps.onNext("first")
            let lateSubscription = taps.subscribe(onNext: { late.append($0) })
            taps.onNext("second")

            #expect(early == ["first", "second"])
            #expect(late == ["second"])
            earlySubscription.dispose()
            lateSubscription.dispose()
        }

        @Test func errorIsRememberedAndElementsAfterItAreIgnored() {
            let upload = PublishSubject<Int>()
            var seen: [String] = []
            let progress = upload.subscribe { seen.append("\($0)") }
            upload.onNext(50)
            upload.onError(DemoError.timeout)
            upload.onNext(100)

            #expect(seen == ["next(50)", "error(timeout)"])
            #expect(record(upload) == ["x(timeout)"])
            #expect(record(upload) == ["x(timeout)"])
            progress.dispose()
        }

        @Test func completionIsRememberedAndLaterTerminalEventsAreIgnored() {
            let subject = PublishSubject<Int>()
            subject.onNext(1)
            subject.onCompleted()
            subject.onError(DemoError.boom)
            subject.onNext(2)
            #expect(record(subject) == ["|"])
            #expect(!subject.hasObservers)
        }

        @Test func terminalEventReachesEverySubscriberOnce() {
            let subject = PublishSubject<Int>()
            var events: [String] = []
            let first = subject.subscribe(onNext: { events.append("first \($0)") }, onCompleted: { events.append("first |") })
            let second = subject.subscribe(onNext: { events.append("second \($0)") }, onCompleted: { events.append("second |") })
            subject.onNext(1)
            subject.onCompleted()
            subject.onCompleted()
            #expect(events == ["first 1", "second 1", "first |", "second |"])
            first.dispose()
            second.dispose()
        }

        /// The article's `MessageComposer`: the owner keeps the subject private.
        final class MessageComposer {
            private let sentSubject = PublishSubject<String>()
            var messageSent: Observable<String> { sentSubject.asObservable() }

            func send(_ text: String) {
                sentSubject.onNext(text)
            }
        }

        @Test func asObservableHidesTheSubject() {
            let composer = MessageComposer()
            var sentLog: [String] = []
            let subscription = composer.messageSent.subscribe(onNext: { sentLog.append($0) })
            composer.send("hello")

            #expect(sentLog == ["hello"])
            #expect(!(composer.messageSent is PublishSubject<String>))
            #expect(!(composer.messageSent is any ObserverType))
            subscription.dispose()
        }

        @Test func subjectIsAnObservableAndItsOwnObserver() {
            let subject = PublishSubject<Int>()
            let observable: Observable<Int> = subject
            let observer: PublishSubject<Int> = subject.asObserver()
            var seen: [Int] = []
            let subscription = observable.subscribe(onNext: { seen.append($0) })
            observer.on(.next(1))
            observer.onNext(2)
            #expect(seen == [1, 2])
            subscription.dispose()
        }

        @Test func subscriberDisposedDuringDeliveryStillReceivesThatElement() {
            let feed = PublishSubject<Int>()
            var deliveries: [String] = []
            var secondSubscription: (any Disposable)?
            let firstSubscription = feed.subscribe(onNext: { value in
                deliveries.append("first got \(value)")
                secondSubscription?.dispose()
            })
            secondSubscription = feed.subscribe(onNext: { deliveries.append("second got \($0)") })

            feed.onNext(1)
            feed.onNext(2)
            #expect(deliveries == ["first got 1", "second got 1", "first got 2"])
            firstSubscription.dispose()
        }

        @Test func subscriberAddedDuringDeliveryGetsOnlyLaterElements() {
            let feed = PublishSubject<Int>()
            var deliveries: [String] = []
            var added: (any Disposable)?
            let first = feed.subscribe(onNext: { value in
                deliveries.append("first got \(value)")
                if added == nil {
                    added = feed.subscribe(onNext: { deliveries.append("added got \($0)") })
                }
            })
            feed.onNext(1)
            feed.onNext(2)
            #expect(deliveries == ["first got 1", "first got 2", "added got 2"])
            first.dispose()
            added?.dispose()
        }

        @Test func subscribersBeyondThirtyOneAreCalledInSubscriptionOrder() {
            let broadcast = PublishSubject<Void>()
            var broadcastOrder: [Int] = []
            let bag = DisposeBag()
            for index in 0..<40 {
                broadcast.subscribe(onNext: { _ in broadcastOrder.append(index) }).disposed(by: bag)
            }
            broadcast.onNext(())
            #expect(broadcastOrder == Array(0..<40))   // RxSwift: the last nine in random order
        }

        @Test func orderSurvivesManyRemovalsAndAdditions() {
            let subject = PublishSubject<Void>()
            var order: [Int] = []
            var subscriptions: [Int: any Disposable] = [:]
            for index in 0..<50 {
                subscriptions[index] = subject.subscribe(onNext: { _ in order.append(index) })
            }
            for index in stride(from: 0, to: 50, by: 3) { subscriptions.removeValue(forKey: index)?.dispose() }
            for index in 50..<60 {
                subscriptions[index] = subject.subscribe(onNext: { _ in order.append(index) })
            }
            subject.onNext(())
            // 50, the first added after subscriber 0 left, took its slot (RxSwift's order,
            // SubscriberOrderTests); the rest are in subscription order.
            #expect(order == [50] + subscriptions.keys.sorted().filter { $0 != 50 })
            subscriptions.values.forEach { $0.dispose() }
        }

        @Test func disposingTheSubjectRemovesSubscribersSilently() {
            let session = PublishSubject<Int>()
            var sessionEvents: [String] = []
            let sessionSubscription = session.subscribe(
                onNext: { sessionEvents.append("next \($0)") },
                onError: { _ in sessionEvents.append("error") },
                onCompleted: { sessionEvents.append("completed") },
                onDisposed: { sessionEvents.append("disposed") }
            )
            #expect(session.hasObservers)

            session.dispose()
            session.onNext(1)
            session.onCompleted()
            #expect(sessionEvents == [])
            #expect(!session.hasObservers)
            #expect(session.isDisposed)

            let afterDisposal = record(session)
            #expect(afterDisposal == ["x(Object `Rill.PublishSubject<Swift.Int>` was already disposed.)"])
            withExtendedLifetime(sessionSubscription) {}
        }

        @Test func lateSubscriberOfADisposedSubjectReceivesRxErrorDisposed() {
            let subject = PublishSubject<Int>()
            subject.dispose()
            var received: (any Error)?
            let subscription = subject.subscribe(onError: { received = $0 })
            guard case .disposed(let object)? = received as? RxError else {
                Issue.record("expected RxError.disposed, got \(String(describing: received))")
                return
            }
            #expect(ObjectIdentifier(object) == ObjectIdentifier(subject))
            #expect("\(received!)" == "Object `Rill.PublishSubject<Swift.Int>` was already disposed.")
            subscription.dispose()
        }

        @Test func hasObserversFollowsSubscriptions() {
            let subject = PublishSubject<Int>()
            #expect(!subject.hasObservers)
            let first = subject.subscribe()
            let second = subject.subscribe()
            #expect(subject.hasObservers)
            first.dispose()
            #expect(subject.hasObservers)
            second.dispose()
            #expect(!subject.hasObservers)
        }

        @Test func disposingASubscriptionTwiceIsHarmless() {
            let subject = PublishSubject<Int>()
            var seen: [Int] = []
            let subscription = subject.subscribe(onNext: { seen.append($0) })
            let other = subject.subscribe(onNext: { seen.append($0 * 10) })
            subscription.dispose()
            subscription.dispose()
            subject.onNext(1)
            #expect(seen == [10])
            other.dispose()
        }

        @Test func aSubscriberSendingToItsSubjectIsDeliveredNestedAsInRxSwift() {
            let subject = PublishSubject<Int>()
            var log: [String] = []
            let first = subject.subscribe(onNext: { value in
                log.append("first \(value)")
                if value == 1 { subject.onNext(2) }
            })
            let second = subject.subscribe(onNext: { log.append("second \($0)") })
            subject.onNext(1)
            #expect(log == ["first 1", "first 2", "second 2", "second 1"])
            first.dispose()
            second.dispose()
        }

        @Test func operatorsAndOnDisposedWorkThroughTheSubject() {
            let subject = PublishSubject<Int>()
            var log: [String] = []
            let subscription = subject.map { $0 * 2 }.filter { $0 > 2 }
                .subscribe(onNext: { log.append("\($0)") }, onDisposed: { log.append("disposed") })
            subject.onNext(1)
            subject.onNext(2)
            subject.onCompleted()
            #expect(log == ["4", "disposed"])
            subscription.dispose()
        }

        @Test func anObserverSubscribedDirectlyReceivesEveryEvent() {
            let subject = PublishSubject<Int>()
            var events: [String] = []
            let observer = AnyObserver<Int> { events.append($0.debugDescription) }
            let subscription = subject.subscribe(observer)
            subject.onNext(1)
            subject.onError(DemoError.boom)
            #expect(events == ["next(1)", "error(boom)"])
            subscription.dispose()
        }

        /// The article's delegate adapter.
        protocol DownloadDelegate: AnyObject {
            func download(didProgress fraction: Double)
            func downloadDidFinish()
        }

        final class DownloadEvents: DownloadDelegate {
            private let progressSubject = PublishSubject<Double>()
            var progress: Observable<Double> { progressSubject.asObservable() }

            func download(didProgress fraction: Double) { progressSubject.onNext(fraction) }
            func downloadDidFinish() { progressSubject.onCompleted() }
        }

        @Test func aDelegateAdapterTurnsCallbacksIntoEvents() {
            let events = DownloadEvents()
            let delegate: DownloadDelegate = events
            var progressText: [String] = []
            let progressSubscription = events.progress
                .map { "\(Int($0 * 100))%" }
                .subscribe(onNext: { progressText.append($0) }, onCompleted: { progressText.append("done") })

            delegate.download(didProgress: 0.25)
            delegate.download(didProgress: 1.0)
            delegate.downloadDidFinish()
            #expect(progressText == ["25%", "100%", "done"])
            progressSubscription.dispose()
        }

        @Test func aSubjectDroppedWithASubscriptionNeverDisposedIsReleasedWithItsSubscriber() {
            // The subscriber's disposable is dropped, not disposed; then the
            // subject goes. Nothing may keep the other alive (the leak check of
            // `AllTests` fails the test otherwise), and the closure is released.
            final class Probe {}
            weak var probe: Probe?
            do {
                let subject = PublishSubject<Int>()
                let held = Probe()
                probe = held
                _ = subject.subscribe(onNext: { _ in withExtendedLifetime(held) {} })
                subject.onNext(1)
            }
            #expect(probe == nil)
        }
    }
}
