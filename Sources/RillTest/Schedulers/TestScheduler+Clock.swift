import Dispatch
import Foundation
import Rill

// MARK: - The virtual clock

@available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
extension TestScheduler {
    /// A Swift `Clock` on this scheduler's virtual time, so async code that sleeps on
    /// it and Rx time operators on this scheduler share one timeline.
    ///
    /// One tick is `resolution` seconds (the `init(initialClock:resolution:)`
    /// argument, 1 by default), the same conversion the `SchedulerType` methods use:
    /// at resolution 0.001, `.milliseconds(300)` is 300 ticks for `debounce` and for
    /// `Task.sleep(for:clock:)` alike. `clock` (ticks) keeps RxTest's meaning;
    /// `virtualClock.now` is the same moment as a `Duration` since tick 0.
    ///
    /// A sleep wakes at the first whole tick at or after its deadline, when the
    /// scheduler reaches that tick: only while it runs (`advance(by:)`,
    /// `advance(to:)`, or `start()` / `advanceTo(_:)`). A deadline already reached
    /// returns at once. Cancelling the sleeping task ends the sleep with
    /// `CancellationError` and removes it from the scheduler.
    ///
    /// ```swift
    /// let scheduler = TestScheduler(initialClock: 0, resolution: 0.001)   // 1 tick = 1 ms
    /// let task = Task(executorPreference: scheduler) {
    ///     try await Task.sleep(for: .milliseconds(250), clock: scheduler.virtualClock)
    ///     return scheduler.clock
    /// }
    /// await scheduler.advance(by: .seconds(1))
    /// // try await task.value == 250
    /// ```
    public var virtualClock: VirtualClock {
        VirtualClock(scheduler: self)
    }

    /// A `Clock` on a ``TestScheduler``'s virtual time; see ``TestScheduler/virtualClock``.
    public struct VirtualClock: Clock {
        /// Virtual time spans, in `Swift.Duration`.
        public typealias Duration = Swift.Duration

        /// A moment of virtual time: the span since tick 0.
        public struct Instant: InstantProtocol, CustomStringConvertible {
            /// The span since tick 0.
            public let offset: Swift.Duration

            /// The moment `offset` after tick 0.
            ///
            /// - Parameter offset: The span since tick 0.
            public init(offset: Swift.Duration) {
                self.offset = offset
            }

            /// The moment `duration` later.
            ///
            /// - Parameter duration: The span to add (negative goes back).
            /// - Returns: The later (or earlier) moment.
            public func advanced(by duration: Swift.Duration) -> Instant {
                Instant(offset: offset + duration)
            }

            /// The span from this moment to `other`.
            ///
            /// - Parameter other: The other moment.
            /// - Returns: `other - self`.
            public func duration(to other: Instant) -> Swift.Duration {
                other.offset - offset
            }

            /// Whether `lhs` comes before `rhs`.
            public static func < (lhs: Instant, rhs: Instant) -> Bool {
                lhs.offset < rhs.offset
            }

            /// The span since tick 0, for example "0.25 seconds".
            public var description: String { "\(offset)" }
        }

        private let scheduler: TestScheduler

        init(scheduler: TestScheduler) {
            self.scheduler = scheduler
        }

        /// The scheduler's current tick, as an instant.
        public var now: Instant {
            instant(at: scheduler.clock)
        }

        /// One tick: the smallest step this clock takes.
        public var minimumResolution: Swift.Duration {
            scheduler.tickDuration
        }

        /// The instant of tick `tick`.
        ///
        /// - Parameter tick: A virtual time in ticks.
        /// - Returns: `tick` ticks after tick 0.
        public func instant(at tick: TestTime) -> Instant {
            Instant(offset: scheduler.tickDuration * tick)
        }

