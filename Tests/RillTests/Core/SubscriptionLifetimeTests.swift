import Foundation
import Testing
@testable import Rill

extension AllTests {
    /// What `subscribe` returns, and when the subscriber's closures are released.
    @Suite struct SubscriptionLifetimeTests {
        final class Captured {}

        @Test func subscriptionThatEndsWhileSubscribingIsAlreadyDisposed() {
            var disposals = 0
            var seen: [Int] = []
            let subscription = Observable.just(1).subscribe(onNext: { seen.append($0) }, onDisposed: { disposals += 1 })
            #expect(seen == [1])
            #expect(disposals == 1)
            #expect((subscription as? any Cancelable)?.isDisposed == true)
            subscription.dispose()
            subscription.dispose()
            #expect(disposals == 1)
        }

        @Test func runningSubscriptionIsDisposedOnce() {
            let subject = PublishSubject<Int>()
            var disposals = 0
            var seen: [Int] = []
            let subscription = subject.subscribe(onNext: { seen.append($0) }, onDisposed: { disposals += 1 })
            #expect((subscription as? any Cancelable)?.isDisposed == false)
            subject.onNext(1)
            subscription.dispose()
            #expect((subscription as? any Cancelable)?.isDisposed == true)
            subject.onNext(2)
            subscription.dispose()
            #expect(seen == [1])
            #expect(disposals == 1)
            #expect(!subject.hasObservers)
        }

        @Test func disposingReleasesTheClosuresWhileTheDisposableIsKept() {
            let subject = PublishSubject<Int>()
            var captured: Captured? = Captured()
            weak let weakCaptured = captured
            let subscription = subject.subscribe(onNext: { [captured] _ in _ = captured })
            captured = nil
            #expect(weakCaptured != nil)
            subscription.dispose()
            #expect(weakCaptured == nil)
            withExtendedLifetime(subscription) {}
        }

        @Test func endingReleasesTheClosuresWhileTheDisposableIsKept() {
            for end in ["completed", "error"] {
                let subject = PublishSubject<Int>()
                var captured: Captured? = Captured()
                weak let weakCaptured = captured
                var disposals = 0
                let subscription = subject.subscribe(
                    onNext: { [captured] _ in _ = captured },
                    onError: { _ in },
                    onDisposed: { disposals += 1 }
                )
                captured = nil
                #expect(weakCaptured != nil)
                if end == "completed" { subject.onCompleted() } else { subject.onError(DemoError.boom) }
                #expect(weakCaptured == nil, "\(end)")
                #expect((subscription as? any Cancelable)?.isDisposed == true)
                subscription.dispose()
                #expect(disposals == 1)
            }
        }

        /// `dump`, a failing `#expect` and any other `Mirror` reflection of a
        /// subscription read its stored references; a handle's reference to a sink
        /// that has ended and been freed must not be one of them (it trapped).
        @Test func reflectingASubscriptionWhoseSinkEndedShowsOnlyWhetherItIsDisposed() {
            let subject = PublishSubject<Int>()
            let subscription = subject.subscribe(onNext: { _ in })
            var running = ""
            dump(subscription, to: &running)
            subject.onCompleted()
            var ended = ""
            dump(subscription, to: &ended)
            #expect(running.contains("isDisposed: false"), "\(running)")
            #expect(ended.contains("isDisposed: true"), "\(ended)")
            subscription.dispose()
        }

        @Test func traitSubscriptionReleasesTheClosuresWhenItEnds() {
            let subject = PublishSubject<Int>()
            var captured: Captured? = Captured()
            weak let weakCaptured = captured
            var outcome: Int?
            let subscription = subject.take(1).asSingle()
                .subscribe(onSuccess: { [captured] in _ = captured; outcome = $0 })
            captured = nil
            #expect(weakCaptured != nil)
            subject.onNext(7)
            #expect(outcome == 7)
            #expect(weakCaptured == nil)
            withExtendedLifetime(subscription) {}
        }

        @Test func droppingTheDisposableKeepsTheSubscriptionRunning() {
            let subject = PublishSubject<Int>()
            var seen: [Int] = []
            var disposals = 0
            do {
                _ = subject.subscribe(onNext: { seen.append($0) }, onDisposed: { disposals += 1 })
            }
            subject.onNext(1)
            subject.onNext(2)
            #expect(seen == [1, 2])
            subject.onCompleted()
            #expect(disposals == 1)
            #expect(!subject.hasObservers)
        }

        @Test func droppedDisposableFormsNoCycleWithTheSubscriber() {
            // `never` keeps nothing of its subscriber: once the subscriber drops the
            // disposable, nothing may keep the sink or its closures alive.
            var captured: Captured? = Captured()
            weak let weakCaptured = captured
            let subscription = Observable<Int>.never().subscribe(onNext: { [captured] _ in _ = captured })
            captured = nil
            #expect(weakCaptured != nil)
            #expect((subscription as? any Cancelable)?.isDisposed == false)
            _ = consume subscription
            #expect(weakCaptured == nil)
        }

