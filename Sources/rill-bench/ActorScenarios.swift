import Dispatch
import Rill

/// Scenarios that deliver into Swift actors.
enum ActorScenarios {
    static let all: [Scenario] = [observeOnActor]

    /// A burst of `n` elements from one thread into an actor: `observe(on: actor)`
    /// then a closure isolated to the actor (checked by Rill on every element), as
    /// an actor-backed store written with Rill does. Compare with observe-on-serial.
    static let observeOnActor = Scenario(
        name: "observe-on-actor", unit: "element", baseline: "closure-loop", size: 1_000_000,
        expected: SubjectScenarios.triangle
    ) { n in
        let subject = PublishSubject<Int>()
        let store = SummingStore()
        let done = DispatchSemaphore(value: 0)
        let subscription = blockOn { await store.follow(subject.asObservable(), done: done) }
        for i in 0..<n { subject.onNext(i) }
        subject.onCompleted()
        done.wait()
        subscription.dispose()
        return blockOn { await store.sum }
    }
}

/// An actor whose state a Rill subscription updates with no `await`.
private actor SummingStore {
    private(set) var sum = 0

    func follow(_ source: Observable<Int>, done: DispatchSemaphore) -> any Disposable {
        source
            .observe(on: self)
            .subscribe(onNext: { self.sum &+= $0 }, onCompleted: { done.signal() })
    }
}
