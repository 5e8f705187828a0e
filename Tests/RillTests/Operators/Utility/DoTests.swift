import Testing
import Rill

extension AllTests {
    @Suite struct DoTests {
        /// A `do` with only an `after…` hook right before the subscriber still runs
        /// it before the chain above is disposed, as in RxSwift.
        @Test func anAfterHookBeforeTheSubscriberRunsBeforeTheUpstreamIsDisposed() {
            let source = DrivenSource<Int>()
            let log = EventLog<Int>()
            let subscription = log.subscribe(
                source.observable
                    .do(onDispose: { log.note("upper onDispose") })
                    .do(afterCompleted: { log.note("afterCompleted") })
            )
            source.onCompleted()
            #expect(log.events == ["|", "afterCompleted", "upper onDispose"])
            subscription.dispose()
        }

        /// A `do` that logs every callback into `log`.
        private func logged(_ source: Observable<Int>, into log: EventLog<Int>) -> Observable<Int> {
            source.do(
                onNext: { [weak log] in log?.note("onNext(\($0))") },
                afterNext: { [weak log] in log?.note("afterNext(\($0))") },
                onError: { [weak log] in log?.note("onError(\($0))") },
                afterError: { [weak log] in log?.note("afterError(\($0))") },
                onCompleted: { [weak log] in log?.note("onCompleted") },
                afterCompleted: { [weak log] in log?.note("afterCompleted") },
                onSubscribe: { [weak log] in log?.note("onSubscribe") },
                onSubscribed: { [weak log] in log?.note("onSubscribed") },
                onDispose: { [weak log] in log?.note("onDispose") }
            )
        }

