/// An observable sequence whose grammar is narrowed by `Trait`: the common type of
/// `Single`, `Maybe` and `Completable`.
///
/// A trait is a thin wrapper around an `Observable` that only its factories and
/// operators can build, so the narrower grammar holds by construction:
///
/// | trait         | events                     |
/// | ------------- | -------------------------- |
/// | `Single`      | success, or error          |
/// | `Maybe`       | success, completed, or error |
/// | `Completable` | completed, or error        |
///
/// Underneath, a success is an element followed at once by completion, which is
/// what `asObservable()` shows:
///
/// ```swift
/// record(Single.just(42).asObservable())   // ["42", "|"]
/// ```
///
/// A trait is `Sendable`: it only holds an `Observable`.
public struct PrimitiveSequence<Trait, Element> {
    /// The observable that carries this trait's events. Its grammar is the trait's,
    /// which every factory and operator that builds a `PrimitiveSequence` keeps.
    @usableFromInline let source: Observable<Element>

    @usableFromInline
    init(raw: Observable<Element>) {
        self.source = raw
    }
}

// The phantom `Trait` is never stored; the only stored value is a Sendable observable.
extension PrimitiveSequence: Sendable {}

/// A type that is, or can present itself as, a `PrimitiveSequence`: the protocol
/// that trait operators are written against.
public protocol PrimitiveSequenceType {
    /// The marker type of the trait: `SingleTrait`, `MaybeTrait` or `CompletableTrait`.
    associatedtype Trait

    /// The type of the element, `Never` for a `Completable`.
    associatedtype Element

    /// This value as a `PrimitiveSequence`.
    var primitiveSequence: PrimitiveSequence<Trait, Element> { get }
}

extension PrimitiveSequence: PrimitiveSequenceType {
    /// Returns `self`.
    public var primitiveSequence: PrimitiveSequence<Trait, Element> { self }
}

extension PrimitiveSequence: ObservableConvertibleType {
    /// This trait as an ordinary observable: a success becomes an element followed by
    /// completion.
    ///
    /// ```swift
    /// record(Maybe<Int>.empty().asObservable())             // ["|"]
    /// record(Completable.error(DemoError.boom).asObservable()) // ["x(boom)"]
    /// ```
    @_alwaysEmitIntoClient
    public func asObservable() -> Observable<Element> {
        source
    }
}

extension PrimitiveSequence {
    /// A trait that calls `observableFactory` for each subscription and subscribes to
    /// the trait it returns.
    ///
    /// An error thrown by the factory becomes the trait's error.
    ///
    /// ```swift
    /// let now = Single.deferred { Single.just(Date()) }   // a fresh date per subscriber
    /// ```
    @_alwaysEmitIntoClient
    public static func deferred(
        _ observableFactory: @escaping () throws -> PrimitiveSequence<Trait, Element>
    ) -> PrimitiveSequence<Trait, Element> {
        PrimitiveSequence(raw: Observable.deferred { try observableFactory().source })
    }

    /// A trait that creates a resource for each subscription, builds the trait to
    /// subscribe to from it, and disposes the resource when the subscription ends
    /// (after the trait's outcome, or when the subscriber disposes).
    ///
    /// An error thrown by either factory becomes the trait's error; a resource that
    /// was created is disposed then too.
    ///
    /// ```swift
    /// Single.using({ Connection() }, primitiveSequenceFactory: { $0.fetch() })
    /// ```
    @_alwaysEmitIntoClient
    public static func using<Resource: Disposable>(
        _ resourceFactory: @escaping () throws -> Resource,
        primitiveSequenceFactory: @escaping (Resource) throws -> PrimitiveSequence<Trait, Element>
    ) -> PrimitiveSequence<Trait, Element> {
        PrimitiveSequence(raw: Observable.deferred {
            let resource = try resourceFactory()
            do {
                return try primitiveSequenceFactory(resource).source.do(onDispose: { resource.dispose() })
            } catch {
                resource.dispose()
                throw error
            }
        })
    }

