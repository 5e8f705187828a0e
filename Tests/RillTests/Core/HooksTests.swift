import Foundation
import Testing
import Rill

/// Runs `body` with `Hooks` set by `configure`, restoring every hook afterwards.
private func withHooks(_ configure: () -> Void, _ body: () throws -> Void) rethrows {
    let handler = Hooks.defaultErrorHandler
    let capture = Hooks.customCaptureSubscriptionCallstack
    let records = Hooks.recordCallStackOnError
    defer {
        Hooks.defaultErrorHandler = handler
        Hooks.customCaptureSubscriptionCallstack = capture
        Hooks.recordCallStackOnError = records
    }
    configure()
    try body()
}

extension AllTests {
    /// `Hooks`: the unhandled-error handler, call stacks, isolation violations.
    @Suite struct HooksTests {
        @Test func anErrorWithoutAnErrorClosureGoesToTheDefaultErrorHandler() {
            var logged: [DemoError] = []
            withHooks({ Hooks.defaultErrorHandler = { _, error in logged.append(error as! DemoError) } }) {
                _ = Observable<Int>.error(DemoError.boom).subscribe()
                _ = Observable<Int>.error(DemoError.timeout).subscribe(onNext: { _ in })
                #expect(logged == [.boom, .timeout])
            }
            _ = Observable<Int>.error(DemoError.boom).subscribe()
            #expect(logged == [.boom, .timeout], "the restored default handler no longer logs")
        }

        @Test func anErrorClosureKeepsTheErrorFromTheHandler() {
            var logged = 0
            var handled: [DemoError] = []
            withHooks({ Hooks.defaultErrorHandler = { _, _ in logged += 1 } }) {
                _ = Observable<Int>.error(DemoError.boom).subscribe(onError: { handled.append($0 as! DemoError) })
                _ = Observable<Int>.just(1).subscribe()
                _ = Observable<Int>.empty().subscribe()
            }
            #expect(logged == 0)
            #expect(handled == [.boom])
        }

        @Test func traitSubscriptionsWithoutAnErrorClosureUseTheHandler() {
            var logged: [DemoError] = []
            withHooks({ Hooks.defaultErrorHandler = { _, error in logged.append(error as! DemoError) } }) {
                _ = Single<Int>.error(DemoError.boom).subscribe(onSuccess: { _ in })
                _ = Maybe<Int>.error(DemoError.timeout).subscribe(onSuccess: { _ in })
                _ = Completable.error(DemoError.boom).subscribe(onCompleted: {})
                _ = Single<Int>.error(DemoError.timeout).subscribe(onSuccess: { _ in }, onFailure: { _ in })
            }
            #expect(logged == [.boom, .timeout, .boom])
        }

        @Test func theCallStackIsRecordedOnlyWhileRecordingIsOn() {
            var stacks: [[String]] = []
            var captures = 0
            withHooks({
                Hooks.defaultErrorHandler = { stack, _ in stacks.append(stack) }
                Hooks.customCaptureSubscriptionCallstack = { captures += 1; return ["frame \(captures)"] }
            }) {
                _ = Observable<Int>.error(DemoError.boom).subscribe()
                #expect(Hooks.recordCallStackOnError == false)
                Hooks.recordCallStackOnError = true
                _ = Observable<Int>.error(DemoError.boom).subscribe()
                _ = Single<Int>.error(DemoError.boom).subscribe(onSuccess: { _ in })
                _ = Observable<Int>.error(DemoError.boom).subscribe(onError: { _ in })
            }
            #expect(stacks == [[], ["frame 1"], ["frame 2"]])
            #expect(captures == 2, "a subscription with an error closure records nothing")
            #expect(Hooks.recordCallStackOnError == false, "restored")
        }

        @Test func theStackIsCapturedAtSubscriptionNotAtTheError() {
            let subject = PublishSubject<Int>()
            var stacks: [[String]] = []
            var phase = "subscribing"
            withHooks({
                Hooks.defaultErrorHandler = { stack, _ in stacks.append(stack) }
                Hooks.customCaptureSubscriptionCallstack = { [phase] }
                Hooks.recordCallStackOnError = true
            }) {
                let subscription = subject.subscribe()
                phase = "failing"
                subject.onError(DemoError.boom)
                subscription.dispose()
            }
            #expect(stacks == [["subscribing"]])
        }

        @Test func hooksMayBeSetAndUsedFromManyThreadsAtOnce() {
            let handled = LockedBox(0)
            withHooks({ Hooks.defaultErrorHandler = { _, _ in handled.mutate { $0 += 1 } } }) {
                DispatchQueue.concurrentPerform(iterations: 4) { worker in
                    for round in 0..<200 {
                        if worker == 0 {
                            Hooks.defaultErrorHandler = { _, _ in handled.mutate { $0 += 1 } }
                            Hooks.recordCallStackOnError = round % 2 == 0
                            Hooks.customCaptureSubscriptionCallstack = { ["round \(round)"] }
                        } else {
                            _ = Observable<Int>.error(DemoError.boom).subscribe()
                        }
                    }
                }
            }
            // Every handler ever set counts, so each of the 3 x 200 errors is counted once.
            #expect(handled.value == 600)
        }

        @Test func theIsolationViolationSettingDefaultsToTrap() {
            #expect(Hooks.isolationViolation == .trap)
        }

        @Test func reportOnceReportsTheFirstViolationAndLetsTheClosuresRun() async {
            let result = await #expect(processExitsWith: .success, observing: [\.standardErrorContent]) {
                Hooks.isolationViolation = .reportOnce
                let done = DispatchSemaphore(value: 0)
                let calls = await MainActor.run { () -> (any Disposable) in
                    Observable.of(1, 2, 3).subscribe(on: ConcurrentDispatchQueueScheduler(qos: .default))
                        .subscribe(onNext: { _ in }, onCompleted: { done.signal() })
                }
                guard done.wait(timeout: .now() + 5) == .success else { exit(2) }
                calls.dispose()
            }
            let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
            #expect(message.contains("observe(on: MainScheduler.instance)"))
            #expect(message.components(separatedBy: "Reported once").count == 2, "one report for four violations")
        }

        @Test func ignoreLetsTheClosuresRunSilently() async {
            let result = await #expect(processExitsWith: .success, observing: [\.standardErrorContent]) {
                Hooks.isolationViolation = .ignore
                let done = DispatchSemaphore(value: 0)
                let calls = await MainActor.run { () -> (any Disposable) in
                    Observable.of(1).subscribe(on: ConcurrentDispatchQueueScheduler(qos: .default))
                        .subscribe(onCompleted: { done.signal() })
                }
                guard done.wait(timeout: .now() + 5) == .success else { exit(2) }
                calls.dispose()
            }
            let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
            #expect(!message.contains("Rill:"))
        }
    }
}
