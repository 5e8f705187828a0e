#if canImport(Foundation)
import Foundation
#endif

/// The namespace of reactive extensions: `value.rx.something`.
///
/// Extend `Reactive` where `Base` is your type to add observables and observers
/// under `.rx`, keeping them apart from the type's own members:
///
/// ```swift
/// extension Reactive where Base: NotificationCenter {
///     func didBecomeActive() -> Observable<Notification> { notification(.didBecomeActive) }
/// }
/// NotificationCenter.default.rx.didBecomeActive()
/// ```
///
/// A writable property of a class base is a ``Binder`` without any code: for
/// `final class Gauge { var level = 0 }`, `levels.bind(to: gauge.rx.level)` sets
/// `gauge.level` on the main queue (see ``subscript(dynamicMember:)``).
///
/// A `Reactive` is `Sendable` when its base is.
@dynamicMemberLookup
public struct Reactive<Base> {
    /// The value the extensions work on.
    public let base: Base

    /// Wraps `base`; usually reached through `base.rx` instead.
    public init(_ base: Base) {
        self.base = base
    }

    /// A ``Binder`` that sets the property at `keyPath` of the base object: the
    /// binder synthesised for `object.rx.property`.
    ///
    /// The binder holds the base weakly and sets the property on the main queue (at
    /// once when the element arrives there), as ``Binder/init(_:scheduler:binding:isolation:)``
    /// does with its default scheduler.
    ///
    /// ```swift
    /// final class Gauge { var level = 0 }
    /// let gauge = Gauge()
    /// _ = Observable.just(3).bind(to: gauge.rx.level)   // on the main queue: gauge.level == 3
    /// ```
    ///
    /// - Parameter keyPath: A writable property of the base object.
    /// - Returns: A binder that writes each element to that property.
    public subscript<Property>(dynamicMember keyPath: ReferenceWritableKeyPath<Base, Property>) -> Binder<Property>
        where Base: AnyObject {
        Binder(base, binding: { base, value in base[keyPath: keyPath] = value }, isolation: nil)
    }
}

extension Reactive: Sendable where Base: Sendable {}

/// A type that has reactive extensions, reached through `rx`.
///
/// Conform to get `rx` (and the static `rx`) for free:
///
/// ```swift
/// extension Thermometer: ReactiveCompatible {}
/// extension Reactive where Base == Thermometer { var readings: Observable<Double> { ... } }
/// thermometer.rx.readings
/// ```
public protocol ReactiveCompatible {
    /// The type that the extensions work on, usually `Self`.
    associatedtype ReactiveBase

    /// The reactive extensions of the type itself (static members of `Reactive`).
    static var rx: Reactive<ReactiveBase>.Type { get set }

    /// The reactive extensions of this value.
    var rx: Reactive<ReactiveBase> { get set }
}

extension ReactiveCompatible {
    /// The reactive extensions of the type itself (static members of `Reactive`).
    ///
    /// The setter does nothing; it exists so that `rx` can be used on mutable values.
    public static var rx: Reactive<Self>.Type {
        get { Reactive<Self>.self }
        set {}
    }

    /// The reactive extensions of this value.
    ///
    /// The setter does nothing; it exists so that extensions with mutating members
    /// can be used through `rx`.
    public var rx: Reactive<Self> {
        get { Reactive(self) }
        set {}
    }
}

#if canImport(Foundation)
/// Every `NSObject` has `rx`, as in RxSwift.
extension NSObject: ReactiveCompatible {}
#endif
