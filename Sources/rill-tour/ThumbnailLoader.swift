import Foundation
import Rill

/// A callback-based API of the kind `create` exists to wrap (article 000). It counts
/// the requests it starts, the requests that are cancelled, and the callbacks it
/// delivers.
final class ThumbnailLoader: Sendable {
    final class Request: Sendable {
        private let cancelled = Counter()
        private let onCancel: @Sendable () -> Void
        init(onCancel: @escaping @Sendable () -> Void) { self.onCancel = onCancel }
        var isCancelled: Bool { cancelled.value > 0 }
        func cancel() {
            cancelled.increment()
            onCancel()
        }
    }

    let started = Counter()
    let cancelled = Counter()
    let delivered = Counter()
    private let queue = DispatchQueue(label: "thumbnail-loader")

    func load(_ name: String, completion: @escaping @Sendable (Result<String, any Error>) -> Void) -> Request {
        started.increment()
        let request = Request { self.cancelled.increment() }
        queue.asyncAfter(deadline: .now() + .milliseconds(20)) {
            guard !request.isCancelled else { return }
            self.delivered.increment()
            completion(name.isEmpty ? .failure(DemoError.boom) : .success("thumbnail of \(name)"))
        }
        return request
    }
}

extension ThumbnailLoader {
    /// The article's wrapper, with a plain `import Rill`: capturing the observer in
    /// the `@Sendable` completion handler compiles because `AnyObserver` is `Sendable`.
    func thumbnail(named name: String) -> Observable<String> {
        Observable.create { observer in
            let request = self.load(name) { result in
                switch result {
                case .success(let thumbnail):
                    observer.onNext(thumbnail)
                    observer.onCompleted()
                case .failure(let error):
                    observer.onError(error)
                }
            }
            return Disposables.create { request.cancel() }
        }
    }
}

/// A thread-safe counter.
final class Counter: @unchecked Sendable {
    // Sendable: `count` is only touched under `lock`.
    private let lock = NSLock()
    private var count = 0

    func increment() {
        lock.lock()
        count += 1
        lock.unlock()
    }

    var value: Int {
        lock.lock()
        defer { lock.unlock() }
        return count
    }
}

/// Whether the calling thread is the process's main thread.
nonisolated func isMainThread() -> Bool { Thread.isMainThread }

/// Tags each element with the kind of thread it arrived on; declared outside
/// main-actor code, as the article's is.
nonisolated func tagThreads(_ source: Observable<Int>) -> Observable<String> {
    source.map { "\($0) on \(isMainThread() ? "main" : "a background thread")" }
}

/// The argument that makes the tour run the unsafe subscription of article 000 in a
/// child process, to show that Rill stops it.
let trapDemoArgument = "--trap-demo"

/// Subscribes from main-actor code, without `observe(on:)`, to a source that
/// delivers on the loader's queue: Rill stops the process. Runs in a child process.
@MainActor
func runTrapDemo() -> Never {
    let loader = ThumbnailLoader()
    var lastThumbnail = ""
    let subscription = loader.thumbnail(named: "fox").subscribe(onNext: { lastThumbnail = $0 })
    RunLoop.main.run(until: Date().addingTimeInterval(2))
    subscription.dispose()
    print("the unsafe subscription ran and got \(lastThumbnail)")
    exit(0)
}

/// Runs this executable with `trapDemoArgument` and returns whether it was stopped,
/// and what it wrote to standard error.
func runTrapDemoInChildProcess() throws -> (stopped: Bool, message: String) {
    let child = Process()
    child.executableURL = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
    #if canImport(Darwin)
    child.executableURL = Bundle.main.executableURL
    #endif
    child.arguments = [trapDemoArgument]
    let errors = Pipe()
    child.standardError = errors
    child.standardOutput = Pipe()
    var environment = ProcessInfo.processInfo.environment
    environment["SWIFT_BACKTRACE"] = "enable=no"
    child.environment = environment
    try child.run()
    let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    child.waitUntilExit()
    return (child.terminationReason == .uncaughtSignal || child.terminationStatus != 0, message)
}
