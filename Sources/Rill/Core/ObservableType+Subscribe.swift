#if canImport(Foundation)
import Foundation
#endif

extension ObservableType {
    /// Subscribes with closures for each kind of event.
    ///
    /// The closures run on whatever thread the source produces events; use
    /// `observe(on:)` first to choose, for example `observe(on: MainScheduler.instance)`
    /// before touching main-actor state. Closures written in actor-isolated code are
    /// checked: called from another thread, they stop the program with a message
    /// naming that fix instead of racing (see `isolation`). `onDisposed` runs once,
    /// after a terminal event or when the subscription is disposed. An error with no
    /// `onError` closure goes to `Hooks.defaultErrorHandler` (by default printed on
    /// standard error in debug builds).
    ///
    /// - Parameters:
    ///   - onNext: Called with each element.
    ///   - onCompleted: Called when the sequence completes.
    ///   - onError: Called with the error that ends the sequence.
    ///   - onDisposed: Called once the subscription ends: after a terminal event or when it
    ///     is disposed.
    ///   - isolation: The caller's actor, found automatically. Pass `nil` to
    ///     hand over closures that are not isolated to it.
    ///   - file: Where the call is, recorded while `Resources.isTrackingSubscriptions` is on.
    ///   - line: The call's line, recorded with `file`.
    ///
    /// ```swift
    /// Observable.of(1, 2).subscribe(onNext: { print($0) }, onCompleted: { print("done") })
    /// ```
    ///
    /// - Returns: A disposable that ends the subscription.
    @inlinable
    public func subscribe(
        onNext: consuming ((Element) -> Void)? = nil,
        onError: consuming ((any Swift.Error) -> Void)? = nil,
        onCompleted: consuming (() -> Void)? = nil,
        onDisposed: consuming (() -> Void)? = nil,
        isolation: isolated (any Actor)? = #isolation,
        file: StaticString = #fileID,
        line: UInt = #line
    ) -> any Disposable {
        subscribe(
            onNext: consume onNext, onError: consume onError, onCompleted: consume onCompleted,
            onDisposed: consume onDisposed, isolation: isolation, site: SubscriptionSite(.subscribe, file: file, line: line)
        )
    }

    /// `subscribe(onNext:onError:onCompleted:onDisposed:isolation:)` for a subscriber
    /// that records `site` (`bind(onNext:)`, RillCocoa's `drive` and `emit`).
    @inlinable
    package func subscribe(
        onNext: consuming ((Element) -> Void)?,
        onError: consuming ((any Swift.Error) -> Void)?,
        onCompleted: consuming (() -> Void)?,
        onDisposed: consuming (() -> Void)?,
        isolation: isolated (any Actor)?,
        site: SubscriptionSite
    ) -> any Disposable {
        let operation: StaticString = "subscribe(onNext:onError:onCompleted:onDisposed:)"
        let source = subscribableObservable
        // A nonisolated caller's closures move on unchanged (no copy to retain).
        let onNext = isolation == nil ? consume onNext : IsolationCheck.guarding(onNext, isolation, operation)
        let onError = isolation == nil ? consume onError : IsolationCheck.guarding(onError, isolation, operation)
        let onCompleted = isolation == nil ? consume onCompleted : IsolationCheck.guarding(onCompleted, isolation, operation)
        let onDisposed = isolation == nil ? consume onDisposed : IsolationCheck.guarding(onDisposed, isolation, operation)
        // `just`, `empty` and `error` deliver everything here and now, so the
        // subscription needs no object to keep its state.
        let style = source.subscriptionStyle
        if style == .immediate,
           source.deliverImmediately(onNext: onNext, onError: onError, onCompleted: onCompleted) {
            onDisposed?()
            return DisposedSubscription()
        }
        // Moved into the sink, not copied (see `ClosureSink.init`).
        let sink = ClosureSink(
            onNext: consume onNext, onError: consume onError, onCompleted: consume onCompleted,
            onDisposed: consume onDisposed
        )
        return sink.subscribe(to: source, style: style, site: site)
    }

    /// Subscribes with one closure that receives every event.
    ///
    /// The closure is checked like those of `subscribe(onNext:onError:onCompleted:onDisposed:)`.
    ///
    /// - Parameters:
    ///   - on: Called with each event.
    ///   - isolation: The caller's actor, found automatically.
    ///   - file: Where the call is, recorded while `Resources.isTrackingSubscriptions` is on.
    ///   - line: The call's line, recorded with `file`.
    /// - Returns: A disposable that ends the subscription.
    public func subscribe(
        _ on: @escaping (Event<Element>) -> Void,
        isolation: isolated (any Actor)? = #isolation,
        file: StaticString = #fileID,
        line: UInt = #line
    ) -> any Disposable {
        subscribe(on, isolation: isolation, site: SubscriptionSite(.subscribe, file: file, line: line))
    }

    /// `subscribe(_:isolation:)` for a subscriber that records `site`.
    package func subscribe(
        _ on: @escaping (Event<Element>) -> Void,
        isolation: isolated (any Actor)?,
        site: SubscriptionSite
    ) -> any Disposable {
        let handler = IsolationCheck.guarding(on, isolation, "subscribe(_:)")!
        return EventClosureSink(handler).subscribe(to: subscribableObservable, site: site)
    }

