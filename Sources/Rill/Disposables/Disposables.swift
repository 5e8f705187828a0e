import RillShims

/// Factories for disposables.
public struct Disposables: Sendable {
    private init() {}

    /// A disposable that does nothing. It is an empty value: creating, copying and
    /// releasing it allocate nothing and touch no reference count.
    public static func create() -> any Disposable {
        NopDisposable()
    }

    /// A disposable that runs `dispose` once, the first time it is disposed, on the
    /// thread that disposes it.
    ///
    /// ```swift
    /// return Disposables.create { request.cancel() }
    /// ```
    public static func create(with dispose: consuming @escaping () -> Void) -> any Cancelable {
        AnonymousDisposable(dispose)
    }

    /// A disposable that disposes both arguments, once.
    public static func create(_ disposable1: any Disposable, _ disposable2: any Disposable) -> any Cancelable {
        CompositeDisposable(disposables: [disposable1, disposable2])
    }

    /// A disposable that disposes the three arguments, once.
    public static func create(
        _ disposable1: any Disposable, _ disposable2: any Disposable, _ disposable3: any Disposable
    ) -> any Cancelable {
        CompositeDisposable(disposables: [disposable1, disposable2, disposable3])
    }

    /// A disposable that disposes all the arguments, once.
    public static func create(
        _ disposable1: any Disposable, _ disposable2: any Disposable, _ disposable3: any Disposable,
        _ disposables: any Disposable...
    ) -> any Cancelable {
        CompositeDisposable(disposables: [disposable1, disposable2, disposable3] + disposables)
    }

    /// A disposable that disposes every element of `disposables`, once.
    public static func create(_ disposables: [any Disposable]) -> any Cancelable {
        CompositeDisposable(disposables: disposables)
    }
}

/// The do-nothing disposable: an empty value, so it fits an existential's inline
/// buffer and costs no reference counting.
@usableFromInline
struct NopDisposable: Disposable {
    @inlinable init() {}
    @inlinable func dispose() {}
}

/// Runs a closure once, on first dispose.
final class AnonymousDisposable: Cancelable, @unchecked Sendable {
    // Sendable: `stateWord` is only touched through C11 atomics; `action` is read
    // and cleared only by the caller that set the word first.
    /// 0, then 1 once disposed. The first stored property, reached through
    /// `leadingWords(of:)`: an atomic word in the object itself rather than an
    /// `AtomicWord`'s allocation of its own.
    @exclusivity(unchecked) private var stateWord = 0
    @exclusivity(unchecked) private var action: (() -> Void)?

    init(_ action: @escaping () -> Void) {
        self.action = action
    }

    var isDisposed: Bool { rill_atomic_load(leadingWords(of: self)) != 0 }

    func dispose() {
        guard rill_atomic_exchange(leadingWords(of: self), 1) == 0 else { return }
        if let action = self.action.take() { action() }
    }
}
