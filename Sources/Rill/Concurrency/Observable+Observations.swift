#if canImport(Observation)
import Observation

// `import Observation` is confined to this file. On Apple platforms every use below is
// behind `@available(macOS 14, ...)`, so the compiler references Observation's symbols
// weakly and a deployment target below macOS 14 / iOS 17 still launches where the
// library is absent; that weak linking could not be verified on these Linux machines.

@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
extension Observable where Element: Sendable {
    /// An observable of `@Observable` state: emits what `emit` returns on subscribe,
    /// then again after each change to the state it read.
    ///
    /// `emit` is tracked like a SwiftUI view's body: the properties of `@Observable`
    /// objects it reads are the ones watched. It runs on the actor of the code that
    /// calls `observations` (the caller's isolation, learned through `isolation`), so
    /// in main-actor code it reads main-actor models, and the elements are delivered
    /// on that actor too: a main-actor subscriber needs no `observe(on:)`. From
    /// nonisolated code it runs, and delivers, on the global concurrent executor.
    ///
    /// ```swift
    /// @MainActor @Observable final class Cart { var items: [String] = [] }
    ///
    /// @MainActor func watch(_ cart: Cart) -> any Disposable {
    ///     Rill.Observable.observations { cart.items.count }
    ///         .subscribe(onNext: { badge.text = "\($0)" })   // on the main actor
    /// }
    /// ```
    ///
    /// Timing and coalescing: the first element comes shortly after subscribing, in a
    /// later turn of the actor, not inside `subscribe`. Changes made in one
    /// transaction, that is, in one synchronous stretch of the actor's code between
    /// two suspension points, produce one element: `emit` runs again after that
    /// stretch and reads the state as it is then, so intermediate values are not
    /// delivered. Setting a property to a value equal to the old one may still emit;
    /// add `distinctUntilChanged()` where that matters.
    ///
    /// Where the system has `Observations` (always on Linux; macOS 26, iOS 26, tvOS 26,
    /// watchOS 26, visionOS 26) this iterates one; before that it re-arms
    /// `withObservationTracking` after each change, with the same coalescing (there,
    /// change the state on the actor `emit` runs on, as SwiftUI requires: the change
    /// is announced before it is made, and the next evaluation waits for the actor). Each
    /// subscription tracks on its own. The observable never completes. Disposing
    /// ends the tracking: nothing is delivered after `dispose()` returns on the actor,
    /// and `emit` no longer runs.
    ///
    /// Elements must be `Sendable`, as `Observations` requires. In a file that also
    /// imports Observation or SwiftUI, write `Rill.Observable`: Observation has a
    /// protocol of that name.
    ///
    /// - Parameters:
    ///   - emit: Reads `@Observable` state and returns the value to emit.
    ///   - isolation: The actor on which `emit` runs and elements are delivered; the
    ///     caller's by default. Pass `nil` for a nonisolated `emit`.
    /// - Returns: The value now, then after each change, on `isolation`.
    public static func observations(
        _ emit: @escaping () -> Element, isolation: isolated (any Actor)? = #isolation
    ) -> Observable<Element> {
        ObservationBridge.observable(ObservedValue(emit, isolation: isolation), useObservations: true)
    }
}

@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
extension Infallible where Element: Sendable {
    /// An `Infallible` of `@Observable` state: emits what `emit` returns on subscribe,
    /// then again after each change to the state it read. See
    /// `Observable.observations(_:isolation:)` for isolation, coalescing and disposal.
    ///
    /// ```swift
    /// Infallible.observations { settings.volume }
    ///     .bind(to: slider.rx.value)
    /// ```
    ///
    /// - Parameters:
    ///   - emit: Reads `@Observable` state and returns the value to emit.
    ///   - isolation: The actor on which `emit` runs and elements are delivered; the
    ///     caller's by default.
    /// - Returns: The value now, then after each change, on `isolation`.
    public static func observations(
        _ emit: @escaping () -> Element, isolation: isolated (any Actor)? = #isolation
    ) -> Infallible<Element> {
        Infallible(ObservationBridge.observable(ObservedValue(emit, isolation: isolation), useObservations: true))
    }
}

