import Foundation
import Rill

/// The errors the articles' examples use.
enum DemoError: Error {
    case boom
    case timeout
}

/// Subscribes, collects the synchronously delivered events as strings (an element
/// as its description, completion as `|`, an error as `x(error)`), and disposes:
/// the articles' `record` helper.
func record<Source: ObservableConvertibleType>(_ source: Source) -> [String] {
    var events: [String] = []
    let subscription = source.asObservable().subscribe { event in
        switch event {
        case .next(let element): events.append("\(element)")
        case .error(let error): events.append("x(\(error))")
        case .completed: events.append("|")
        }
    }
    subscription.dispose()
    return events
}

extension Int {
    /// `10000` as "10,000".
    func formatted() -> String {
        let digits = String(self)
        var result = ""
        for (index, character) in digits.enumerated() {
            if index > 0 && (digits.count - index) % 3 == 0 { result.append(",") }
            result.append(character)
        }
        return result
    }
}

/// Runs `body` with standard error redirected to a temporary file and returns what
/// was written to it, so that a chapter can show Rill's debug warnings as part of
/// its output instead of letting them interrupt it.
nonisolated func capturingStandardError<Result>(_ body: () throws -> Result) rethrows -> (result: Result, written: String) {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("rill-tour-stderr-\(getpid()).txt")
    _ = FileManager.default.createFile(atPath: url.path, contents: nil)
    guard let file = try? FileHandle(forWritingTo: url) else { return (try body(), "") }
    let saved = dup(STDERR_FILENO)
    fflush(nil)
    dup2(file.fileDescriptor, STDERR_FILENO)
    defer {
        fflush(nil)
        dup2(saved, STDERR_FILENO)
        close(saved)
        try? file.close()
        try? FileManager.default.removeItem(at: url)
    }
    let result = try body()
    fflush(nil)
    let written = (try? String(contentsOf: url, encoding: .utf8)) ?? ""
    return (result, written)
}

/// The address of a local variable of this call: equal for two calls made at the
/// same stack depth from the same caller.
@inline(never)
nonisolated func stackAddress(_ value: Int) -> UInt {
    var local = value
    return withUnsafeMutablePointer(to: &local) { UInt(bitPattern: $0) }
}

/// The tour's `print`: writes one line and flushes it at once, so that piped output
/// keeps its order with respect to standard error and to child processes.
nonisolated func print(_ line: String = "") {
    Swift.print(line)
    fflush(nil)
}
