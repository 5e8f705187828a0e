import Foundation
import Testing
import Rill

/// An observable that emits `values` from a background queue after subscription.
private func emittedOffTheMainThread(_ values: [Int]) -> Observable<Int> {
    Observable.create { observer in
        DispatchQueue.global().async {
            for value in values { observer.onNext(value) }
            observer.onCompleted()
        }
        return Disposables.create()
    }
}

/// Builds `operatorChain` on the main actor, subscribes from a nonisolated context and
/// waits for the first element: the process must stop before that wait ends.
private func subscribeOffTheMainThread(_ operatorChain: @MainActor @Sendable () -> Observable<Int>) async {
    let done = DispatchSemaphore(value: 0)
    let chain = await MainActor.run { operatorChain() }
    let subscription = chain.subscribe(onNext: { _ in done.signal() })
    _ = done.wait(timeout: .now() + 5)
    subscription.dispose()
}

/// Every closure-taking operator, each closure recording whether it ran on the main
/// thread; the caller's isolation decides whether the closures are checked.
private func everyClosureOperator(
    _ source: Observable<Int>, ranOnMain: LockedBox<[Bool]>, isolation: isolated (any Actor)? = #isolation
) -> Observable<Int> {
    let note = { ranOnMain.mutate { $0.append(Thread.isMainThread) } }
    return source
        .compactMap { value -> Int? in note(); return value }
        .flatMap { value -> Observable<Int> in note(); return .just(value) }
        .concatMap { value -> Observable<Int> in note(); return .just(value) }
        .flatMapLatest { value -> Observable<Int> in note(); return .just(value) }
        .flatMapFirst { value -> Observable<Int> in note(); return .just(value) }
        .scan(0) { sum, value in note(); return sum + value }
        .scan(into: 0) { sum, _ in note(); sum += 1 }
        .distinctUntilChanged { value -> Int in note(); return value }
        .distinctUntilChanged { lhs, rhs in note(); return lhs == rhs }
        .take(while: { _ in note(); return true })
        .take(until: { _ in note(); return false })
        .skip(while: { _ in note(); return false })
        .do(onNext: { _ in note() }, afterNext: { _ in note() }, onCompleted: { note() })
        .catch { _ in note(); return .empty() }
        .retry(when: { (errors: Observable<any Error>) in errors })
        .groupBy(keySelector: { value -> Int in note(); return value % 2 })
        .flatMap { group in group.asObservable() }
        .reduce(0, accumulator: { sum, value in note(); return sum + value }, mapResult: { sum in note(); return sum })
        .single { _ in note(); return true }
}

