#if canImport(Foundation)
import Foundation
#endif

extension ObservableType {
    /// Prints each subscription's lifecycle and events to standard output,
    /// passing every event through unchanged.
    ///
    /// Each line is `<date>: <identifier> -> <what happened>`, as RxSwift prints it:
    ///
    /// ```
    /// 2025-01-31 12:00:00.000: numbers -> subscribed
    /// 2025-01-31 12:00:00.001: numbers -> Event next(1)
    /// 2025-01-31 12:00:00.001: numbers -> Event completed
    /// 2025-01-31 12:00:00.001: numbers -> isDisposed
    /// ```
    ///
    /// "subscribed" is printed before the source is subscribed, each event before
    /// it goes downstream, "isDisposed" once when the subscription is disposed
    /// (also after a terminal event). Lines are printed on the thread where the
    /// event happens; the date is local time, `yyyy-MM-dd HH:mm:ss.SSS`.
    ///
    /// ```swift
    /// Observable.of(1, 2).debug("numbers").subscribe()
    /// ```
    ///
    /// - Parameters:
    ///   - file: The file printed with each event; the caller's by default.
    ///   - line: The line printed with each event; the caller's by default.
    ///   - function: The function printed with each event; the caller's by default.
    ///   - identifier: The name in each line; by default `File.swift:line (function)`
    ///     of the call.
    ///   - trimOutput: Whether to shorten an event's text longer than 40 characters
    ///     to its first and last 20, joined by `...`.
    /// - Returns: An observable with the same events as the source.
    public func debug(
        _ identifier: String? = nil,
        trimOutput: Bool = false,
        file: String = #file,
        line: UInt = #line,
        function: String = #function
    ) -> Observable<Element> {
        let name = identifier ?? "\(file.split(separator: "/").last.map(String.init) ?? file):\(line) (\(function))"
        return DebugObservable(source: asObservable(), identifier: name, trimOutput: trimOutput)
    }
}

/// Where `debug()` writes its lines: standard output, replaceable in tests.
///
/// Dates are formatted with one shared formatter behind `state`'s lock (a
/// `DateFormatter` must not be used from two threads at once); the line is
/// written after the lock is released.
final class DebugOutput: @unchecked Sendable {
    // Sendable: all mutable state is behind `state`'s lock.
    private struct State {
        var write: @Sendable (String) -> Void
        #if canImport(Foundation)
        let formatter: DateFormatter
        #endif
    }

    static let shared = DebugOutput()

    private let state: Locked<State>

    private init() {
        #if canImport(Foundation)
        let formatter = DateFormatter()
        formatter.dateFormat = "yyyy-MM-dd HH:mm:ss.SSS"
        state = Locked(State(write: { print($0) }, formatter: formatter))
        #else
        state = Locked(State(write: { print($0) }))
        #endif
    }

    /// Replaces the writer and returns the previous one.
    @discardableResult
    func replaceWriter(_ write: @escaping @Sendable (String) -> Void) -> @Sendable (String) -> Void {
        state.withLock { state in
            defer { state.write = write }
            return state.write
        }
    }

    /// Writes `"<date>: <identifier> -> <content>"`.
    func log(_ identifier: String, _ content: String) {
        let (date, write) = state.withLock { state in
            #if canImport(Foundation)
            return (state.formatter.string(from: Date()), state.write)
            #else
            return ("", state.write)
            #endif
        }
        write("\(date): \(identifier) -> \(content)")
    }
}

// Sendable: immutable after init; each subscription keeps its own state.
private final class DebugObservable<Element>: Observable<Element>, @unchecked Sendable {
    private let source: Observable<Element>
    private let identifier: String
    private let trimOutput: Bool

    init(source: Observable<Element>, identifier: String, trimOutput: Bool) {
        self.source = source
        self.identifier = identifier
        self.trimOutput = trimOutput
    }

    override func run(_ sink: Sink<Element>) -> any Disposable {
        DebugOutput.shared.log(identifier, "subscribed")
        let debugSink = DebugSink(identifier: identifier, trimOutput: trimOutput, downstream: sink)
        // Nothing can dispose `debugSink` before it is returned, so this plain
        // write is published with it.
        debugSink.subscription = source.run(debugSink)
        return debugSink
    }
}

/// Logs each event before forwarding it, and is the subscription's disposable,
/// which logs "isDisposed" once.
private final class DebugSink<Element>: Sink<Element>, Disposable, @unchecked Sendable {
    // Sendable: `subscription` is written once before this is returned from `run`
    // and then read only by the caller that sets `disposed` first.
    private static var maxEventTextLength: Int { 40 }

    private let identifier: String
    private let trimOutput: Bool
    private let downstream: Sink<Element>
    private let disposed = AtomicWord()
    var subscription: (any Disposable)?

    init(identifier: String, trimOutput: Bool, downstream: Sink<Element>) {
        self.identifier = identifier
        self.trimOutput = trimOutput
        self.downstream = downstream
    }

    override func onNext(_ element: Element) {
        log(.next(element))
        downstream.onNext(element)
    }

    override func onError(_ error: any Swift.Error) {
        log(.error(error))
        downstream.onError(error)
    }

    override func onCompleted() {
        log(.completed)
        downstream.onCompleted()
    }

    private func log(_ event: Event<Element>) {
        let text = "\(event)"
        let limit = Self.maxEventTextLength
        let shown = trimOutput && text.count > limit
            ? "\(text.prefix(limit / 2))...\(text.suffix(limit / 2))"
            : text
        DebugOutput.shared.log(identifier, "Event \(shown)")
    }

    func dispose() {
        guard disposed.exchange(1) == 0 else { return }
        DebugOutput.shared.log(identifier, "isDisposed")
        let subscription = self.subscription
        self.subscription = nil
        subscription?.dispose()
    }
}
