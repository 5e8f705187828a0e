extension ObservableType {
    /// This sequence as a `Single`: succeeds with its only element when it
    /// completes.
    ///
    /// | source             | result                                           |
    /// | ------------------ | ------------------------------------------------ |
    /// | no elements        | `RxError.noElements`                             |
    /// | one element        | success, after the source completes              |
    /// | two or more        | `RxError.moreThanOneElement`, at the second one  |
    /// | never completes    | never resolves                                   |
    ///
    /// To know there is no second element it has to wait for completion, so a
    /// subject or relay that never completes never produces a success. To take the
    /// current value, use `take(1).asSingle()` or `first()`.
    ///
    /// ```swift
    /// Observable.of(1, 2).asSingle()   // fails: "Sequence contains more than one element."
    /// ```
    @_alwaysEmitIntoClient
    public func asSingle() -> Single<Element> {
        Single(raw: AsSingleObservable(source: asObservable(), allowsEmpty: false))
    }

    /// This sequence as a `Maybe`: succeeds with its only element when it
    /// completes, or completes if it had none.
    ///
    /// A second element fails the result with `RxError.moreThanOneElement` at once;
    /// a source that never completes never resolves.
    @_alwaysEmitIntoClient
    public func asMaybe() -> Maybe<Element> {
        Maybe(raw: AsSingleObservable(source: asObservable(), allowsEmpty: true))
    }

    /// A `Single` of the first element of this sequence, or of `nil` if it
    /// completes without one.
    ///
    /// It succeeds as soon as the first element arrives (the source is then
    /// disposed), so it resolves on a source that never completes:
    ///
    /// ```swift
    /// BehaviorSubject(value: "ada").first()   // success Optional("ada")
    /// Observable<Int>.empty().first()         // success nil
    /// ```
    @_alwaysEmitIntoClient
    public func first() -> Single<Element?> {
        Single(raw: FirstObservable(source: asObservable()))
    }
}

extension ObservableType where Element == Never {
    /// This sequence as a `Completable`: completes or fails with it.
    @_alwaysEmitIntoClient
    public func asCompletable() -> Completable {
        Completable(raw: asObservable())
    }
}

extension ObservableType {
    /// This sequence as a `Completable`: completes or fails with it, discarding any
    /// number of elements; a source that never completes never resolves.
    ///
    /// RxSwift 6 has `asCompletable()` only on `Observable<Never>` and spells this
    /// `ignoreElements().asCompletable()`, which works in Rill too.
    ///
    /// ```
    /// source:          -1-2-3|
    /// asCompletable(): ------|
    /// ```
    @_alwaysEmitIntoClient
    public func asCompletable() -> Completable {
        Completable(raw: asObservable().ignoreElements())
    }
}

// Sendable: immutable after init; each subscription keeps its own state.
@usableFromInline
final class AsSingleObservable<Element>: Observable<Element>, @unchecked Sendable {
    private let source: Observable<Element>
    private let allowsEmpty: Bool

    @usableFromInline
    init(source: Observable<Element>, allowsEmpty: Bool) {
        self.source = source
        self.allowsEmpty = allowsEmpty
    }

    override func run(_ sink: Sink<Element>) -> any Disposable {
        source.run(AsSingleSink(allowsEmpty: allowsEmpty, downstream: sink))
    }
}

/// Holds the one element until completion; a second one fails the sequence.
private final class AsSingleSink<Element>: Sink<Element> {
    private let allowsEmpty: Bool
    private let downstream: Sink<Element>
    // Touched only by the source's events, which the Rx grammar serialises.
    private var element: Element?
    private var isDone = false

    init(allowsEmpty: Bool, downstream: Sink<Element>) {
        self.allowsEmpty = allowsEmpty
        self.downstream = downstream
    }

    override func onNext(_ element: Element) {
        guard !isDone else { return }
        guard self.element == nil else {
            isDone = true
            self.element = nil
            return downstream.onError(RxError.moreThanOneElement)
        }
        self.element = element
    }

    override func onError(_ error: any Swift.Error) {
        guard !isDone else { return }
        isDone = true
        element = nil
        downstream.onError(error)
    }

    override func onCompleted() {
        guard !isDone else { return }
        isDone = true
        if let element {
            self.element = nil
            downstream.onNext(element)
            downstream.onCompleted()
        } else if allowsEmpty {
            downstream.onCompleted()
        } else {
            downstream.onError(RxError.noElements)
        }
    }
}

// Sendable: immutable after init; each subscription keeps its own state.
@usableFromInline
final class FirstObservable<Element>: Observable<Element?>, @unchecked Sendable {
    private let source: Observable<Element>

    @usableFromInline
    init(source: Observable<Element>) {
        self.source = source
    }

    override func run(_ sink: Sink<Element?>) -> any Disposable {
        source.run(FirstSink(downstream: sink))
    }
}

/// Ends the sequence with the first element, or with `nil` on an empty completion.
private final class FirstSink<Element>: Sink<Element> {
    private let downstream: Sink<Element?>
    // Touched only by the source's events, which the Rx grammar serialises.
    private var isDone = false

    init(downstream: Sink<Element?>) {
        self.downstream = downstream
    }

    override func onNext(_ element: Element) {
        guard !isDone else { return }
        isDone = true
        downstream.onNext(element)
        downstream.onCompleted()
    }

    override func onError(_ error: any Swift.Error) {
        guard !isDone else { return }
        isDone = true
        downstream.onError(error)
    }

    override func onCompleted() {
        guard !isDone else { return }
        isDone = true
        downstream.onNext(nil)
        downstream.onCompleted()
    }
}
