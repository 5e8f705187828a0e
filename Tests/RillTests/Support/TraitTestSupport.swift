import Foundation
import Rill

/// A request for trait tests: a `Single.create` that records how many times it was
/// subscribed and disposed, and whose outcome the test sends when it chooses (or
/// at once, when given).
final class CountedRequest<Element>: @unchecked Sendable {
    // Sendable: all mutable state is behind `lock`.
    private let lock = NSLock()
    private var observer: Single<Element>.SingleObserver?
    private var subscribeCount = 0
    private var disposeCount = 0
    private let immediate: SingleEvent<Element>?

    /// - Parameter immediate: An outcome delivered during subscription, if any.
    init(immediate: SingleEvent<Element>? = nil) {
        self.immediate = immediate
    }

    var single: Single<Element> {
        Single.create { observer in
            self.lock.withLock {
                self.observer = observer
                self.subscribeCount += 1
            }
            if let immediate = self.immediate { observer(immediate) }
            return Disposables.create { self.lock.withLock { self.disposeCount += 1 } }
        }
    }

    var subscriptions: Int { lock.withLock { subscribeCount } }
    var disposals: Int { lock.withLock { disposeCount } }

    /// Sends `event` to the latest subscription.
    func send(_ event: SingleEvent<Element>) {
        lock.withLock { observer }?(event)
    }

    /// Drops the latest observer (it holds the subscription alive until then).
    func release() {
        lock.withLock { observer = nil }
    }
}

/// Records the outcomes of a trait subscription as strings, like `record`.
final class OutcomeLog: @unchecked Sendable {
    // Sendable: `entries` is behind `lock`.
    private let lock = NSLock()
    private var entries: [String] = []

    var events: [String] { lock.withLock { entries } }

    func append(_ entry: String) {
        lock.withLock { entries.append(entry) }
    }
}