        @Test func runsEachCallbackInRxSwiftsOrderForASynchronousSource() {
            let log = EventLog<Int>()
            let source = Observable.of(1).do(onSubscribe: { log.note("source subscribed") })
            let subscription = log.subscribe(logged(source, into: log))
            #expect(log.events == [
                "onSubscribe", "source subscribed", "onSubscribed",
                "onNext(1)", "1", "afterNext(1)",
                "onCompleted", "|", "afterCompleted", "onDispose",
            ])
            subscription.dispose()
            #expect(log.events.filter { $0 == "onDispose" }.count == 1)
        }

        @Test func onDisposeRunsAfterTheSubscribersOnDisposed() {
            let log = EventLog<Int>()
            let subscription = logged(.just(1), into: log).subscribe(
                onCompleted: { log.note("subscriber completed") },
                onDisposed: { log.note("subscriber disposed") }
            )
            #expect(log.events == [
                "onSubscribe", "onNext(1)", "afterNext(1)",
                "onCompleted", "subscriber completed", "subscriber disposed", "afterCompleted",
                "onSubscribed", "onDispose",
            ])
            subscription.dispose()
        }

        /// With an operator after the `do`, RxSwift's `onDispose` runs before
        /// `afterCompleted`: that operator disposes its upstream while it forwards the
        /// completion. With the subscriber right after the `do`, it runs after.
        @Test func withAnOperatorAfterItOnDisposeRunsBeforeAfterCompleted() {
            let source = DrivenSource<Int>()
            let log = EventLog<Int>()
            let subscription = log.subscribe(logged(source.observable, into: log).map { $0 * 10 })
            source.onNext(1)
            source.onCompleted()
            #expect(log.events == [
                "onSubscribe", "onSubscribed", "onNext(1)", "10", "afterNext(1)",
                "onCompleted", "|", "onDispose", "afterCompleted",
            ])
            subscription.dispose()
            #expect(log.events.filter { $0 == "onDispose" }.count == 1)
        }

        /// A source that completes while being subscribed cannot be disposed before
        /// its subscription exists, in RxSwift as here: `onDispose` comes last.
        @Test func withAnOperatorAfterItASynchronousCompletionStillDisposesLast() {
            let log = EventLog<Int>()
            let subscription = log.subscribe(logged(.just(1), into: log).map { $0 * 10 })
            #expect(log.events == [
                "onSubscribe", "onNext(1)", "10", "afterNext(1)",
                "onCompleted", "|", "afterCompleted", "onSubscribed", "onDispose",
            ])
            subscription.dispose()
        }

        @Test func withAnOperatorAfterItOnDisposeRunsBeforeAfterError() {
            let source = DrivenSource<Int>()
            let log = EventLog<Int>()
            let subscription = log.subscribe(logged(source.observable, into: log).filter { _ in true })
            source.onError(DemoError.boom)
            #expect(log.events == [
                "onSubscribe", "onSubscribed", "onError(boom)", "x(boom)", "onDispose", "afterError(boom)",
            ])
            #expect(source.disposals == 1)
            subscription.dispose()
            #expect(log.events.filter { $0 == "onDispose" }.count == 1)
        }

        @Test func errorCallbacksSurroundTheErrorEvent() {
            let source = DrivenSource<Int>()
            let log = EventLog<Int>()
            let subscription = log.subscribe(logged(source.observable, into: log))
            source.onError(DemoError.boom)
            #expect(log.events == [
                "onSubscribe", "onSubscribed", "onError(boom)", "x(boom)", "afterError(boom)", "onDispose",
            ])
            #expect(source.disposals == 1)
            subscription.dispose()
        }

        @Test func disposingMidStreamRunsOnDisposeOnce() {
            let source = DrivenSource<Int>()
            let log = EventLog<Int>()
            let subscription = log.subscribe(logged(source.observable, into: log))
            source.onNext(1)
            subscription.dispose()
            subscription.dispose()
            source.onNext(2)
            #expect(log.events == ["onSubscribe", "onSubscribed", "onNext(1)", "1", "afterNext(1)", "onDispose"])
            #expect(source.disposals == 1)
        }

        @Test func disposingInsideOnNextRunsOnDisposeThere() {
            let source = DrivenSource<Int>()
            let log = EventLog<Int>()
            let box = DisposableBox()
            log.onEvent = { _ in box.dispose() }
            box.disposable = log.subscribe(logged(source.observable, into: log))
            source.onNext(1)
            source.onNext(2)
            #expect(log.events == ["onSubscribe", "onSubscribed", "onNext(1)", "1", "onDispose", "afterNext(1)"])
        }

        @Test func aThrowingOnNextFailsTheSequenceWithoutDeliveringTheElement() {
            let source = DrivenSource<Int>()
            let log = EventLog<Int>()
            let subscription = log.subscribe(source.observable.do(onNext: { if $0 == 2 { throw DemoError.boom } }))
            source.onNext(1)
            source.onNext(2)
            source.onNext(3)
            #expect(log.events == ["1", "x(boom)"])
            #expect(source.disposals == 1)
            subscription.dispose()
        }

        @Test func aThrowingAfterNextFailsTheSequenceAfterTheElement() {
            let log = EventLog<Int>()
            let subscription = log.subscribe(Observable.of(1, 2).do(afterNext: { _ in throw DemoError.timeout }))
            #expect(log.events == ["1", "x(timeout)"])
            subscription.dispose()
        }

        @Test func aThrowingOnErrorReplacesTheError() {
            let source = Observable<Int>.error(DemoError.boom).do(onError: { _ in throw DemoError.timeout })
            #expect(record(source) == ["x(timeout)"])
        }

        @Test func aThrowingOnCompletedTurnsCompletionIntoAnError() {
            var afterCompletedRan = false
            let source = Observable.of(1).do(
                onCompleted: { throw DemoError.boom },
                afterCompleted: { afterCompletedRan = true }
            )
            #expect(record(source) == ["1", "x(boom)"])
            #expect(!afterCompletedRan)
        }

        @Test func aThrowingAfterCompletedCannotChangeTheEndedSequence() {
            let source = Observable.of(1).do(afterCompleted: { throw DemoError.boom })
            #expect(record(source) == ["1", "|"])
        }

        @Test func withoutOnDisposeTheSourcesDisposableIsUsedDirectly() {
            let source = DrivenSource<Int>()
            var nexts = 0
            let subscription = source.observable.do(onNext: { _ in nexts += 1 }).subscribe()
            source.onNext(1)
            subscription.dispose()
            source.onNext(2)
            #expect(nexts == 1)
            #expect(source.disposals == 1)
        }

        @Test func everySubscriptionRunsItsOwnCallbacks() {
            var subscribes = 0
            var disposes = 0
            let source = Observable.of(1).do(onSubscribe: { subscribes += 1 }, onDispose: { disposes += 1 })
            _ = record(source)
            _ = record(source)
            #expect(subscribes == 2)
            #expect(disposes == 2)
        }

        @Test func disposalFromAnotherThreadDuringTheTerminalEventRunsOnDisposeOnce() {
            for _ in 0..<200 {
                let source = DrivenSource<Int>()
                let counter = EventLog<Int>()
                let subscription = source.observable
                    .do(onDispose: { counter.note("onDispose") })
                    .subscribe()
                runConcurrently([
                    { source.onCompleted() },
                    { subscription.dispose() },
                ])
                #expect(counter.events == ["onDispose"])
            }
        }
    }
}
