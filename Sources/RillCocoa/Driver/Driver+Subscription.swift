import Rill

/// `drive` must be called on the main thread, as in RxSwift: every form checks first
/// (`MainScheduler.ensureRunningOnMainThread`) and stops the program with
/// `driveOffMainThreadMessage` otherwise. Main-queue work counts as the main thread
/// (on Linux it may run on a pool thread).
extension SharedSequenceConvertibleType where SharingStrategy == DriverSharingStrategy {
    /// Subscribes `observers` to this driver: each receives every event, in the order
    /// listed. Call it on the main thread.
    ///
    /// ```swift
    /// let subscription = viewModel.title.drive(titleObserver)
    /// ```
    ///
    /// - Parameter observers: The observers to send the events to.
    /// - Parameter file: Where the call is, recorded while `Resources.isTrackingSubscriptions` is on.
    /// - Parameter line: The call's line, recorded with `file`.
    /// - Returns: A disposable that ends the subscription.
    public func drive<Observer: ObserverType>(
        _ observers: Observer..., file: StaticString = #fileID, line: UInt = #line
    ) -> any Disposable where Observer.Element == Element {
        MainScheduler.ensureRunningOnMainThread(errorMessage: driveOffMainThreadMessage)
        return asObservable().subscribe(all: observers, site: SubscriptionSite(.drive, file: file, line: line))
    }

    /// Subscribes observers of optional elements to this driver: each element arrives
    /// wrapped in `Optional`. Call it on the main thread.
    ///
    /// - Parameter observers: The observers to send the events to.
    /// - Parameter file: Where the call is, recorded while `Resources.isTrackingSubscriptions` is on.
    /// - Parameter line: The call's line, recorded with `file`.
    /// - Returns: A disposable that ends the subscription.
    public func drive<Observer: ObserverType>(
        _ observers: Observer..., file: StaticString = #fileID, line: UInt = #line
    ) -> any Disposable where Observer.Element == Element? {
        MainScheduler.ensureRunningOnMainThread(errorMessage: driveOffMainThreadMessage)
        return asObservable().subscribe(all: observers, site: SubscriptionSite(.drive, file: file, line: line))
    }

    /// Sends each element of this driver to `relays`, making it their current value.
    /// Call it on the main thread.
    ///
    /// ```swift
    /// let subscription = viewModel.name.drive(nameRelay)
    /// ```
    ///
    /// - Parameter relays: The relays to send the elements to.
    /// - Parameter file: Where the call is, recorded while `Resources.isTrackingSubscriptions` is on.
    /// - Parameter line: The call's line, recorded with `file`.
    /// - Returns: A disposable that ends the subscription.
    public func drive(
        _ relays: BehaviorRelay<Element>..., file: StaticString = #fileID, line: UInt = #line
    ) -> any Disposable {
        MainScheduler.ensureRunningOnMainThread(errorMessage: driveOffMainThreadMessage)
        return asObservable().bind(toRelays: relays, site: SubscriptionSite(.drive, file: file, line: line)) { $0 }
    }

    /// Sends each element of this driver, as an optional, to `relays`. Call it on the
    /// main thread.
    ///
    /// - Parameter relays: The relays to send the elements to.
    /// - Parameter file: Where the call is, recorded while `Resources.isTrackingSubscriptions` is on.
    /// - Parameter line: The call's line, recorded with `file`.
    /// - Returns: A disposable that ends the subscription.
    public func drive(
        _ relays: BehaviorRelay<Element?>..., file: StaticString = #fileID, line: UInt = #line
    ) -> any Disposable {
        MainScheduler.ensureRunningOnMainThread(errorMessage: driveOffMainThreadMessage)
        return asObservable().bind(toRelays: relays, site: SubscriptionSite(.drive, file: file, line: line)) { $0 }
    }

    /// Sends each element of this driver to `relays`, which buffer it. Call it on the
    /// main thread.
    ///
    /// - Parameter relays: The relays to send the elements to.
    /// - Parameter file: Where the call is, recorded while `Resources.isTrackingSubscriptions` is on.
    /// - Parameter line: The call's line, recorded with `file`.
    /// - Returns: A disposable that ends the subscription.
    public func drive(
        _ relays: ReplayRelay<Element>..., file: StaticString = #fileID, line: UInt = #line
    ) -> any Disposable {
        MainScheduler.ensureRunningOnMainThread(errorMessage: driveOffMainThreadMessage)
        return asObservable().bind(toRelays: relays, site: SubscriptionSite(.drive, file: file, line: line)) { $0 }
    }

    /// Sends each element of this driver, as an optional, to `relays`. Call it on the
    /// main thread.
    ///
    /// - Parameter relays: The relays to send the elements to.
    /// - Parameter file: Where the call is, recorded while `Resources.isTrackingSubscriptions` is on.
    /// - Parameter line: The call's line, recorded with `file`.
    /// - Returns: A disposable that ends the subscription.
    public func drive(
        _ relays: ReplayRelay<Element?>..., file: StaticString = #fileID, line: UInt = #line
    ) -> any Disposable {
        MainScheduler.ensureRunningOnMainThread(errorMessage: driveOffMainThreadMessage)
        return asObservable().bind(toRelays: relays, site: SubscriptionSite(.drive, file: file, line: line)) { $0 }
    }

