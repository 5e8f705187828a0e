import Foundation
import Rill

/// Holds the observer a `create` closure hands out, so a test can drive events.
final class ObserverBox<Element> {
    var observer: AnyObserver<Element>?
}

/// A value behind a lock, for tests whose closures run on other threads.
final class LockedBox<Value>: @unchecked Sendable {
    // Sendable: every access goes through `lock`.
    private let lock = NSLock()
    private var stored: Value

    init(_ value: Value) {
        stored = value
    }

    var value: Value {
        lock.lock()
        defer { lock.unlock() }
        return stored
    }

    func mutate(_ body: (inout Value) -> Void) {
        lock.lock()
        defer { lock.unlock() }
        body(&stored)
    }
}