/// The closure of `observations(_:)` with the actor it must run on.
final class ObservedValue<Element>: @unchecked Sendable {
    // Sendable: `emit` is called only on `isolation` (checked by `evaluate()` through
    // Rill's isolation check), or, when `isolation` is nil, by one evaluation at a
    // time (each evaluation arms the next).
    private let emit: () -> Element
    let isolation: (any Actor)?

    init(_ emit: @escaping () -> Element, isolation: (any Actor)?) {
        self.emit = emit
        self.isolation = isolation
    }

    /// Runs `emit`, checking first that this runs on its actor.
    func evaluate() -> Element {
        if let isolation { IsolationCheck.verify(isolation, "observations(_:)") }
        return emit()
    }
}

/// Builds the observables of `observations(_:)`.
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
enum ObservationBridge {
    /// The observable of `value`: on `Observations` where the system has it and
    /// `useObservations` is true, otherwise on `withObservationTracking` (tests
    /// choose the latter to cover older systems).
    static func observable<Element: Sendable>(_ value: ObservedValue<Element>, useObservations: Bool) -> Observable<Element> {
        if useObservations, #available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *) {
            return Observable.create { observer in
                let delivery = ObservationDelivery(observer)
                let task = Task { [isolation = value.isolation] in
                    await iterate(value, delivery, isolation: isolation)
                }
                return Disposables.create {
                    delivery.stop()
                    task.cancel()
                }
            }
        }
        return Observable.create { observer in
            let loop = TrackingLoop(value, ObservationDelivery(observer))
            loop.scheduleEvaluation()
            return Disposables.create { loop.stop() }
        }
    }

    /// Iterates an `Observations` of `value` on `isolation`, delivering there.
    @available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *)
    private static func iterate<Element: Sendable>(
        _ value: ObservedValue<Element>, _ delivery: ObservationDelivery<Element>, isolation: isolated (any Actor)?
    ) async {
        // Capturing `isolation` makes the closure isolated to it, so `Observations`
        // runs it there.
        let observations = Observations {
            _ = isolation
            return value.evaluate()
        }
        for await element in observations {
            guard delivery.deliver(element) else { return }
        }
    }
}

/// Hands elements to the subscriber until disposed.
final class ObservationDelivery<Element>: Sendable {
    private let observer: AnyObserver<Element>
    private let stopped = AtomicWord()

    init(_ observer: AnyObserver<Element>) {
        self.observer = observer
    }

    var isStopped: Bool { stopped.value != 0 }

    /// Delivers `element` unless stopped; false once stopped.
    func deliver(_ element: Element) -> Bool {
        guard !isStopped else { return false }
        observer.onNext(element)
        return true
    }

    func stop() {
        stopped.store(1)
    }
}

/// `observations(_:)` before `Observations`: evaluates under `withObservationTracking`
/// on the actor, and after a change schedules the next evaluation there (one hop,
/// after the changing code's turn: the changes of that turn coalesce).
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
final class TrackingLoop<Element>: Sendable {
    private let value: ObservedValue<Element>
    private let delivery: ObservationDelivery<Element>
    private let scheduler: ActorScheduler?

    init(_ value: ObservedValue<Element>, _ delivery: ObservationDelivery<Element>) {
        self.value = value
        self.delivery = delivery
        scheduler = value.isolation.map { ActorScheduler.for($0) }
    }

    /// Evaluates on the actor (or, nonisolated, on a task of its own) soon.
    func scheduleEvaluation() {
        guard !delivery.isStopped else { return }
        if let scheduler {
            _ = scheduler.schedule(self) { loop in
                loop.evaluate()
                return Disposables.create()
            }
        } else {
            Task { self.evaluate() }
        }
    }

    private func evaluate() {
        guard !delivery.isStopped else { return }
        let element = withObservationTracking {
            value.evaluate()
        } onChange: { [weak self] in
            self?.scheduleEvaluation()
        }
        _ = delivery.deliver(element)
    }

    func stop() {
        delivery.stop()
    }
}
#endif