    /// Passes this driver's observable to `transformation` and returns what it
    /// returns: lets a binding function read as `drive`. Call it on the main thread.
    ///
    /// - Parameter transformation: The function that subscribes to the observable.
    /// - Returns: What `transformation` returns.
    public func drive<Result>(_ transformation: (Observable<Element>) -> Result) -> Result {
        MainScheduler.ensureRunningOnMainThread(errorMessage: driveOffMainThreadMessage)
        return transformation(asObservable())
    }

    /// Passes this driver's observable and `curriedArgument` to a curried binding
    /// function. Call it on the main thread.
    ///
    /// - Parameters:
    ///   - with: The curried function that subscribes to the observable.
    ///   - curriedArgument: The second argument for `with`.
    /// - Returns: What `with` returns.
    public func drive<R1, R2>(_ with: (Observable<Element>) -> (R1) -> R2, curriedArgument: R1) -> R2 {
        MainScheduler.ensureRunningOnMainThread(errorMessage: driveOffMainThreadMessage)
        return with(asObservable())(curriedArgument)
    }

    /// Subscribes closures that also receive `object`, held weakly: once `object` is
    /// gone, they are no longer called. Call it on the main thread.
    ///
    /// There is no error closure: a driver cannot fail. The closures run on the main
    /// queue; written in main-actor code they may touch main-actor state, and they are
    /// checked (see `isolation`).
    ///
    /// ```swift
    /// viewModel.title.drive(with: self, onNext: { owner, title in owner.titleLabel.text = title })
    /// ```
    ///
    /// - Parameters:
    ///   - object: The object passed to the closures; held weakly.
    ///   - onNext: Called with `object` and each element.
    ///   - onCompleted: Called with `object` when the driver completes.
    ///   - onDisposed: Called with `object` once, after completion or disposal.
    ///   - isolation: The caller's actor, found automatically; pass `nil` to hand over
    ///     nonisolated closures.
    ///   - file: Where the call is, recorded while `Resources.isTrackingSubscriptions` is on.
    ///   - line: The call's line, recorded with `file`.
    /// - Returns: A disposable that ends the subscription.
    public func drive<Object: AnyObject>(
        with object: Object,
        onNext: ((Object, Element) -> Void)? = nil,
        onCompleted: ((Object) -> Void)? = nil,
        onDisposed: ((Object) -> Void)? = nil,
        isolation: isolated (any Actor)? = #isolation,
        file: StaticString = #fileID,
        line: UInt = #line
    ) -> any Disposable {
        MainScheduler.ensureRunningOnMainThread(errorMessage: driveOffMainThreadMessage)
        return asObservable().subscribe(
            with: object, onNext: onNext, onError: nil, onCompleted: onCompleted, onDisposed: onDisposed,
            isolation: isolation, site: SubscriptionSite(.drive, file: file, line: line)
        )
    }

    /// Subscribes closures for elements, completion and disposal. Call it on the main
    /// thread.
    ///
    /// There is no error closure: a driver cannot fail. The closures run on the main
    /// queue (the latest element, if any, at once). Written in main-actor code they
    /// are main-actor closures and may touch main-actor state with no
    /// `MainActor.assumeIsolated`; Rill checks each call against the main actor (see
    /// `isolation`).
    ///
    /// ```swift
    /// @MainActor final class ProfileView {
    ///     var title = ""
    ///     func bind(_ name: Driver<String>) -> any Disposable {
    ///         name.drive(onNext: { self.title = $0 })
    ///     }
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - onNext: Called with each element.
    ///   - onCompleted: Called when the driver completes.
    ///   - onDisposed: Called once, after completion or disposal.
    ///   - isolation: The caller's actor, found automatically; pass `nil` to hand over
    ///     nonisolated closures.
    ///   - file: Where the call is, recorded while `Resources.isTrackingSubscriptions` is on.
    ///   - line: The call's line, recorded with `file`.
    /// - Returns: A disposable that ends the subscription.
    public func drive(
        onNext: ((Element) -> Void)? = nil,
        onCompleted: (() -> Void)? = nil,
        onDisposed: (() -> Void)? = nil,
        isolation: isolated (any Actor)? = #isolation,
        file: StaticString = #fileID,
        line: UInt = #line
    ) -> any Disposable {
        MainScheduler.ensureRunningOnMainThread(errorMessage: driveOffMainThreadMessage)
        return asObservable().subscribe(
            onNext: onNext, onError: nil, onCompleted: onCompleted, onDisposed: onDisposed,
            isolation: isolation, site: SubscriptionSite(.drive, file: file, line: line)
        )
    }

    /// Subscribes to this driver and ignores its events. Call it on the main thread.
    ///
    /// - Parameter file: Where the call is, recorded while `Resources.isTrackingSubscriptions` is on.
    /// - Parameter line: The call's line, recorded with `file`.
    /// - Returns: A disposable that ends the subscription.
    public func drive(file: StaticString = #fileID, line: UInt = #line) -> any Disposable {
        drive(onNext: nil, onCompleted: nil, onDisposed: nil, isolation: nil, file: file, line: line)
    }
}
