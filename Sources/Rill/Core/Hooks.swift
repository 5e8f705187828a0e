#if canImport(Foundation)
import Foundation
#endif
import RillShims

/// Process-wide hooks: what happens to an error nobody handles, whether subscriptions
/// record where they were made, and what a broken isolation promise does.
///
/// Every property is safe to read and write from any thread: the values live behind
/// one lock, read when they are needed (at subscription, at an unhandled error, at an
/// isolation violation), never per element. Set them once, early (for example in a
/// test's `setUp` or at application launch); a change affects subscriptions made and
/// errors reported afterwards.
///
/// ```swift
/// Hooks.recordCallStackOnError = true
/// Hooks.defaultErrorHandler = { callStack, error in
///     log("unhandled \(error), subscribed at:\n\(callStack.joined(separator: "\n"))")
/// }
/// ```
public enum Hooks {
    /// Receives an error that reached a subscription without an `onError` closure
    /// (`subscribe(onNext:)`, a `Single`'s or `Maybe`'s or `Completable`'s `subscribe`
    /// without an error closure, `bind(to:)` in release builds).
    ///
    /// - Parameters:
    ///   - subscriptionCallStack: The call stack recorded when the subscription was
    ///     made: `customCaptureSubscriptionCallstack()`'s result while
    ///     `recordCallStackOnError` is on, otherwise empty.
    ///   - error: The unhandled error.
    public typealias DefaultErrorHandler = (_ subscriptionCallStack: [String], _ error: any Swift.Error) -> Void

    /// Produces the call stack a subscription records while `recordCallStackOnError` is on.
    public typealias CustomCaptureSubscriptionCallstack = () -> [String]

    /// What Rill does when a closure passed from actor-isolated code is about to run
    /// off that actor (see `isolationViolation`).
    public enum IsolationViolationAction: Sendable, Equatable {
        /// Stop the program with a message naming the fix (the default): the closure
        /// never runs off its actor, so no data race happens.
        case trap
        /// Print the message naming the fix once per process (on standard error), then
        /// run the closure anyway, off its actor, as RxSwift 6.10 in Swift 5 mode does.
        /// For a migration only: the closure then races with its actor.
        case reportOnce
        /// Run the closure off its actor without a word, as RxSwift 6.10 in Swift 5 mode does.
        case ignore

        /// The value kept in an atomic word.
        fileprivate var code: Int {
            switch self {
            case .trap: 0
            case .reportOnce: 1
            case .ignore: 2
            }
        }

        fileprivate init(code: Int) {
            self = code == 1 ? .reportOnce : code == 2 ? .ignore : .trap
        }
    }

    /// Called with an error that reached a subscription without an `onError` closure.
    ///
    /// The default prints `Unhandled error happened: <error>` and, when one was
    /// recorded, the subscription's call stack, on standard error in debug builds, and
    /// does nothing in release builds. The handler runs on the thread that delivered
    /// the error, after Rill has released its locks; it may not throw.
    public static var defaultErrorHandler: DefaultErrorHandler {
        get { storage.withLock { $0.defaultErrorHandler } }
        set { storage.withLock { $0.defaultErrorHandler = newValue } }
    }

    /// Produces the call stack that a subscription records while
    /// `recordCallStackOnError` is on.
    ///
    /// The default returns `Thread.callStackSymbols` in debug builds and an empty
    /// array in release builds. It runs on the subscribing thread, inside `subscribe`.
    public static var customCaptureSubscriptionCallstack: CustomCaptureSubscriptionCallstack {
        get { storage.withLock { $0.captureCallStack } }
        set { storage.withLock { $0.captureCallStack = newValue } }
    }

    /// Whether a subscription without an error closure records its call stack (with
    /// `customCaptureSubscriptionCallstack`) to hand to `defaultErrorHandler`. Off by
    /// default: capturing a call stack at every subscription is slow.
    public static var recordCallStackOnError: Bool {
        get { rill_records_call_stack_load() != 0 }
        set { rill_records_call_stack_store(newValue ? 1 : 0) }
    }

