import Foundation
import Rill

/// A source driven by hand: an `Observable.create` that keeps the observer of its
/// latest subscription, so a test sends events when it chooses (from any thread),
/// and counts subscriptions and disposals.
final class DrivenSource<Element>: @unchecked Sendable {
    // Sendable: all mutable state is behind `lock`.
    private let lock = NSLock()
    private var observer: AnyObserver<Element>?
    private var subscribeCount = 0
    private var disposeCount = 0
    private let onSubscribe: (() -> Void)?

    /// - Parameter onSubscribe: Runs at each subscription, before it is recorded.
    init(onSubscribe: (() -> Void)? = nil) {
        self.onSubscribe = onSubscribe
    }

    /// A new observable over this source (each subscription replaces the observer).
    var observable: Observable<Element> {
        Observable.create { observer in self.attach(observer) }
    }

    /// The same source without `create`'s grammar guard, so that a test can send
    /// an event re-entrantly, from inside the delivery of another, without a
    /// misuse report.
    var unguardedObservable: Observable<Element> {
        UnguardedObservable(source: self).asObservable()
    }

    var subscriptions: Int { lock.withLock { subscribeCount } }
    var disposals: Int { lock.withLock { disposeCount } }

    func onNext(_ element: Element) { currentObserver?.onNext(element) }
    func onError(_ error: any Error) { currentObserver?.onError(error) }
    func onCompleted() { currentObserver?.onCompleted() }

    private var currentObserver: AnyObserver<Element>? { lock.withLock { observer } }

    fileprivate func attach(_ observer: AnyObserver<Element>) -> any Disposable {
        onSubscribe?()
        lock.withLock {
            self.observer = observer
            subscribeCount += 1
        }
        return Disposables.create {
            self.lock.withLock { self.disposeCount += 1 }
        }
    }
}

/// An `ObservableType` implemented outside Rill, over a `DrivenSource`.
private struct UnguardedObservable<Element>: ObservableType {
    let source: DrivenSource<Element>

    func subscribe<Observer: ObserverType>(_ observer: Observer) -> any Disposable where Observer.Element == Element {
        source.attach(AnyObserver(observer))
    }
}

/// Records the events a subscription receives, as the articles' `record` writes
/// them (an element as its description, completion as `|`, an error as
/// `x(error)`), and keeps the subscription open until the test disposes it.
///
/// Also detects deliveries that overlap (from two threads at once), which the Rx
/// grammar forbids.
final class EventLog<Element>: @unchecked Sendable {
    // Sendable: `entries` and `overlapCount` are behind `lock`; `delivering` is
    // only try-locked, to detect overlapping deliveries.
    private let lock = NSLock()
    private let delivering = NSLock()
    private var entries: [String] = []
    private var overlapCount = 0

    /// Runs inside each delivery, after the event was recorded.
    var onEvent: ((Event<Element>) -> Void)?

    var events: [String] { lock.withLock { entries } }
    var overlaps: Int { lock.withLock { overlapCount } }

    /// Subscribes to `source`, recording its events.
    func subscribe(_ source: Observable<Element>) -> any Disposable {
        source.subscribe { event in self.receive(event) }
    }

    /// Appends a marker, to check ordering against events.
    func note(_ text: String) {
        lock.withLock { entries.append(text) }
    }

    private func receive(_ event: Event<Element>) {
        let entered = delivering.try()
        if !entered { lock.withLock { overlapCount += 1 } }
        defer { if entered { delivering.unlock() } }
        let text: String
        switch event {
        case .next(let element): text = "\(element)"
        case .error(let error): text = "x(\(error))"
        case .completed: text = "|"
        }
        note(text)
        onEvent?(event)
    }
}

/// Holds a subscription's disposable so the subscriber's own closures can reach it.
final class DisposableBox: @unchecked Sendable {
    // Sendable: `disposable` is behind `lock`.
    private let lock = NSLock()
    private var stored: (any Disposable)?

    var disposable: (any Disposable)? {
        get { lock.withLock { stored } }
        set { lock.withLock { stored = newValue } }
    }

    func dispose() { disposable?.dispose() }
}

/// Runs each closure on its own thread, all released together, and waits for all.
func runConcurrently(_ bodies: [@Sendable () -> Void]) {
    let group = DispatchGroup()
    let start = DispatchSemaphore(value: 0)
    for body in bodies {
        group.enter()
        Thread.detachNewThread {
            start.wait()
            body()
            group.leave()
        }
    }
    for _ in bodies { start.signal() }
    group.wait()
}
