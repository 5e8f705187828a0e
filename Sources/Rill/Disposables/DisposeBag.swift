/// A bag of disposables that are disposed when the bag is deallocated.
///
/// The usual owner of subscriptions: an object keeps a `DisposeBag` and its
/// subscriptions end with it. Insertion is thread-safe and O(1) amortised (no
/// array is built per insertion); a disposable added to a bag that is being
/// deallocated is disposed at once. Deallocation disposes them in insertion
/// order, O(n).
///
/// It is a `DisposeBase`, as in RxSwift: code that stores a bag as a `DisposeBase`
/// compiles unchanged, and in debug builds a live bag counts one in
/// `Resources.total`.
///
/// ```swift
/// let disposeBag = DisposeBag()
/// ticks.subscribe(onNext: { print($0) }).disposed(by: disposeBag)
/// ```
public final class DisposeBag: DisposeBase, @unchecked Sendable {
    // Sendable: `state` is the only mutable storage, behind its lock.
    private struct State {
        var disposables: [any Disposable] = []
        var isDisposed = false
    }

    private let state = Locked(State())

    /// Creates an empty bag.
    override public init() {
        super.init()
    }

    /// Creates a bag holding `disposables`.
    public convenience init(disposing disposables: any Disposable...) {
        self.init(disposing: disposables)
    }

    /// Creates a bag holding the disposables the builder returns.
    public convenience init(@DisposableBuilder builder: () -> [any Disposable]) {
        self.init(disposing: builder())
    }

    /// Creates a bag holding `disposables`.
    public convenience init(disposing disposables: [any Disposable]) {
        self.init()
        insert(disposables)
    }

    /// Adds `disposable` to the bag.
    public func insert(_ disposable: any Disposable) {
        let accepted: Bool = state.withLock { state in
            guard !state.isDisposed else { return false }
            state.disposables.append(disposable)
            return true
        }
        if !accepted { disposable.dispose() }
    }

    /// Adds each disposable to the bag.
    public func insert(_ disposables: any Disposable...) {
        insert(disposables)
    }

    /// Adds the disposables the builder returns.
    public func insert(@DisposableBuilder builder: () -> [any Disposable]) {
        insert(builder())
    }

    /// Adds each disposable to the bag.
    public func insert(_ disposables: [any Disposable]) {
        let accepted: Bool = state.withLock { state in
            guard !state.isDisposed else { return false }
            state.disposables.append(contentsOf: disposables)
            return true
        }
        if !accepted { disposables.forEach { $0.dispose() } }
    }

    deinit {
        let disposables = state.withLock { state in
            state.isDisposed = true
            return state.disposables
        }
        for disposable in disposables { disposable.dispose() }
    }

    /// Builds an array of disposables from a list of statements.
    @resultBuilder
    public enum DisposableBuilder {
        /// Collects the disposables of a block.
        public static func buildBlock(_ disposables: any Disposable...) -> [any Disposable] {
            disposables
        }
    }
}
