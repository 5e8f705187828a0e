import Foundation

/// Restores the runtime isolation check that Swift omits for closures handed to a
/// module built in Swift 6 mode.
///
/// A closure written in main-actor code and passed to `subscribe` or an operator is
/// inferred to be main-actor isolated, but Swift inserts no check when Rill later
/// calls it from another thread: it would run off the main thread silently (measured
/// with Swift 6.3.1; RxSwift, imported as preconcurrency, traps). Rill learns the
/// caller's isolation through a defaulted `isolation: isolated (any Actor)? = #isolation`
/// parameter and, if there is one, wraps the closure in a check that traps with a
/// message naming the fix. Nonisolated callers get their closure back unchanged and
/// pay nothing per event.
///
/// The main actor is checked against the main thread and the main queue, with
/// Rill's own message. Another actor is checked with `Actor.preconditionIsolated`
/// where the OS has it (macOS 14, iOS 17, tvOS 17, watchOS 10, Linux), whose trap
/// does not carry Rill's message on Linux; on older Apple systems only the main actor
/// is checked.
///
/// A caller that knowingly hands over a nonisolated closure from actor-isolated code
/// passes `isolation: nil`. What a violation does is `Hooks.isolationViolation`'s
/// choice: stop the program (the default), report once and go on, or go on silently.
@usableFromInline
enum IsolationCheck {
    /// Traps unless the current thread may run code isolated to `isolation`.
    @usableFromInline
    static func verify(_ isolation: any Actor, _ operation: StaticString) {
        if isolation is MainActor {
            // The main thread, or a block of the main queue: after `dispatchMain()`
            // a worker thread services the main queue, and the main actor with it
            // (this is how Linux test processes run main-actor code).
            if Thread.isMainThread || DispatchQueue.getSpecific(key: mainQueueKey) != nil { return }
            // A violation: `Hooks.isolationViolation` decides (read only here, off the
            // per-event path of a correct program).
            if Hooks.shouldTrapOnIsolationViolation({ message(operation, actor: "the main actor") }) {
                fail(operation, actor: "the main actor")
            }
            return
        }
        // Another actor can only be checked by a check that traps, so it is checked
        // only while violations trap.
        guard Hooks.checksOtherActors else { return }
        if #available(macOS 14, iOS 17, tvOS 17, watchOS 10, *) {
            isolation.preconditionIsolated(message(operation, actor: "\(type(of: isolation))"))
        }
    }

    /// Marks blocks running on the main queue.
    private static let mainQueueKey: DispatchSpecificKey<Bool> = {
        let key = DispatchSpecificKey<Bool>()
        DispatchQueue.main.setSpecific(key: key, value: true)
        return key
    }()

    /// The violation's message; for an actor other than the main actor it names
    /// `observe(on:)` with that actor (an `ActorScheduler`).
    static func message(_ operation: StaticString, actor: String) -> String {
        let fix = actor == "the main actor"
            ? "for the main actor with observe(on: MainScheduler.instance)"
            : "with observe(on: self) inside \(actor) (observe(on: theActor) outside it)"
        return """
        Rill: a closure passed to \(operation) from code isolated to \(actor) was called \
        on another thread. Move delivery onto the actor first, \(fix) before \(operation); \
        or pass `isolation: nil` if the closure is nonisolated.
        """
    }

    private static func fail(_ operation: StaticString, actor: String) -> Never {
        fatalError(message(operation, actor: actor))
    }

    /// `handler`, checked on each call when `isolation` is non-nil.
    @inlinable
    static func guarding<Value>(
        _ handler: ((Value) -> Void)?, _ isolation: (any Actor)?, _ operation: StaticString
    ) -> ((Value) -> Void)? {
        guard let handler, let isolation else { return handler }
        return { value in
            verify(isolation, operation)
            handler(value)
        }
    }

    /// `handler`, checked on each call when `isolation` is non-nil.
    @inlinable
    static func guarding(
        _ handler: (() -> Void)?, _ isolation: (any Actor)?, _ operation: StaticString
    ) -> (() -> Void)? {
        guard let handler, let isolation else { return handler }
        return {
            verify(isolation, operation)
            handler()
        }
    }

    /// `body`, checked on each call when `isolation` is non-nil; otherwise `body`
    /// itself, whatever its number of arguments (the result selectors of zip and
    /// combineLatest, withLatestFrom, reduce).
    @inlinable
    static func guarding<each Value, Result>(
        _ body: @escaping (repeat each Value) throws -> Result, _ isolation: (any Actor)?, _ operation: StaticString
    ) -> (repeat each Value) throws -> Result {
        guard let isolation else { return body }
        return { (values: repeat each Value) throws -> Result in
            verify(isolation, operation)
            return try body(repeat each values)
        }
    }

    /// `body`, checked on each call. Operators call this only for an isolated caller,
    /// after `guard let isolation` has handed nonisolated callers' closures on unchanged.
    @inlinable
    static func checking<Value, Result>(
        _ body: @escaping (Value) throws -> Result, _ isolation: any Actor, _ operation: StaticString
    ) -> (Value) throws -> Result {
        { value in
            verify(isolation, operation)
            return try body(value)
        }
    }

    /// `body`, checked on each call (see `checking(_:_:_:)` for one argument).
    static func checking<First, Second, Result>(
        _ body: @escaping (First, Second) throws -> Result, _ isolation: any Actor, _ operation: StaticString
    ) -> (First, Second) throws -> Result {
        { first, second in
            verify(isolation, operation)
            return try body(first, second)
        }
    }

    /// `body`, checked on each call (see `checking(_:_:_:)` for one argument).
    static func checking<State, Value>(
        _ body: @escaping (inout State, Value) throws -> Void, _ isolation: any Actor, _ operation: StaticString
    ) -> (inout State, Value) throws -> Void {
        { state, value in
            verify(isolation, operation)
            try body(&state, value)
        }
    }
}