    /// Prints each subscription's lifecycle and events, as `Observable.debug` does,
    /// passing the outcome through unchanged. A success prints as an element followed
    /// by completion.
    ///
    /// - Returns: A trait with the same outcome.
    @_alwaysEmitIntoClient
    public func debug(
        _ identifier: String? = nil,
        trimOutput: Bool = false,
        file: String = #file,
        line: UInt = #line,
        function: String = #function
    ) -> PrimitiveSequence<Trait, Element> {
        PrimitiveSequence(raw: source.debug(identifier, trimOutput: trimOutput, file: file, line: line, function: function))
    }
}

extension PrimitiveSequence {
    /// Subscribes with the closures of a trait's `subscribe`, already checked for
    /// isolation: `onSuccess` for the element, `onEmpty` for a completion without
    /// one (the completion that follows an element is not reported), `onError` for
    /// the error (reported as unhandled when nil).
    @inlinable
    func subscribeOutcome(
        site: SubscriptionSite = .unknown,
        onSuccess: consuming ((Element) -> Void)?,
        onError: consuming ((any Swift.Error) -> Void)?,
        onEmpty: consuming (() -> Void)?,
        emptyFails: Bool = false,
        onDisposed: consuming (() -> Void)?
    ) -> any Disposable {
        // Handed over with `consume`, as `ClosureSink`'s are (see there).
        OutcomeSink(
            onSuccess: consume onSuccess, onError: consume onError, onEmpty: consume onEmpty, emptyFails: emptyFails,
            onDisposed: consume onDisposed
        ).subscribe(to: source, site: site)
    }
}

/// Delivers a trait's outcome to the closures of its `subscribe`: the element, the
/// error, or (for `onEmpty`) a completion that no element preceded. One object, so
/// a trait subscription costs no closures or boxes of its own.
@usableFromInline
final class OutcomeSink<Element>: SubscriberSink<Element> {
    private let successHandler: ((Element) -> Void)?
    private let errorHandler: ((any Swift.Error) -> Void)?
    private let emptyHandler: (() -> Void)?
    /// Where the subscription was made, for `Hooks.defaultErrorHandler`: recorded only
    /// without an error closure and while `Hooks.recordCallStackOnError` is on.
    /// Nil when nothing was recorded (see `ClosureSink`).
    private let callStack: [String]?
    /// A completion without an element fails with `RxError.noElements` (a `Single`).
    private let emptyFails: Bool
    /// Events reach a sink one at a time (the grammar), so these need no lock.
    @exclusivity(unchecked) private var succeeded = false
    @exclusivity(unchecked) private var isStopped = false

    @usableFromInline
    init(
        onSuccess: consuming ((Element) -> Void)?, onError: consuming ((any Swift.Error) -> Void)?,
        onEmpty: consuming (() -> Void)?, emptyFails: Bool, onDisposed: consuming (() -> Void)?
    ) {
        // As in `ClosureSink.init`: the closures move into the fields.
        self.callStack = Hooks.subscriptionCallStack(unlessHandledBy: onError)
        self.emptyFails = emptyFails
        self.successHandler = consume onSuccess
        self.errorHandler = consume onError
        self.emptyHandler = consume onEmpty
        super.init(onDisposed: consume onDisposed)
    }

    override func onNext(_ element: Element) {
        guard !isStopped else { return }
        succeeded = true
        successHandler?(element)
    }

    override func onError(_ error: any Swift.Error) {
        guard beginTerminal() else { return }
        isStopped = true
        deliverError(error)
        disposeSubscription()
    }

    private func deliverError(_ error: any Swift.Error) {
        if let errorHandler {
            errorHandler(error)
        } else {
            Hooks.reportUnhandled(error, callStack: callStack ?? [])
        }
    }

    override func onCompleted() {
        guard beginTerminal() else { return }
        isStopped = true
        if !succeeded {
            if emptyFails {
                deliverError(RxError.noElements)
            } else {
                emptyHandler?()
            }
        }
        disposeSubscription()
    }
}