        /// Suspends until the scheduler reaches the first tick at or after `deadline`.
        ///
        /// Returns at once if that tick is not later than the clock. The sleeper is
        /// woken by the scheduler's run, after the work already due at that tick.
        ///
        /// - Parameters:
        ///   - deadline: When to wake.
        ///   - tolerance: Ignored: virtual time wakes exactly at the tick.
        /// - Throws: `CancellationError` if the task is cancelled first.
        public func sleep(until deadline: Instant, tolerance: Swift.Duration? = nil) async throws {
            let wake = scheduler.tick(atOrAfter: deadline.offset)
            guard wake > scheduler.clock else { return try Task.checkCancellation() }
            let sleeper = VirtualSleeper()
            let scheduler = self.scheduler
            try await withTaskCancellationHandler {
                try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                    sleeper.start(continuation) {
                        scheduler.scheduleAbsoluteVirtual((), time: wake) { _ in
                            sleeper.wake()
                            return Disposables.create()
                        }
                    }
                }
            } onCancel: {
                sleeper.cancel()
            }
        }
    }

    /// One tick as a `Duration`.
    var tickDuration: Swift.Duration { .seconds(resolution) }

    /// The first tick at or after `offset` since tick 0.
    func tick(atOrAfter offset: Swift.Duration) -> TestTime {
        let tick = tickDuration
        var candidate = Int((offset / tick).rounded(.up))
        while tick * (candidate - 1) >= offset { candidate -= 1 }
        while tick * candidate < offset { candidate += 1 }
        return candidate
    }

    /// The last tick at or before `offset` since tick 0.
    func tick(atOrBefore offset: Swift.Duration) -> TestTime {
        let wake = tick(atOrAfter: offset)
        return tickDuration * wake == offset ? wake : wake - 1
    }
}

/// One sleep on a `VirtualClock`: resumed once, by the scheduler or by cancellation.
final class VirtualSleeper: Sendable {
    private enum Phase {
        case idle
        case waiting(CheckedContinuation<Void, any Error>, (any Disposable)?)
        case cancelled
        case finished
    }

    private let phase = TestLock(Phase.idle)

    /// Waits with `continuation`, registering the wake-up through `register`
    /// unless the task was cancelled first.
    func start(_ continuation: CheckedContinuation<Void, any Error>, register: () -> any Disposable) {
        let cancelled = phase.withLock { phase -> Bool in
            if case .cancelled = phase { return true }
            phase = .waiting(continuation, nil)
            return false
        }
        if cancelled { return continuation.resume(throwing: CancellationError()) }
        let registration = register()
        let keep = phase.withLock { phase -> Bool in
            guard case .waiting(let continuation, nil) = phase else { return false }
            phase = .waiting(continuation, registration)
            return true
        }
        if !keep { registration.dispose() }
    }

    /// The scheduler reached the deadline: resumes the sleeper.
    func wake() {
        let continuation = phase.withLock { phase -> CheckedContinuation<Void, any Error>? in
            guard case .waiting(let continuation, _) = phase else { return nil }
            phase = .finished
            return continuation
        }
        continuation?.resume()
    }

    /// The task was cancelled: removes the wake-up and resumes with `CancellationError`.
    func cancel() {
        var previous = Phase.cancelled
        phase.withLock { phase in
            if case .finished = phase { previous = .finished; return }
            swap(&phase, &previous)
        }
        guard case .waiting(let continuation, let registration) = previous else { return }
        registration?.dispose()
        continuation.resume(throwing: CancellationError())
    }
}

// MARK: - Advancing with async code

extension TestScheduler {
    /// Runs the scheduler up to tick `tick` together with the async code that waits
    /// on it, then returns with the clock at `tick`.
    ///
    /// The scheduler steps through the ticks in order. At each tick it runs the work
    /// due then (Rx actions, and the wake-ups of tasks sleeping on ``virtualClock``),
    /// then runs every job that became ready on this scheduler as a task executor,
    /// until none is left; what those jobs schedule for that tick runs before the
    /// clock moves on. So a task started with `Task(executorPreference: scheduler)`
    /// (or inside `withTaskExecutorPreference(scheduler)`) runs to its next
    /// suspension at the tick it was woken, before anything due later: on every run
    /// the same interleaving, the same results. This holds for the task's
    /// nonisolated code; code isolated to an actor runs on that actor.
    ///
    /// Tasks that do not prefer this scheduler as their executor (task executors
    /// need macOS 15, iOS 18) are woken too, but run concurrently and are not waited
    /// for: their order against the scheduler's work is not fixed.
    ///
    /// The scheduler's work and the preferring tasks' jobs run on one serial queue
    /// of the scheduler's, one at a time; the caller is suspended meanwhile. Outside
    /// `advance`, such jobs run on that queue as soon as they are ready. Do not call
    /// `start()` or `advanceTo(_:)` at the same time.
    ///
    /// - Parameter tick: The tick to reach.
    /// - Precondition: `tick` is not earlier than the clock.
    public func advance(to tick: TestTime) async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            virtualClockDriver.queue.async {
                self.runAdvance(to: tick)
                continuation.resume()
            }
        }
    }

    /// Runs the scheduler up to the last tick at or before `instant`, with the async
    /// code waiting on it; see ``advance(to:)-(TestTime)``.
    ///
    /// - Parameter instant: The moment to reach.
    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    public func advance(to instant: VirtualClock.Instant) async {
        await advance(to: tick(atOrBefore: instant.offset))
    }

    /// Runs the scheduler for `duration` of virtual time (up to the last tick at or
    /// before `virtualClock.now + duration`), with the async code waiting on it;
    /// see ``advance(to:)-(TestTime)``.
    ///
    /// ```swift
    /// await scheduler.advance(by: .milliseconds(500))
    /// ```
    ///
    /// - Parameter duration: How far to move the clock.
    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    public func advance(by duration: Swift.Duration) async {
        await advance(to: virtualClock.now.advanced(by: duration))
    }

    /// `advance(to:)`'s loop, on the driver's queue.
    private func runAdvance(to target: TestTime) {
        let start = clock
        precondition(target >= start, "TestScheduler.advance(to: \(target)): the clock is already at \(start) and cannot move back")
        virtualClockDriver.beginAdvancing()
        defer { virtualClockDriver.endAdvancing() }
        var tick = start
        while true {
            advanceTo(tick)
            if virtualClockDriver.runReadyJobs() { continue }
            if tick >= target { return }
            tick += 1
        }
    }
}

