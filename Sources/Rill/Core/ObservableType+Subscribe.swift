#if canImport(Foundation)
import Foundation
#endif

extension ObservableType {
    /// Subscribes with closures for each kind of event.
    ///
    /// The closures run on whatever thread the source produces events; use
    /// `observe(on:)` first to choose, for example `observe(on: MainScheduler.instance)`
    /// before touching main-actor state. `onDisposed` runs once, after a terminal
    /// event or when the subscription is disposed. An error with no `onError`
    /// closure is reported on standard error (in debug builds).
    ///
    /// ```swift
    /// Observable.of(1, 2).subscribe(onNext: { print($0) }, onCompleted: { print("done") })
    /// ```
    ///
    /// - Returns: A disposable that ends the subscription.
    @inlinable
    public func subscribe(
        onNext: ((Element) -> Void)? = nil,
        onError: ((any Swift.Error) -> Void)? = nil,
        onCompleted: (() -> Void)? = nil,
        onDisposed: (() -> Void)? = nil
    ) -> any Disposable {
        let handle = SubscriptionHandle(onDisposed: onDisposed)
        let sink = ClosureSink(onNext: onNext, onError: onError, onCompleted: onCompleted, handle: handle)
        handle.attach(sink, to: asObservable())
        return handle
    }

    /// Subscribes with one closure that receives every event.
    ///
    /// - Returns: A disposable that ends the subscription.
    public func subscribe(_ on: @escaping (Event<Element>) -> Void) -> any Disposable {
        let handle = SubscriptionHandle()
        handle.attach(EventClosureSink(on, handle: handle), to: asObservable())
        return handle
    }

    /// Subscribes with closures that also receive `object`, held weakly: once
    /// `object` is gone, the closures are no longer called.
    ///
    /// ```swift
    /// viewModel.title.subscribe(with: self, onNext: { owner, title in owner.render(title) })
    /// ```
    ///
    /// - Returns: A disposable that ends the subscription.
    public func subscribe<Object: AnyObject>(
        with object: Object,
        onNext: ((Object, Element) -> Void)? = nil,
        onError: ((Object, any Swift.Error) -> Void)? = nil,
        onCompleted: ((Object) -> Void)? = nil,
        onDisposed: ((Object) -> Void)? = nil
    ) -> any Disposable {
        subscribe(
            onNext: { [weak object] element in
                guard let object else { return }
                onNext?(object, element)
            },
            onError: { [weak object] error in
                guard let object else { return }
                onError?(object, error)
            },
            onCompleted: { [weak object] in
                guard let object else { return }
                onCompleted?(object)
            },
            onDisposed: { [weak object] in
                guard let object else { return }
                onDisposed?(object)
            }
        )
    }
}

/// Delivers to the closures of `subscribe(onNext:onError:onCompleted:onDisposed:)`.
@usableFromInline
final class ClosureSink<Element>: Sink<Element> {
    private let nextHandler: ((Element) -> Void)?
    private let errorHandler: ((any Swift.Error) -> Void)?
    private let completedHandler: (() -> Void)?
    private let handle: SubscriptionHandle

    @usableFromInline
    init(
        onNext: ((Element) -> Void)?,
        onError: ((any Swift.Error) -> Void)?,
        onCompleted: (() -> Void)?,
        handle: SubscriptionHandle
    ) {
        self.nextHandler = onNext
        self.errorHandler = onError
        self.completedHandler = onCompleted
        self.handle = handle
    }

    override func onNext(_ element: Element) {
        nextHandler?(element)
    }

    override func onError(_ error: any Swift.Error) {
        guard handle.beginTerminal() else { return }
        if let errorHandler {
            errorHandler(error)
        } else {
            reportUnhandledError(error)
        }
        handle.dispose()
    }

    override func onCompleted() {
        guard handle.beginTerminal() else { return }
        completedHandler?()
        handle.dispose()
    }
}

/// Delivers to the closure of `subscribe(_:)`.
final class EventClosureSink<Element>: Sink<Element> {
    private let handler: (Event<Element>) -> Void
    private let handle: SubscriptionHandle

    init(_ handler: @escaping (Event<Element>) -> Void, handle: SubscriptionHandle) {
        self.handler = handler
        self.handle = handle
    }

    override func onNext(_ element: Element) {
        handler(.next(element))
    }

    override func onError(_ error: any Swift.Error) {
        guard handle.beginTerminal() else { return }
        handler(.error(error))
        handle.dispose()
    }

    override func onCompleted() {
        guard handle.beginTerminal() else { return }
        handler(.completed)
        handle.dispose()
    }
}

/// Reports an error that reached a subscriber without an `onError` closure, as
/// RxSwift's default error handler does: printed in debug builds, ignored in release.
func reportUnhandledError(_ error: any Swift.Error) {
    #if DEBUG
    #if canImport(Foundation)
    FileHandle.standardError.write(Data("Unhandled error happened: \(error)\n".utf8))
    #endif
    #endif
}