extension AllTests.IsolationCheckTests {
    @Test func mainActorFlatMapSelectorCalledFromABackgroundThreadStopsTheProcess() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            await subscribeOffTheMainThread { emittedOffTheMainThread([1]).flatMap { Observable.just($0) } }
        }
        let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(message.contains("flatMap(_:)"))
        #expect(message.contains("observe(on: MainScheduler.instance)"))
    }

    @Test func mainActorWithLatestFromSelectorCalledFromABackgroundThreadStopsTheProcess() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            await subscribeOffTheMainThread {
                emittedOffTheMainThread([1]).withLatestFrom(Observable.just(0)) { $0 + $1 }
            }
        }
        let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(message.contains("withLatestFrom(_:resultSelector:)"))
        #expect(message.contains("observe(on: MainScheduler.instance)"))
    }

    @Test func mainActorCombineLatestSelectorCalledFromABackgroundThreadStopsTheProcess() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            await subscribeOffTheMainThread {
                Observable.combineLatest(emittedOffTheMainThread([1]), Observable.just(10)) { $0 + $1 }
            }
        }
        let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(message.contains("combineLatest(_:_:resultSelector:)"))
        #expect(message.contains("observe(on: MainScheduler.instance)"))
    }

    @Test func mainActorZipSelectorOfThreeSourcesCalledFromABackgroundThreadStopsTheProcess() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            await subscribeOffTheMainThread {
                Observable.zip(emittedOffTheMainThread([1]), Observable.just(10), Observable.just(100)) { $0 + $1 + $2 }
            }
        }
        let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(message.contains("zip(_:_:_:resultSelector:)"))
    }

    @Test func mainActorCombineLatestCollectionSelectorCalledFromABackgroundThreadStopsTheProcess() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            await subscribeOffTheMainThread {
                Observable.combineLatest([emittedOffTheMainThread([1]), Observable.just(10)]) { $0.reduce(0, +) }
            }
        }
        let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(message.contains("combineLatest(_:resultSelector:)"))
    }

    @Test func mainActorSingleZipSelectorCalledFromABackgroundThreadStopsTheProcess() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            await subscribeOffTheMainThread {
                let background = emittedOffTheMainThread([1]).asSingle()
                return Single.zip(background, Single.just(10)) { $0 + $1 }.asObservable()
            }
        }
        let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(message.contains("zip(_:_:resultSelector:)"))
    }

    @Test func mainActorTraitRetryWhenHandlerCalledFromABackgroundThreadStopsTheProcess() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            await subscribeOffTheMainThread {
                // The handler runs when the retrying Single is subscribed: here, off the main
                // thread. (Its trigger never fires, so without the check the run ends instead
                // of retrying forever.)
                Single<Int>.error(RxError.unknown)
                    .retry(when: { (_: Observable<any Error>) in Observable<Int>.empty() })
                    .asObservable()
            }
        }
        let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(message.contains("retry(when:)"))
    }

    @Test func mainActorRetryBackoffPredicateCalledFromABackgroundThreadStopsTheProcess() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            await subscribeOffTheMainThread {
                // The predicate runs on the background queue that delivers the error.
                // (Without the check it refuses, the error ends the run, and the process
                // exits normally.)
                Observable<Int>.create { observer in
                    DispatchQueue.global().async { observer.onError(DemoError.boom) }
                    return Disposables.create()
                }
                .retry(2, backoff: .constant(.seconds(0)), scheduler: QueueScheduler()) { _ in false }
            }
        }
        let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(message.contains("retry(_:backoff:scheduler:shouldRetry:)"))
        #expect(message.contains("observe(on: MainScheduler.instance)"))
    }

    /// The selectors' checks pass on the main actor, for every arity's path.
    @MainActor
    @Test func mainActorCombiningSelectorsCalledOnTheMainThreadRun() {
        #expect(record(Observable.combineLatest(Observable.of(1, 2), Observable.just(10)) { $0 + $1 }) == ["11", "12", "|"])
        #expect(record(Observable.zip(Observable.of(1, 2), Observable.of(10, 20), Observable.of(100, 200)) { $0 + $1 + $2 })
            == ["111", "222", "|"])
        #expect(record(Observable.zip([Observable.of(1, 2), Observable.of(10, 20)]) { $0.reduce(0, +) }) == ["11", "22", "|"])
        #expect(record(Infallible.combineLatest(Infallible.just(1), Infallible.just(2)) { $0 + $1 }) == ["3", "|"])
    }

    @Test func mainActorDoOnNextCalledFromABackgroundThreadStopsTheProcess() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            await subscribeOffTheMainThread { emittedOffTheMainThread([1]).do(onNext: { _ in }) }
        }
        let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(message.contains("do(onNext:"))
        #expect(message.contains("observe(on: MainScheduler.instance)"))
    }

    @Test func nonisolatedCallersOperatorClosuresRunOnABackgroundThread() {
        let done = DispatchSemaphore(value: 0)
        let ranOnMain = LockedBox<[Bool]>([])
        let result = LockedBox<[Int]>([])
        let subscription = everyClosureOperator(emittedOffTheMainThread([1, 2, 3]), ranOnMain: ranOnMain).subscribe(
            onNext: { value in result.mutate { $0.append(value) } },
            onCompleted: { done.signal() }
        )
        #expect(done.wait(timeout: .now() + 5) == .success)
        subscription.dispose()
        // scan(0) gives 1, 3, 6; scan(into:) counts them: 1, 2, 3; the sum is 6.
        #expect(result.value == [6])
        #expect(ranOnMain.value.count == 48)
        #expect(!ranOnMain.value.contains(true))
    }

    @MainActor
    @Test func mainActorOperatorClosuresCalledOnTheMainThreadRun() {
        let ranOnMain = LockedBox<[Bool]>([])
        // Checked closures that did not stop the process ran on the main actor (on Linux
        // a test process services it from the main queue's worker thread).
        #expect(record(everyClosureOperator(Observable.of(1, 2, 3), ranOnMain: ranOnMain)) == ["6", "|"])
        #expect(ranOnMain.value.count == 48)
    }

    @MainActor
    @Test func passingNilIsolationLetsAnOperatorClosureRunOffTheMainThread() async {
        let ranOffMain = await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in
            let chain = emittedOffTheMainThread([1]).flatMap({ @Sendable value in
                Observable.just(!Thread.isMainThread)
            }, isolation: nil)
            _ = chain.subscribe(onNext: { @Sendable value in continuation.resume(returning: value) }, isolation: nil)
        }
        #expect(ranOffMain)
    }
}