        @Test func disposingFromAnotherThreadWhileTheSourceEnds() {
            // Disposal and the terminal event race; each subscription must be disposed
            // exactly once and release its closures whichever wins.
            for _ in 0..<200 {
                let subject = PublishSubject<Int>()
                let disposals = LockedBox(0)
                let captured = LockedBox<Captured?>(Captured())
                weak let weakCaptured = captured.value
                let subscription = subject.subscribe(
                    onNext: { [held = captured.value] _ in _ = held },
                    onDisposed: { disposals.mutate { $0 += 1 } }
                )
                captured.mutate { $0 = nil }
                runConcurrently([
                    { subscription.dispose() },
                    { subject.onNext(1); subject.onCompleted() },
                ])
                #expect(disposals.value == 1)
                #expect(weakCaptured == nil)
            }
        }

        /// A subscription to a subject, which keeps its subscriber until it leaves,
        /// returns a value that keeps only the sink's memory: releasing the subject
        /// releases the closures although the disposable is kept, and disposing
        /// afterwards does nothing but record the disposal.
        @Test func aSubjectsSubscriberIsKeptByTheSubjectNotByTheDisposable() {
            var subject: PublishSubject<Int>? = PublishSubject<Int>()
            var captured: Captured? = Captured()
            weak let weakCaptured = captured
            let subscription = subject!.map { $0 + 1 }.filter { $0 > 0 }.subscribe(onNext: { [captured] _ in _ = captured })
            captured = nil
            #expect(subscription is SubscriptionToken)
            #expect(weakCaptured != nil)
            subject = nil
            #expect(weakCaptured == nil)
            #expect((subscription as? any Cancelable)?.isDisposed == false)
            subscription.dispose()
            #expect((subscription as? any Cancelable)?.isDisposed == true)
            subscription.dispose()
        }

        /// A closure subscriber that subscribed to a subject directly removes itself
        /// from the subject when disposed (the subject returns it no disposable of
        /// its own): through the subject and its `asObservable()`, for each kind of
        /// subject; twice is harmless, and `onDisposed` runs once.
        @Test func aDirectSubscriberRemovesItselfFromItsSubject() {
            let publish = PublishSubject<Int>()
            let behavior = BehaviorSubject(value: 0)
            let replay = ReplaySubject<Int>.create(bufferSize: 2)
            let async = AsyncSubject<Int>()
            let sources: [(Observable<Int>, () -> Bool)] = [
                (publish, { publish.hasObservers }), (publish.asObservable(), { publish.hasObservers }),
                (behavior, { behavior.hasObservers }), (behavior.asObservable(), { behavior.hasObservers }),
                (replay, { replay.hasObservers }), (replay.asObservable(), { replay.hasObservers }),
                (async, { async.hasObservers }), (async.asObservable(), { async.hasObservers }),
            ]
            for (source, hasObservers) in sources {
                var disposals = 0
                let subscription = source.subscribe(onNext: { _ in }, onDisposed: { disposals += 1 })
                let plain = source.subscribe(onNext: { _ in })
                #expect(hasObservers())
                subscription.dispose()
                #expect(hasObservers())
                plain.dispose()
                subscription.dispose()
                plain.dispose()
                #expect(disposals == 1)
                #expect(!hasObservers())
            }
        }

        /// A subscriber that ends the subject from inside its replay receives the
        /// rest of its replay, then the terminal event, is removed from the subject
        /// and releases its closures, although the subject ended before `subscribe`
        /// returned (as in RxSwift, which replays before it delivers the end).
        @Test func aSubscriberThatEndsItsSubjectDuringTheReplayIsRemoved() {
            let behavior = BehaviorSubject(value: 1)
            let replay = ReplaySubject<Int>.create(bufferSize: 2)
            replay.onNext(1)
            replay.onNext(2)
            let cases: [(Observable<Int>, () -> Void, () -> Bool, [String])] = [
                (behavior, { behavior.onCompleted() }, { behavior.hasObservers }, ["next 1", "completed"]),
                (replay, { replay.onCompleted() }, { replay.hasObservers }, ["next 1", "next 2", "completed"]),
            ]
            for (source, complete, hasObservers, expected) in cases {
                var events: [String] = []
                var captured: Captured? = Captured()
                weak let weakCaptured = captured
                let subscription = source.subscribe(
                    onNext: { [captured] value in
                        _ = captured
                        events.append("next \(value)")
                        complete()
                    },
                    onCompleted: { events.append("completed") }
                )
                captured = nil
                #expect(events == expected)
                #expect(!hasObservers())
                #expect(weakCaptured == nil)
                #expect((subscription as? any Cancelable)?.isDisposed == true)
                subscription.dispose()
            }
        }

