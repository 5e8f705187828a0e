#if canImport(Foundation)
import Foundation

#if !canImport(Darwin)
/// On Apple platforms `NotificationCenter` is an `NSObject` and has `rx` from
/// there; in the Foundation of Swift 6 on Linux it is not, so it conforms itself.
extension NotificationCenter: ReactiveCompatible {}
#endif

extension Reactive where Base: NotificationCenter {
    /// An observable of the notifications named `name` (all of them if `nil`)
    /// posted by `object` (by anyone if `nil`).
    ///
    /// Each subscription adds one observer to the notification center and removes
    /// it when the subscription is disposed; the sequence never ends on its own.
    /// A notification is delivered synchronously on the thread that posted it,
    /// which may not be the main thread: put `observe(on: MainScheduler.instance)`
    /// before a closure that touches main-actor state.
    ///
    /// ```swift
    /// NotificationCenter.default.rx.notification(.NSSystemClockDidChange)
    ///     .observe(on: MainScheduler.instance)
    ///     .subscribe(onNext: { _ in clock.refresh() })
    ///     .disposed(by: disposeBag)
    /// ```
    ///
    /// - Parameters:
    ///   - name: The notification name to observe, or `nil` for every name.
    ///   - object: The sender to observe, or `nil` for every sender. It is held
    ///     strongly while a subscription lasts.
    /// - Returns: A cold observable: nothing is observed until it is subscribed.
    public func notification(_ name: Notification.Name?, object: AnyObject? = nil) -> Observable<Notification> {
        let registration = NotificationRegistration(center: base, name: name, object: object)
        return Observable.create { observer in
            registration.add(observer)
        }
    }
}

/// What one `notification(_:object:)` observable registers: the center, the name
/// and the sender.
// Sendable: immutable after init. The center is thread-safe (Foundation documents
// NotificationCenter as usable from any thread); `object` is only compared by
// identity by the center, never used by Rill.
private struct NotificationRegistration: @unchecked Sendable {
    let center: NotificationCenter
    let name: Notification.Name?
    let object: AnyObject?

    /// Adds an observer that forwards to `observer`; disposing the result removes it.
    func add(_ observer: AnyObserver<Notification>) -> any Disposable {
        let token = ObserverToken(
            center.addObserver(forName: name, object: object, queue: nil) { observer.onNext($0) }
        )
        let center = self.center
        return Disposables.create { center.removeObserver(token.value) }
    }
}

/// The token `addObserver(forName:object:queue:using:)` returns.
// Sendable: immutable; the center accepts it back from any thread.
private struct ObserverToken: @unchecked Sendable {
    let value: any NSObjectProtocol

    init(_ value: any NSObjectProtocol) {
        self.value = value
    }
}
#endif