@available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
extension TestScheduler: TaskExecutor {
    /// Takes a job of a task that prefers this scheduler as its executor: it runs on
    /// the scheduler's serial queue, at once outside `advance`, and at the current
    /// tick's end inside it (see ``advance(to:)-(TestTime)``).
    ///
    /// - Parameter job: The job to run.
    public func enqueue(_ job: consuming ExecutorJob) {
        let executor = asUnownedTaskExecutor()
        virtualClockDriver.enqueue(UnownedJob(job)) { $0.runSynchronously(on: executor) }
    }
}

/// The jobs of the tasks that prefer a `TestScheduler` as their executor, and the
/// serial queue that runs them and `advance`.
final class VirtualClockDriver: Sendable {
    /// Runs `advance` and the jobs, one at a time.
    let queue = DispatchQueue(label: "RillTest.TestScheduler.virtualClock")

    private struct State {
        /// Jobs ready to run, in the order they became ready, with their executor.
        var jobs: [ReadyJob] = []
        /// A block on `queue` will run `jobs`.
        var isDrainScheduled = false
        /// `advance` is running on `queue`: it runs `jobs` at each tick's end.
        var isAdvancing = false
    }

    private let state = TestLock(State())

    /// A job and how to run it on its task executor (the scheduler).
    private struct ReadyJob {
        let job: UnownedJob
        let run: @Sendable (UnownedJob) -> Void
    }

    /// Takes a job that `run` runs on the scheduler as its task executor.
    func enqueue(_ job: UnownedJob, run: @escaping @Sendable (UnownedJob) -> Void) {
        let schedulesDrain = state.withLock { state -> Bool in
            state.jobs.append(ReadyJob(job: job, run: run))
            guard !state.isAdvancing && !state.isDrainScheduled else { return false }
            state.isDrainScheduled = true
            return true
        }
        if schedulesDrain { queue.async { self.drainOutsideAdvance() } }
    }

    /// Runs the ready jobs (and those they make ready) until none is left; true if
    /// any ran. Called on `queue`.
    @discardableResult
    func runReadyJobs() -> Bool {
        var ranAny = false
        while true {
            let jobs = state.withLock { state -> [ReadyJob] in
                defer { state.jobs = [] }
                return state.jobs
            }
            if jobs.isEmpty { return ranAny }
            ranAny = true
            for ready in jobs { ready.run(ready.job) }
        }
    }

    func beginAdvancing() {
        state.withLock { $0.isAdvancing = true }
    }

    /// Ends `advance`; jobs that became ready after its last tick run next on `queue`.
    func endAdvancing() {
        let schedulesDrain = state.withLock { state -> Bool in
            state.isAdvancing = false
            guard !state.jobs.isEmpty && !state.isDrainScheduled else { return false }
            state.isDrainScheduled = true
            return true
        }
        if schedulesDrain { queue.async { self.drainOutsideAdvance() } }
    }

    private func drainOutsideAdvance() {
        while true {
            runReadyJobs()
            let done = state.withLock { state -> Bool in
                guard state.jobs.isEmpty else { return false }
                state.isDrainScheduled = false
                return true
            }
            if done { return }
        }
    }
}
