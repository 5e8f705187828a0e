/// A sequence that never fails: the protocol of `Infallible`.
///
/// Operators on `InfallibleType` return `Infallible`, keeping the guarantee.
public protocol InfallibleType: ObservableConvertibleType {}

/// An observable sequence that is guaranteed never to emit an error: elements,
/// then at most completion.
///
/// It is a thin wrapper around an `Observable` and behaves exactly like one (cold,
/// no sharing, no replay, events on the producer's thread); only the type changes,
/// so subscribers need no error handling. Build one with its own factories
/// (`Infallible.just`, `of`, `from`, `create`, ...) or from any observable with
/// `asInfallible(onErrorJustReturn:)` and its siblings, which say what replaces an
/// error.
///
/// ```swift
/// let ticks = Infallible<Int>.create { observer in
///     observer(.next(1))
///     observer(.completed)          // there is no .error case to send
///     return Disposables.create()
/// }
/// ticks.subscribe(onNext: { print($0) })   // 1
/// ```
///
/// `Infallible` is `Sendable`: it holds only its `Observable`.
public struct Infallible<Element>: InfallibleType, Sendable {
    @usableFromInline
    let source: Observable<Element>

    /// Wraps `source`, which must never emit an error.
    @usableFromInline
    init(_ source: Observable<Element>) {
        self.source = source
    }

    /// The wrapped observable. It emits no error.
    @_alwaysEmitIntoClient
    public func asObservable() -> Observable<Element> {
        source
    }
}

extension InfallibleType {
    /// Subscribes with closures for elements, completion and disposal. There is no
    /// error closure: the sequence cannot fail.
    ///
    /// The closures run on whatever thread the source produces events; use
    /// `observe(on:)` to choose. `onDisposed` runs once, after completion or when
    /// the subscription is disposed.
    ///
    /// - Parameter onCompleted: Called when the sequence completes.
    /// - Parameter onDisposed: Called once the subscription ends: after a terminal event or when it is disposed.
    /// - Parameter onNext: Called with each element.
    /// - Parameter file: Where the call is, recorded while `Resources.isTrackingSubscriptions` is on.
    /// - Parameter line: The call's line, recorded with `file`.
    /// - Returns: A disposable that ends the subscription.
    @_alwaysEmitIntoClient
    public func subscribe(
        onNext: consuming ((Element) -> Void)? = nil,
        onCompleted: consuming (() -> Void)? = nil,
        onDisposed: consuming (() -> Void)? = nil,
        file: StaticString = #fileID,
        line: UInt = #line
    ) -> any Disposable {
        // The closures move into the subscription (see `ObservableType.subscribe(onNext:...)`).
        asObservable().subscribe(
            onNext: consume onNext, onError: reportInfallibleError, onCompleted: consume onCompleted,
            onDisposed: consume onDisposed, file: file, line: line
        )
    }

    /// Subscribes with closures that also receive `object`, held weakly: once
    /// `object` is gone, the closures are no longer called. There is no error
    /// closure: the sequence cannot fail.
    ///
    /// ```swift
    /// titles.subscribe(with: self, onNext: { owner, title in owner.render(title) })
    /// ```
    ///
    /// - Parameter onNext: Called with each element.
    /// - Parameter onCompleted: Called when the sequence completes.
    /// - Parameter onDisposed: Called once the subscription ends: after a terminal event or when it is disposed.
    /// - Parameter object: The object handed to the closures, held weakly.
    /// - Parameter file: Where the call is, recorded while `Resources.isTrackingSubscriptions` is on.
    /// - Parameter line: The call's line, recorded with `file`.
    /// - Returns: A disposable that ends the subscription.
    @_alwaysEmitIntoClient
    public func subscribe<Object: AnyObject>(
        with object: Object,
        onNext: ((Object, Element) -> Void)? = nil,
        onCompleted: ((Object) -> Void)? = nil,
        onDisposed: ((Object) -> Void)? = nil,
        file: StaticString = #fileID,
        line: UInt = #line
    ) -> any Disposable {
        asObservable().subscribe(
            with: object,
            onNext: onNext,
            onError: { _, error in reportInfallibleError(error) },
            onCompleted: onCompleted,
            onDisposed: onDisposed,
            file: file, line: line
        )
    }

    /// Subscribes with one closure that receives every event.
    ///
    /// - Parameter on: Called with each event.
    /// - Parameter file: Where the call is, recorded while `Resources.isTrackingSubscriptions` is on.
    /// - Parameter line: The call's line, recorded with `file`.
    /// - Returns: A disposable that ends the subscription.
    @_alwaysEmitIntoClient
    public func subscribe(
        _ on: @escaping (InfallibleEvent<Element>) -> Void, file: StaticString = #fileID, line: UInt = #line
    ) -> any Disposable {
        asObservable().subscribe({ event in
            switch event {
            case .next(let element): on(.next(element))
            case .completed: on(.completed)
            case .error(let error): reportInfallibleError(error)
            }
        }, file: file, line: line)
    }
}

/// Reports an error that reached an `Infallible`'s subscriber (debug builds).
///
/// Only a broken promise gets here: a `deferred` factory that threw, or an
/// infallible built around an observable that fails. The subscription ends, as
/// after any terminal event.
@usableFromInline
func reportInfallibleError(_ error: any Swift.Error) {
    #if DEBUG
    writeToStandardError("Rill: an Infallible emitted an error, which it must never do: \(error)\n")
    #endif
}
