extension ObservableType {
    /// Subscribes `observers` to this sequence: each receives every event, elements
    /// and the terminal event, in the order the observers are listed.
    ///
    /// ```swift
    /// let subscription = taps.bind(to: refreshSubject, analyticsSubject)
    /// ```
    ///
    /// - Parameters:
    ///   - observers: The observers, in delivery order.
    ///   - file: Where the call is, recorded while `Resources.isTrackingSubscriptions` is on.
    ///   - line: The call's line, recorded with `file`.
    /// - Returns: A disposable that ends the binding.
    public func bind<Observer: ObserverType>(
        to observers: Observer..., file: StaticString = #fileID, line: UInt = #line
    ) -> any Disposable where Observer.Element == Element {
        subscribe(all: observers, site: SubscriptionSite(.bind, file: file, line: line))
    }

    /// Subscribes observers of optional elements to this sequence: each element
    /// arrives wrapped in `Optional`.
    ///
    /// - Parameters:
    ///   - observers: The observers, in delivery order.
    ///   - file: Where the call is, recorded while `Resources.isTrackingSubscriptions` is on.
    ///   - line: The call's line, recorded with `file`.
    /// - Returns: A disposable that ends the binding.
    public func bind<Observer: ObserverType>(
        to observers: Observer..., file: StaticString = #fileID, line: UInt = #line
    ) -> any Disposable where Observer.Element == Element? {
        subscribe(all: observers, site: SubscriptionSite(.bind, file: file, line: line))
    }

    /// Passes this sequence to `binder` and returns what it returns: lets a function
    /// taking an observable read as a binding.
    ///
    /// ```swift
    /// let subscription = names.bind(to: label.rx.text)   // with a binder function
    /// ```
    public func bind<Result>(to binder: (Self) -> Result) -> Result {
        binder(self)
    }

    /// Passes this sequence and `curriedArgument` to a curried `binder`.
    public func bind<R1, R2>(to binder: (Self) -> (R1) -> R2, curriedArgument: R1) -> R2 {
        binder(self)(curriedArgument)
    }

    /// Subscribes `onNext` to the elements of a sequence that must not fail.
    ///
    /// A binding is for sequences that never fail (UI state, relays). An error is a
    /// programming error: in debug builds it stops the program with a message naming
    /// the error; in release builds it is written to standard error and the binding
    /// ends. Handle errors before binding, for example with `catchAndReturn`.
    ///
    /// - Parameters:
    ///   - onNext: Called with each element.
    ///   - file: Where the call is, recorded while `Resources.isTrackingSubscriptions` is on.
    ///   - line: The call's line, recorded with `file`.
    /// - Returns: A disposable that ends the binding.
    @inlinable
    public func bind(
        onNext: consuming @escaping (Element) -> Void, file: StaticString = #fileID, line: UInt = #line
    ) -> any Disposable {
        // Inlinable, so that it subscribes in the caller's specialised code; the closure
        // moves into the subscription (see `subscribe(onNext:onError:onCompleted:onDisposed:)`).
        subscribe(
            onNext: consume onNext, onError: { reportBindingError($0) }, onCompleted: nil, onDisposed: nil,
            isolation: nil, site: SubscriptionSite(.bind, file: file, line: line)
        )
    }

    /// Subscribes `onNext` with `object`, held weakly: once `object` is gone, `onNext`
    /// is no longer called. Errors are handled as in `bind(onNext:)`.
    ///
    /// - Parameters:
    ///   - object: The object handed to `onNext`, held weakly.
    ///   - onNext: Called with `object` and each element.
    ///   - file: Where the call is, recorded while `Resources.isTrackingSubscriptions` is on.
    ///   - line: The call's line, recorded with `file`.
    /// - Returns: A disposable that ends the binding.
    public func bind<Object: AnyObject>(
        with object: Object, onNext: @escaping (Object, Element) -> Void,
        file: StaticString = #fileID, line: UInt = #line
    ) -> any Disposable {
        bind(onNext: { [weak object] element in
            guard let object else { return }
            onNext(object, element)
        }, file: file, line: line)
    }
}

extension ObservableType {
    /// Subscribes every observer in `observers`, each receiving every event in list
    /// order: the one body of `bind(to:)` with observers (Observable's, Infallible's)
    /// and of RillCocoa's `drive(_:)` and `emit(to:)`.
    package func subscribe<Observer: ObserverType>(
        all observers: [Observer], site: SubscriptionSite = .unknown
    ) -> any Disposable where Observer.Element == Element {
        if observers.count == 1 {
            // Debugging: an Observable records the site; another ObservableType subscribes as it always did.
            if let observable = self as? Observable<Element> { return observable.subscribe(observers[0], site: site) }
            return subscribe(observers[0])
        }
        return subscribe({ event in
            for observer in observers { observer.on(event) }
        }, isolation: nil, site: site)
    }

    /// Subscribes every observer of optional elements in `observers`: each element
    /// arrives wrapped in `Optional`.
    package func subscribe<Observer: ObserverType>(
        all observers: [Observer], site: SubscriptionSite = .unknown
    ) -> any Disposable where Observer.Element == Element? {
        subscribe({ event in
            let optional = event.map { Optional($0) }
            for observer in observers { observer.on(optional) }
        }, isolation: nil, site: site)
    }
}

/// An error reached a binding that cannot carry it (`bind(onNext:)`, a relay): a
/// programming error, as in RxSwift. Debug builds stop; release builds report it.
@usableFromInline
package func reportBindingError(_ error: any Swift.Error, target: String = "") {
    let message = "Binding error\(target): \(error). Bind only sequences that cannot fail; handle errors first, for example with catchAndReturn."
    #if DEBUG
    fatalError(message)
    #else
    writeToStandardError("⚠️ Rill: \(message)\n")
    #endif
}
