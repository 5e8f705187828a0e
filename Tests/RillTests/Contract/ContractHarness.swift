import Foundation
import Rill
import RillTest

/// One run of one catalogue entry: its driven inputs, a virtual-time scheduler,
/// the recorder its subscriber writes to, and the probe its closures capture,
/// held weakly here so the test can see the closures released.
final class ContractHarness: @unchecked Sendable {
    // Sendable: the inputs, recorder, probe and schedulers are thread-safe;
    // `subscription` and `wantsDispose` are behind `lock`; `output` is set in
    // `init` and cleared by `release()`, after every other use.
    /// The virtual clock; nil when the operator runs on `queue` in real time.
    let scheduler: TestScheduler?
    let queue: QueueScheduler?
    let inputs: [ContractInput]
    let recorder = ContractRecorder()
    private(set) weak var probe: ClosureProbe?
    private var output: ContractOutput?
    private let lock = NSLock()
    private var subscription: (any Disposable)?
    private var wantsDispose = false

    /// Builds `entry` over fresh inputs; with `throwing`, its closures throw;
    /// with `realTime`, its scheduler is a serial queue.
    init(_ entry: ContractOperator, throwing: Bool = false, realTime: Bool = false) {
        inputs = entry.inputs.map(ContractInput.init(role:))
        let probe = ClosureProbe()
        probe.isThrowing = throwing
        self.probe = probe
        let scheduler: any SchedulerType
        if realTime {
            let queue = QueueScheduler(label: "rill.tests.contract")
            (self.queue, self.scheduler, scheduler) = (queue, nil, queue)
        } else {
            let virtual = TestScheduler(initialClock: 0)
            (self.queue, self.scheduler, scheduler) = (nil, virtual, virtual)
        }
        output = entry.build(ContractBuild(inputs: inputs, probe: probe, scheduler: scheduler, isRealTime: realTime))
    }

    /// Everything subscribed to the inputs was disposed, and the primary was subscribed.
    var inputsReleased: Bool {
        inputs[0].subscriptions > 0 && inputs.allSatisfy(\.isReleased)
    }

    /// Subscribes and lets scheduled subscriptions (`subscribe(on:)`,
    /// `delaySubscription`) happen.
    func subscribe() {
        let disposable = output!.subscribe(recorder)
        let disposeNow = lock.withLock { () -> Bool in
            subscription = disposable
            return wantsDispose
        }
        if disposeNow { disposable.dispose() }
        advance(by: 5)
    }

    /// Disposes the subscription, or, when called before `subscribe` returned
    /// (an element delivered during subscription), as soon as it returns.
    func dispose() {
        let disposable = lock.withLock { () -> (any Disposable)? in
            wantsDispose = true
            return subscription
        }
        disposable?.dispose()
    }

    /// Makes the subscriber dispose its own subscription from inside the delivery
    /// of its first element.
    func disposeOnFirstElement() {
        recorder.onElement = { [unowned self] _ in dispose() }
    }

    /// Makes the subscriber send `value` into the inputs from inside the delivery
    /// of its first element.
    func sendOnFirstElement(_ value: Int) {
        let sent = ManagedFlag()
        recorder.onElement = { [unowned self] _ in
            if sent.set() { send(value, settle: false) }
        }
    }

    /// Sends `value` to the primary, then to every mirror input.
    func send(_ value: Int, settle: Bool = true) {
        for input in inputs where input.role != .silent {
            input.subject.onNext(value)
        }
        if settle { advance() }
    }

    /// Sends `values`, one per tick.
    func send(_ values: ClosedRange<Int>) {
        for value in values { send(value) }
    }

    /// Sends `values` all in the same tick, so that time operators hold several
    /// at once and deliver them in one go.
    func sendBurst(_ values: ClosedRange<Int>) {
        for value in values { send(value, settle: false) }
        advance()
    }

    /// Fails every input but the primary, then completes the primary.
    func failOtherInputsThenComplete() {
        for input in inputs.dropFirst() { input.subject.onError(ContractError.sourceFailed) }
        advance()
        inputs[0].subject.onCompleted()
        advance()
    }

    /// Drives `terminal`: completion into every input, or an error into the primary.
    func end(with terminal: ContractOperator.Terminal) {
        switch terminal {
        case .completed:
            for input in inputs { input.subject.onCompleted() }
        case .error:
            inputs[0].subject.onError(ContractError.sourceFailed)
        }
        advance()
    }

    /// Lets every pending timer of the catalogue's operators fire.
    func finish() {
        advance(by: 200)
    }

    /// Drops the subscription and the operator, then lets pending timers run.
    func release() {
        lock.withLock { subscription = nil }
        output = nil
        finish()
    }

    /// Moves the virtual clock; in real time, does nothing.
    func advance(by ticks: Int = 1) {
        guard let scheduler else { return }
        scheduler.advanceTo(scheduler.clock + ticks)
    }

    /// In real time, waits until the queue has run everything due within
    /// `milliseconds` from now (the catalogue's longest timer is 50).
    func drainQueue(milliseconds: Int = 60) -> Bool {
        guard let queue else { return true }
        let drained = DispatchSemaphore(value: 0)
        _ = queue.scheduleRelative((), dueTime: .milliseconds(milliseconds)) { _ in
            drained.signal()
            return Disposables.create()
        }
        return drained.wait(timeout: .now() + 10) == .success
    }

    /// Waits up to 10 seconds for `condition`, checking every millisecond (for
    /// the real-time clauses, whose timers and disposals run on the queue).
    func eventually(_ condition: () -> Bool) -> Bool {
        for _ in 0..<10_000 {
            if condition() { return true }
            Thread.sleep(forTimeInterval: 0.001)
        }
        return condition()
    }
}

/// A flag set once: `set()` returns true only the first time.
private final class ManagedFlag: @unchecked Sendable {
    // Sendable: `isSet` is behind `lock`.
    private let lock = NSLock()
    private var isSet = false

    func set() -> Bool {
        lock.withLock {
            defer { isSet = true }
            return !isSet
        }
    }
}

/// A failing `#expect(harness.inputsReleased)` makes Swift Testing reflect the
/// harness, down through the subscription into Rill's internals, which hold
/// unowned references to sinks that may have ended (reading a freed one through
/// `SubscriptionHandle` trapped and took the test process down, before the handle
/// got its own mirror). The harness shows nothing of its insides: a failing clause
/// is reported, in a short message.
extension ContractHarness: CustomReflectable {
    var customMirror: Mirror { Mirror(self, children: [:]) }
}
