import Foundation
import Rill
import RillTest

/// The errors the operator contract sends and expects.
enum ContractError: Error, Equatable {
    /// What a driven input fails with.
    case sourceFailed
    /// What a catalogue closure throws when its probe is set to throw.
    case closureThrew
}

/// How the contract drives one input of an operator.
enum ContractInputRole: Sendable {
    /// The operator's source: gets every element, the completion and the error.
    case primary
    /// Gets every element (right after the primary) and the completion, never the error.
    case mirror
    /// Gets only the completion.
    case silent
}

/// One input the contract drives: a `PublishSubject` seen through an
/// `ObservableType` written outside Rill (so no `create` guard sits between the
/// subject and the operator, and a subscriber may send into it re-entrantly),
/// counting the subscriptions made to it and the disposals of those.
final class ContractInput: ObservableType, @unchecked Sendable {
    // Sendable: `subject` is thread-safe; the counters are behind `lock`.
    typealias Element = Int

    let role: ContractInputRole
    let subject = PublishSubject<Int>()
    private let lock = NSLock()
    private var subscribeCount = 0
    private var disposeCount = 0

    init(role: ContractInputRole) {
        self.role = role
    }

    var subscriptions: Int { lock.withLock { subscribeCount } }
    var disposals: Int { lock.withLock { disposeCount } }
    /// Every subscription made to this input was disposed exactly once.
    var isReleased: Bool { lock.withLock { subscribeCount == disposeCount } }

    func subscribe<Observer: ObserverType>(_ observer: Observer) -> any Disposable where Observer.Element == Int {
        lock.withLock { subscribeCount += 1 }
        let inner = subject.subscribe(observer)
        return Disposables.create {
            inner.dispose()
            self.lock.withLock { self.disposeCount += 1 }
        }
    }
}

/// The object a catalogue entry's closures capture: the test holds it weakly to
/// see that disposal releases the closures, and sets `throws` to make every
/// closure that calls `check()` throw.
final class ClosureProbe: @unchecked Sendable {
    // Sendable: `isThrowing` is set before the subscription and only read afterwards;
    // `calls` is behind `lock`.
    var isThrowing = false
    private let lock = NSLock()
    private var callCount = 0

    var calls: Int { lock.withLock { callCount } }

    /// Counts a call; throws `ContractError.closureThrew` if the probe is set to throw.
    func check() throws {
        lock.withLock { callCount += 1 }
        if isThrowing { throw ContractError.closureThrew }
    }

    /// `value` after `check()`.
    func pass<Value>(_ value: Value) throws -> Value {
        try check()
        return value
    }
}

/// An object that outlives every test, for `withUnretained`.
final class ContractAnchor: Sendable {
    static let shared = ContractAnchor()
}

/// What a catalogue entry builds: an operator's output, of any element type, seen
/// as events written as strings.
struct ContractOutput {
    let subscribe: (ContractRecorder) -> any Disposable

    init<Element>(_ observable: Observable<Element>) {
        subscribe = { recorder in
            observable.subscribe { event in
                switch event {
                case .next(let element): recorder.receive(.element("\(element)"))
                case .error(let error): recorder.receive(.error("\(error)"))
                case .completed: recorder.receive(.completed)
                }
            }
        }
    }
}

/// An event as the contract records it.
enum ContractEvent: Equatable, Sendable {
    case element(String)
    case error(String)
    case completed

    var isTerminal: Bool {
        if case .element = self { return false }
        return true
    }
}

/// Records what a subscriber receives, and checks the grammar: at most one
/// terminal event, and nothing after it.
final class ContractRecorder: @unchecked Sendable {
    // Sendable: `entries` is behind `lock`; `onElement` is set before subscribing.
    private let lock = NSLock()
    private var entries: [ContractEvent] = []

    /// Runs inside the delivery of each element, after it was recorded.
    var onElement: ((String) -> Void)?

    var events: [ContractEvent] { lock.withLock { entries } }
    var count: Int { lock.withLock { entries.count } }
    var terminalCount: Int { events.filter(\.isTerminal).count }

    /// No event follows a terminal event (so there is at most one).
    var grammarHolds: Bool {
        guard let first = events.firstIndex(where: \.isTerminal) else { return true }
        return first == events.count - 1
    }

    func receive(_ event: ContractEvent) {
        lock.withLock { entries.append(event) }
        if case .element(let text) = event { onElement?(text) }
    }
}

/// Runs `body` on its own thread and waits up to `seconds` for it: false if it
/// did not finish (a deadlock), in which case the thread is left blocked.
func finishesInTime(seconds: Int = 10, _ body: @escaping @Sendable () -> Void) -> Bool {
    let done = DispatchSemaphore(value: 0)
    Thread.detachNewThread {
        body()
        done.signal()
    }
    return done.wait(timeout: .now() + .seconds(seconds)) == .success
}