    /// Subscribes with closures that also receive `object`, held weakly: once
    /// `object` is gone, the closures are no longer called.
    ///
    /// ```swift
    /// viewModel.title.subscribe(with: self, onNext: { owner, title in owner.render(title) })
    /// ```
    ///
    /// - Parameter onNext: Called with each element.
    /// - Parameter onError: Called with the error.
    /// - Parameter onCompleted: Called when the sequence completes.
    /// - Parameter onDisposed: Called once the subscription ends: after a terminal event or when it is disposed.
    /// - Parameter isolation: The caller's actor, found automatically. Pass `nil` to hand over closures that are not isolated to it.
    /// - Parameter object: The object handed to the closures, held weakly.
    /// - Parameter file: Where the call is, recorded while `Resources.isTrackingSubscriptions` is on.
    /// - Parameter line: The call's line, recorded with `file`.
    /// - Returns: A disposable that ends the subscription.
    public func subscribe<Object: AnyObject>(
        with object: Object,
        onNext: ((Object, Element) -> Void)? = nil,
        onError: ((Object, any Swift.Error) -> Void)? = nil,
        onCompleted: ((Object) -> Void)? = nil,
        onDisposed: ((Object) -> Void)? = nil,
        isolation: isolated (any Actor)? = #isolation,
        file: StaticString = #fileID,
        line: UInt = #line
    ) -> any Disposable {
        subscribe(
            with: object, onNext: onNext, onError: onError, onCompleted: onCompleted, onDisposed: onDisposed,
            isolation: isolation, site: SubscriptionSite(.subscribe, file: file, line: line)
        )
    }

    /// `subscribe(with:onNext:onError:onCompleted:onDisposed:isolation:)` for a
    /// subscriber that records `site` (RillCocoa's `drive(with:)` and `emit(with:)`).
    package func subscribe<Object: AnyObject>(
        with object: Object,
        onNext: ((Object, Element) -> Void)?,
        onError: ((Object, any Swift.Error) -> Void)?,
        onCompleted: ((Object) -> Void)?,
        onDisposed: ((Object) -> Void)?,
        isolation: isolated (any Actor)?,
        site: SubscriptionSite
    ) -> any Disposable {
        subscribe(
            onNext: WeakCapture.bind(object, onNext),
            onError: WeakCapture.bind(object, onError),
            onCompleted: WeakCapture.bind(object, onCompleted),
            onDisposed: WeakCapture.bind(object, onDisposed),
            isolation: isolation,
            site: site
        )
    }
}

extension ObservableType {
    /// The observable a subscription attaches to: `self` when it already is one (a
    /// subject is subscribed to directly, as RxSwift does, without the hiding
    /// observable its `asObservable()` makes), else `asObservable()`. Where `Self`
    /// is known at the call site the cast costs nothing.
    @inlinable
    var subscribableObservable: Observable<Element> {
        if let observable = self as? Observable<Element> { return observable }
        return asObservable()
    }
}

/// Delivers to the closures of `subscribe(onNext:onError:onCompleted:onDisposed:)`.
@usableFromInline
final class ClosureSink<Element>: SubscriberSink<Element> {
    private let nextHandler: ((Element) -> Void)?
    private let errorHandler: ((any Swift.Error) -> Void)?
    private let completedHandler: (() -> Void)?
    /// Where the subscription was made, for `Hooks.defaultErrorHandler`: recorded only
    /// without an error closure and while `Hooks.recordCallStackOnError` is on.
    /// Nil when nothing was recorded: an empty array would still be released at deinit.
    private let callStack: [String]?
    /// Set on the delivering thread when the terminal event is delivered, so an
    /// element still in flight (a subscriber ended the source in the middle of a
    /// delivery) is dropped. Events reach a sink one at a time (the grammar).
    @exclusivity(unchecked) private var isStopped = false

    @usableFromInline
    init(
        onNext: consuming ((Element) -> Void)?,
        onError: consuming ((any Swift.Error) -> Void)?,
        onCompleted: consuming (() -> Void)?,
        onDisposed: consuming (() -> Void)?
    ) {
        // The closures are `consuming` and moved into the fields with `consume`:
        // a parameter otherwise lives to the end of the init, past the opaque calls
        // below (the call-stack hook, `super.init`), so storing it cost a retain
        // and a release each (measured: 119 instructions a subscription).
        self.callStack = Hooks.subscriptionCallStack(unlessHandledBy: onError)
        self.nextHandler = consume onNext
        self.errorHandler = consume onError
        self.completedHandler = consume onCompleted
        super.init(onDisposed: consume onDisposed)
    }

    override func onNext(_ element: Element) {
        guard !isStopped else { return }
        nextHandler?(element)
    }

    override func onError(_ error: any Swift.Error) {
        guard beginTerminal() else { return }
        isStopped = true
        if let errorHandler {
            errorHandler(error)
        } else {
            Hooks.reportUnhandled(error, callStack: callStack ?? [])
        }
        disposeSubscription()
    }

    override func onCompleted() {
        guard beginTerminal() else { return }
        isStopped = true
        completedHandler?()
        disposeSubscription()
    }
}

/// Delivers to the closure of `subscribe(_:)`.
final class EventClosureSink<Element>: SubscriberSink<Element> {
    private let handler: (Event<Element>) -> Void
    /// Set on the delivering thread when the terminal event is delivered, so an
    /// element still in flight (a subscriber ended the source in the middle of a
    /// delivery) is dropped. Events reach a sink one at a time (the grammar).
    @exclusivity(unchecked) private var isStopped = false

    init(_ handler: @escaping (Event<Element>) -> Void) {
        self.handler = handler
        super.init(onDisposed: nil)
    }

    override func onNext(_ element: Element) {
        guard !isStopped else { return }
        handler(.next(element))
    }

    override func onError(_ error: any Swift.Error) {
        guard beginTerminal() else { return }
        isStopped = true
        handler(.error(error))
        disposeSubscription()
    }

    override func onCompleted() {
        guard beginTerminal() else { return }
        isStopped = true
        handler(.completed)
        disposeSubscription()
    }
}
