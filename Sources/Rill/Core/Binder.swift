/// An observer that applies each element to an object on a scheduler: the end of a
/// UI binding.
///
/// A `Binder` holds its target weakly. Each element is handed to `binding` together
/// with the target, on `scheduler` (the main queue unless you choose another); once
/// the target is gone, elements are dropped. Completion ends nothing and is ignored.
/// An error is a programming error, as for every binding: debug builds stop with a
/// message naming the error, release builds report it on standard error.
///
/// ```swift
/// extension Reactive where Base: ProgressView {
///     var progress: Binder<Double> {
///         Binder(base) { view, fraction in view.fraction = fraction }
///     }
/// }
/// downloads.fraction.bind(to: progressView.rx.progress)
/// ```
///
/// With the main scheduler, an element sent on the main queue is applied at once;
/// one sent from another thread is applied on the main queue afterwards. A writable
/// property of a class gets a `Binder` without any code through
/// ``Reactive/subscript(dynamicMember:)``: `label.rx.text`.
///
/// A `binding` closure written in actor-isolated code (for example in a main-actor
/// view) is checked: if `scheduler` runs it elsewhere, the program stops with a
/// message instead of racing (see `isolation`).
public struct Binder<Value>: ObserverType, @unchecked Sendable {
    // Sendable: `on(_:)` only hands the element to `scheduler`, which is Sendable; the
    // binding closure runs on that scheduler alone and reaches the target through a
    // weak reference (weak loads are thread-safe), as RxSwift's Binder does.

    /// The type of the elements bound.
    public typealias Element = Value

    private let apply: (Value) -> Void

    /// Creates a binder that applies elements to `target` on `scheduler`.
    ///
    /// - Parameters:
    ///   - target: The object elements are applied to; held weakly.
    ///   - scheduler: Where `binding` runs; by default a ``MainScheduler``, which runs
    ///     it at once when the element arrives on the main queue.
    ///   - binding: Applies one element to the target.
    ///   - isolation: The caller's actor, found automatically. A `binding` written in
    ///     actor-isolated code is checked each time it runs; pass `nil` to hand over
    ///     a nonisolated closure.
    public init<Target: AnyObject>(
        _ target: Target,
        scheduler: any ImmediateSchedulerType = MainScheduler(),
        binding: @escaping (Target, Value) -> Void,
        isolation: isolated (any Actor)? = #isolation
    ) {
        var binding = binding
        if let isolation {
            let unchecked = binding
            binding = { target, value in
                IsolationCheck.verify(isolation, "Binder(_:scheduler:binding:)")
                unchecked(target, value)
            }
        }
        apply = { [weak target] value in
            guard target != nil else { return }
            _ = scheduler.schedule(value) { [weak target] value in
                if let target { binding(target, value) }
                return Disposables.create()
            }
        }
    }

    /// Applies an element to the target on the binder's scheduler; ignores
    /// completion; treats an error as a programming error (see ``Binder``).
    ///
    /// - Parameter event: The event to bind.
    public func on(_ event: Event<Value>) {
        switch event {
        case .next(let value): apply(value)
        case .error(let error): reportBindingError(error, target: " to \(Binder.self)")
        case .completed: break
        }
    }

    /// This binder as an ``AnyObserver``.
    ///
    /// - Returns: An observer that forwards every event to this binder.
    public func asObserver() -> AnyObserver<Value> {
        AnyObserver(self)
    }
}