    /// What happens when a closure given from actor-isolated code (for example
    /// `subscribe(onNext:)` in main-actor code) is about to be called off that actor.
    ///
    /// `.trap` (the default) stops the program with a message naming the fix,
    /// `observe(on: MainScheduler.instance)`. During a migration from RxSwift, whose
    /// Swift 5-mode users may rely on such closures running on a background thread,
    /// `.reportOnce` prints that message once and lets the closure run, and `.ignore`
    /// lets it run silently. The environment variable `RILL_ISOLATION_VIOLATION`
    /// (`trap`, `report` or `ignore`) sets the initial value, so a test suite can be
    /// run unchanged with `RILL_ISOLATION_VIOLATION=report`.
    ///
    /// Only the main actor can be checked without stopping the program: under
    /// `.reportOnce` and `.ignore`, closures isolated to other actors are not checked.
    /// Setting the property again makes `.reportOnce` report again.
    public static var isolationViolation: IsolationViolationAction {
        get { IsolationViolationAction(code: isolationViolationCode.value) }
        set {
            isolationViolationCode.store(newValue.code)
            isolationViolationReported.store(0)
        }
    }

    // MARK: - Inside Rill

    /// The hooks' values.
    // Sendable: the closures (not `Sendable`, as RxSwift's are not) are only read
    // and written under `storage`'s lock; a closure read out is called after the
    // lock is released.
    private struct State: @unchecked Sendable {
        var defaultErrorHandler: DefaultErrorHandler = Hooks.printUnhandledError
        var captureCallStack: CustomCaptureSubscriptionCallstack = Hooks.debugCallStack
    }

    private static let storage = Locked(State())

    /// The call stack a subscription without an error closure keeps: nil unless
    /// `recordCallStackOnError` is on.
    ///
    /// `recordCallStackOnError` is a C global (`rill_records_call_stack`), read at
    /// every subscription without an error closure with one relaxed load: no lock,
    /// and no lazy initialisation of a Swift global.
    static func subscriptionCallStack() -> [String]? {
        guard rill_records_call_stack_load() == 0 else { return customCaptureSubscriptionCallstack() }
        return nil
    }

    /// `subscriptionCallStack()` for a subscriber whose error closure is `onError`:
    /// nil when there is one. Takes the closure borrowed, so that a sink's init can
    /// then move it into its field.
    @inline(__always)
    static func subscriptionCallStack(unlessHandledBy onError: ((any Swift.Error) -> Void)?) -> [String]? {
        onError == nil ? subscriptionCallStack() : nil
    }

    /// Hands an unhandled error to `defaultErrorHandler`, outside any lock.
    static func reportUnhandled(_ error: any Swift.Error, callStack: [String] = []) {
        defaultErrorHandler(callStack, error)
    }

    /// `isolationViolation`, as `IsolationViolationAction.code`; an atomic word, as
    /// the checks of other actors read it per call.
    private static let isolationViolationCode = AtomicWord(isolationViolationFromEnvironment().code)

    /// 1 once `.reportOnce` has reported; set back to 0 when the setting is made.
    private static let isolationViolationReported = AtomicWord(0)

    /// Decides what an isolation violation does: `true` to stop the program; `false`
    /// to go on, after printing `message()` if this is the first report since the
    /// setting was made.
    static func shouldTrapOnIsolationViolation(_ message: () -> String) -> Bool {
        switch isolationViolation {
        case .trap:
            return true
        case .reportOnce:
            if isolationViolationReported.exchange(1) == 0 {
                writeToStandardError(message() + " (Reported once: Hooks.isolationViolation is .reportOnce.)\n")
            }
            return false
        case .ignore:
            return false
        }
    }

    /// Whether closures isolated to an actor other than the main actor are checked.
    static var checksOtherActors: Bool {
        isolationViolationCode.value == IsolationViolationAction.trap.code
    }

    private static func isolationViolationFromEnvironment() -> IsolationViolationAction {
        #if canImport(Foundation)
        switch ProcessInfo.processInfo.environment["RILL_ISOLATION_VIOLATION"] {
        case "report", "reportOnce": return .reportOnce
        case "ignore": return .ignore
        default: return .trap
        }
        #else
        return .trap
        #endif
    }

    private static func printUnhandledError(_ callStack: [String], _ error: any Swift.Error) {
        #if DEBUG
        var text = "Unhandled error happened: \(error)\n"
        if !callStack.isEmpty {
            text += "subscription called from:\n" + callStack.joined(separator: "\n") + "\n"
        }
        writeToStandardError(text)
        #endif
    }

    private static func debugCallStack() -> [String] {
        #if DEBUG && canImport(Foundation)
        return Thread.callStackSymbols
        #else
        return []
        #endif
    }
}

/// Writes `text` to standard error at once (the reports of `Hooks`, bindings,
/// `Infallible` and the concurrent-delivery tracker).
func writeToStandardError(_ text: String) {
    var text = text
    text.withUTF8 { bytes in
        bytes.withMemoryRebound(to: CChar.self) { rill_write_standard_error($0.baseAddress, $0.count) }
    }
}
