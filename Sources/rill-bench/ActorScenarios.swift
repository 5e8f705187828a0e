import Dispatch
import Rill

/// Scenarios that deliver into Swift actors.
enum ActorScenarios {
    static let all: [Scenario] = [observeOnActor]

    /// Bursts of elements from one thread into an actor: `observe(on: actor)` then a
    /// closure isolated to the actor (checked by Rill on every element), as an
    /// actor-backed store written with Rill does. Each burst is sent while the actor
    /// is held busy, so it is delivered by exactly one hop onto the actor and the
    /// count is the same on every run. Compare with observe-on-serial.
    static let observeOnActor = Scenario(
        name: "observe-on-actor", unit: "element", baseline: "closure-loop", size: 1_000_000,
        expected: SubjectScenarios.triangle
    ) { n in
        let subject = PublishSubject<Int>()
        let store = SummingStore()
        let burst = SubjectScenarios.burstSize
        let delivered = DispatchSemaphore(value: 0)
        let subscription = blockOn { await store.follow(subject.asObservable(), total: n, burst: burst, delivered: delivered) }
        var next = 0
        while next < n {
            let held = DispatchSemaphore(value: 0)
            let gate = DispatchSemaphore(value: 0)
            Task { await store.hold(signalling: held, until: gate) }
            held.wait()
            let end = Swift.min(next + burst, n)
            while next < end {
                subject.onNext(next)
                next += 1
            }
            gate.signal()
            delivered.wait()
        }
        subscription.dispose()
        return blockOn { await store.sum }
    }
}

/// An actor whose state a Rill subscription updates with no `await`.
private actor SummingStore {
    private(set) var sum = 0

    func follow(_ source: Observable<Int>, total: Int, burst: Int, delivered: DispatchSemaphore) -> any Disposable {
        source
            .observe(on: self)
            .subscribe(onNext: { value in
                self.sum &+= value
                if value % burst == burst - 1 || value == total - 1 { delivered.signal() }
            })
    }

    /// Keeps the actor busy until `gate` opens, so work scheduled on it meanwhile waits.
    func hold(signalling held: DispatchSemaphore, until gate: DispatchSemaphore) {
        held.signal()
        gate.wait()
    }
}
