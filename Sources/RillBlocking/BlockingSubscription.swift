import Foundation
import Rill

/// One blocking call: subscribes to the source, collects what the call needs, and
/// makes the calling thread wait until it has it, the source ends, or the timeout
/// elapses.
///
/// Events arrive on the source's thread, the waiter reads the result on its own,
/// and after a timeout a late event can still arrive while the waiter reads: so
/// everything they share is guarded by `condition`'s lock. The thread
/// that finishes the call disposes the subscription (so an infinite synchronous
/// source stops inside its own loop) and only then lets the waiter return: the
/// subscription is always disposed when a blocking method returns.
final class BlockingSubscription<Element>: @unchecked Sendable {
    // Sendable: the shared properties are touched only while holding `condition`; `predicate` is
    // called only from the source's delivering thread, one event at a time (the
    // Rx grammar); the other stored properties are immutable or thread-safe.
    // Guarded by `condition`. Separate properties, not a generic `State` struct:
    // touching a struct generic over `Element` from this unspecialised code looks
    // up its metadata at run time, per element. `@exclusivity(unchecked)`: every
    // access holds `condition`, which already excludes overlap.
    /// The collected elements: Rill's `RingBuffer`, whose pointer operations need
    /// only `Element`'s own metadata (an `Array` would look its type up per append).
    @exclusivity(unchecked) private var buffer = RingBuffer<Element>()
    @exclusivity(unchecked) private var error: (any Swift.Error)?
    /// A terminal event, the element limit or the deadline ended the call:
    /// nothing more is recorded. Whoever sets it disposes the subscription.
    @exclusivity(unchecked) private var isFinished = false
    /// The subscription was disposed after `isFinished`: the waiter may return.
    @exclusivity(unchecked) private var isSettled = false

    /// How long one turn of the main run loop may block before the waiter checks
    /// the deadline and the condition again.
    private static var runLoopSlice: TimeInterval { 0.01 }

    private let condition = NSCondition()
    private let limit: Int?
    private let predicate: ((Element) throws -> Bool)?
    private let deadline: Date?
    /// Whether the waiter runs the main run loop, so a thread that finishes the call
    /// must wake that run loop.
    private let waitsOnMainRunLoop = Thread.isMainThread
    private let subscription = SingleAssignmentDisposable()

    init(limit: Int?, predicate: ((Element) throws -> Bool)?, timeout: TimeInterval?) {
        self.limit = limit
        self.predicate = predicate
        self.deadline = timeout.map { Date(timeIntervalSinceNow: $0) }
    }

    /// Subscribes to `source`, waits, disposes the subscription and returns what
    /// was collected.
    func run(_ source: Observable<Element>) -> MaterializedSequenceResult<Element> {
        if CurrentThreadScheduler.isScheduleRequired {
            subscribe(to: source)
        } else {
            // Called from work running on this thread's trampoline: a synchronous
            // source would be queued behind that work, which is now blocked here.
            Thread.detachNewThread { [self] in subscribe(to: source) }
        }
        wait(until: deadline)
        // A no-op if the call finished; otherwise the deadline passed.
        finish(error: RxError.timeout)
        // Another thread may have finished it and still be disposing.
        wait(until: nil)
        condition.lock()
        defer { condition.unlock() }
        if let error { return .failed(elements: Array(buffer.elements()), error: error) }
        return .completed(elements: Array(buffer.elements()))
    }

    /// Subscribes inside an activation of the current thread's trampoline, so a
    /// synchronous source starts emitting only after `subscription` holds its
    /// disposable: `first()` can then stop an infinite source.
    private func subscribe(to source: Observable<Element>) {
        _ = CurrentThreadScheduler.instance.schedule(()) { [self] _ in
            subscription.setDisposable(source.subscribe(
                onNext: { [self] element in receive(element) },
                onError: { [self] error in finish(error: error) },
                onCompleted: { [self] in finish(error: nil) }
            ))
            return Disposables.create()
        }
    }

    private func receive(_ element: Element) {
        if let deadline, Date() >= deadline {
            // A synchronous source emits on the waiting thread itself, which can
            // only notice the deadline here.
            return finish(error: RxError.timeout)
        }
        if let predicate {
            condition.lock()
            let finished = isFinished
            condition.unlock()
            guard !finished else { return }
            do {
                guard try predicate(element) else { return }
            } catch {
                return finish(error: error)
            }
        }
        condition.lock()
        var isDone = false
        if !isFinished {
            buffer.append(element)
            if let limit, buffer.count >= limit {
                isFinished = true
                isDone = true
            }
        }
        condition.unlock()
        if isDone { settle() }
    }

    private func finish(error: (any Swift.Error)?) {
        condition.lock()
        let isFirst = !isFinished
        if isFirst {
            isFinished = true
            self.error = error
        }
        condition.unlock()
        if isFirst { settle() }
    }

    /// Stops the source, then lets the waiter return.
    private func settle() {
        subscription.dispose()
        condition.lock()
        isSettled = true
        condition.broadcast()
        condition.unlock()
        if waitsOnMainRunLoop && !Thread.isMainThread {
            // A main-queue block wakes the main run loop at once, rather than at the
            // end of its current slice.
            DispatchQueue.main.async {}
        }
    }

    /// Returns when the call is settled or `deadline` has passed.
    private func wait(until deadline: Date?) {
        if waitsOnMainRunLoop {
            runMainRunLoop(until: deadline)
        } else {
            waitOnCondition(until: deadline)
        }
    }

    private func waitOnCondition(until deadline: Date?) {
        condition.lock()
        defer { condition.unlock() }
        while !isSettled {
            if let deadline {
                guard condition.wait(until: deadline) else { return }
            } else {
                condition.wait()
            }
        }
    }

    /// Runs the main run loop in short slices until the call is settled or
    /// `deadline` has passed.
    private func runMainRunLoop(until deadline: Date?) {
        while !settledUnderLock() {
            var sliceEnd = Date(timeIntervalSinceNow: Self.runLoopSlice)
            if let deadline {
                guard Date() < deadline else { return }
                sliceEnd = min(sliceEnd, deadline)
            }
            if !RunLoop.current.run(mode: .default, before: sliceEnd) {
                // Nothing can run on the run loop now (for example inside a main-queue
                // job, where the main queue is not serviced): sleep instead of spinning.
                condition.lock()
                if !isSettled { _ = condition.wait(until: sliceEnd) }
                condition.unlock()
            }
        }
    }

    private func settledUnderLock() -> Bool {
        condition.lock()
        defer { condition.unlock() }
        return isSettled
    }
}