        /// Where the source may let go of its subscriber while the subscription still
        /// has something to dispose, or an `onDisposed` closure waits for the
        /// disposal, `subscribe` returns a handle that keeps the subscriber until then.
        @Test func coldSourcesAndOnDisposedGetAHandleThatKeepsTheSubscriber() {
            let subject = PublishSubject<Int>()
            let withOnDisposed = subject.subscribe(onDisposed: {})
            let cold = Observable<Int>.never().map { $0 }.subscribe()
            let created = Observable<Int>.create { _ in Disposables.create() }.subscribe()
            #expect(withOnDisposed is SubscriptionHandle)
            #expect(cold is SubscriptionHandle)
            #expect(created is SubscriptionHandle)
            for subscription in [withOnDisposed, cold, created] { subscription.dispose() }
            #expect(!subject.hasObservers)
        }

        /// A token's disposal races with the release of its subject (the sink's
        /// last owner) on another thread: either it disposes a live sink or finds it
        /// gone; the closures are released exactly when the second side is done.
        @Test func disposingATokenWhileItsSubjectIsReleasedOnAnotherThread() {
            for _ in 0..<500 {
                let subject = LockedBox<PublishSubject<Int>?>(PublishSubject<Int>())
                let captured = LockedBox<Captured?>(Captured())
                weak let weakCaptured = captured.value
                let subscription = subject.value!.subscribe(onNext: { [held = captured.value] _ in _ = held })
                captured.mutate { $0 = nil }
                #expect(subscription is SubscriptionToken)
                runConcurrently([
                    { subscription.dispose() },
                    { subject.mutate { $0 = nil } },
                ])
                #expect(weakCaptured == nil)
                #expect((subscription as? any Cancelable)?.isDisposed == true)
            }
        }

        /// A subscription whose subject is gone is disposed without reaching the
        /// subject (its memory is kept, the subject is not), whichever thread
        /// releases the subject meanwhile.
        @Test func disposingWhileOrAfterTheSubjectIsReleased() {
            for round in 0..<500 {
                let subject = LockedBox<PublishSubject<Int>?>(PublishSubject<Int>())
                let disposals = LockedBox(0)
                let subscription = subject.value!.map { $0 }.subscribe(onDisposed: { disposals.mutate { $0 += 1 } })
                if round == 0 {
                    subject.mutate { $0 = nil }
                    subscription.dispose()
                } else {
                    runConcurrently([
                        { subscription.dispose() },
                        { subject.mutate { $0 = nil } },
                    ])
                }
                #expect(disposals.value == 1)
            }
        }

        @Test func subscriberSinkStateWordsLeadTheObject() {
            // `sinkWords(of:)` must address `stateWord` and `handleWord`: check the
            // layout against reflection, which reads fields at their real offsets.
            let sink = ClosureSink<Int>(onNext: nil, onError: nil, onCompleted: nil, onDisposed: nil)
            sink.state.pointee = 0x5A
            sink.handleSlot.pointee = 0x3C
            let fields = Dictionary(
                uniqueKeysWithValues: Mirror(reflecting: sink).superclassMirror!.children
                    .compactMap { child in child.label.map { ($0, child.value) } }
            )
            #expect(fields["stateWord"] as? Int == 0x5A)
            #expect(fields["handleWord"] as? Int == 0x3C)
            sink.handleSlot.pointee = 0
        }

        /// The other objects that keep an atomic word first: `create`'s sink and
        /// flatMap's inner sinks.
        @Test func createAndFlatMapInnerSinksStateWordsLeadTheObject() throws {
            let downstream = ClosureSink<Int>(onNext: nil, onError: nil, onCompleted: nil, onDisposed: nil)
            let create = CreateSink(downstream: downstream)
            // Read before writing: a fresh sink's first own word is its zeroed state
            // word, not the (non-nil) downstream reference; before it comes the word
            // every sink has, its unclaimed key slot.
            try #require(leadingWords(of: create).pointee == ObserverKey.unclaimed)
            try #require(sinkWords(of: create).pointee == 0)
            sinkWords(of: create).pointee = 0x11
            #expect(Mirror(reflecting: create).children.first { $0.label == "stateWord" }?.value as? Int == 0x11)
            sinkWords(of: create).pointee = 0

            let core = FlatMapCore<Int>(strategy: .merge, downstream: downstream)
            let inner = FlatMapInnerSink(core: core)
            sinkWords(of: inner).pointee = 0x22
            #expect(Mirror(reflecting: inner).children.first { $0.label == "slotWord" }?.value as? Int == 0x22)
            sinkWords(of: inner).pointee = 0
        }
    }
}
