import RillShims

/// The subscriber's end of one subscription: the `Disposable` that `subscribe`
/// returns.
///
/// It owns the upstream subscription and disposes it exactly once: when the
/// subscriber disposes, or after the subscriber's sink received a terminal event.
/// The upstream is attached inside the current thread's trampoline, so it is in
/// place before a synchronous source emits its first scheduled element (and a
/// downstream `take` can stop an infinite source).
///
/// A struct around one allocation (header and atomic state together), so the
/// returned `any Disposable` costs no allocation of its own.
@usableFromInline
struct SubscriptionHandle: Cancelable, @unchecked Sendable {
    // Sendable: `state` is atomic; the header's `upstream` is written once before
    // `attached` is published and then touched only by whichever of attach/dispose
    // comes second; `onDisposed` only by the caller that set `disposed` first.
    @usableFromInline
    struct Header {
        @usableFromInline var upstream: (any Disposable)?
        @usableFromInline var onDisposed: (() -> Void)?

        @usableFromInline
        init(upstream: (any Disposable)?, onDisposed: (() -> Void)?) {
            self.upstream = upstream
            self.onDisposed = onDisposed
        }
    }

    @usableFromInline
    final class Storage: ManagedBuffer<Header, Int> {}

    @usableFromInline static var terminated: Int { 1 }
    @usableFromInline static var disposed: Int { 2 }
    @usableFromInline static var attached: Int { 4 }

    @usableFromInline let storage: Storage

    @inlinable
    init(onDisposed: (() -> Void)? = nil) {
        let buffer = Storage.create(minimumCapacity: 1) { _ in Header(upstream: nil, onDisposed: onDisposed) }
        storage = unsafeDowncast(buffer, to: Storage.self)
        storage.withUnsafeMutablePointerToElements { $0.initialize(to: 0) }
    }

    @usableFromInline
    func setting(_ bits: Int) -> Int {
        storage.withUnsafeMutablePointerToElements { rill_atomic_fetch_or($0, bits) }
    }

    /// The header, through a pointer: `ManagedBuffer.header` is a class stored
    /// property and would pay a dynamic exclusivity check per access. Access is
    /// ordered by the atomic state (see the type's comment).
    @inlinable
    func withHeader<Result>(_ body: (UnsafeMutablePointer<Header>) -> Result) -> Result {
        storage.withUnsafeMutablePointerToHeader(body)
    }

    /// Subscribes `sink` to `source` inside the trampoline and stores the subscription.
    @inlinable
    func attach<Element>(_ sink: Sink<Element>, to source: Observable<Element>) {
        Trampoline.run { _ in
            let subscription = source.run(sink)
            withHeader { $0.pointee.upstream = subscription }
            if setting(Self.attached) & Self.disposed != 0 {
                // Disposed (or terminated) while subscribing: dispose now.
                withHeader { $0.pointee.upstream = nil }
                subscription.dispose()
            }
        }
    }

    /// Claims the right to deliver the terminal event. Returns false if a terminal
    /// event was already delivered or the subscription is disposed.
    @inlinable
    func beginTerminal() -> Bool {
        setting(Self.terminated) & (Self.terminated | Self.disposed) == 0
    }

    /// Whether the subscription was disposed.
    @usableFromInline
    var isDisposed: Bool {
        storage.withUnsafeMutablePointerToElements { rill_atomic_load($0) } & Self.disposed != 0
    }

    /// Disposes the upstream subscription (once) and runs `onDisposed`.
    @usableFromInline
    func dispose() {
        let previous = setting(Self.disposed)
        guard previous & Self.disposed == 0 else { return }
        let (upstream, onDisposed) = withHeader { header -> ((any Disposable)?, (() -> Void)?) in
            let onDisposed = header.pointee.onDisposed
            header.pointee.onDisposed = nil
            // Without `attached`, the attaching side owns `upstream`: leave it.
            guard previous & Self.attached != 0 else { return (nil, onDisposed) }
            let upstream = header.pointee.upstream
            header.pointee.upstream = nil
            return (upstream, onDisposed)
        }
        upstream?.dispose()
        onDisposed?()
    }
}
