import Foundation
import Testing

extension AllTests {
    /// RxSwift issue #2586: main-actor code can touch its own state in `drive`/`emit`
    /// closures. The fixture in `Fixtures/` (excluded from the target's build) is
    /// compiled in Swift 6 language mode through SIL diagnostics, so region-based
    /// isolation errors count too, against the modules this test run was built with.
    @Suite struct MainActorClosuresCompileTests {
        @Test func driveAndEmitClosuresInMainActorCodeCompileInSwift6WithNoDiagnostics() throws {
            let here = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            let packageRoot = here.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            let buildDirectory = try #require(Self.buildDirectory(), "the built RillCocoa module was not found")
            let compiler = Process()
            compiler.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            compiler.arguments = [
                "swiftc", "-emit-sil", "-o", "/dev/null", "-swift-version", "6",
                "-I", buildDirectory.appendingPathComponent("Modules").path,
                "-Xcc", "-fmodule-map-file=" + buildDirectory.appendingPathComponent("RillShims.build/module.modulemap").path,
                "-Xcc", "-I" + packageRoot.appendingPathComponent("Sources/RillShims/include").path,
                "-parse-as-library",
                here.appendingPathComponent("Fixtures/DriveOnMainActor.swift").path,
            ]
            let output = Pipe()
            compiler.standardOutput = output
            compiler.standardError = output
            try compiler.run()
            let diagnostics = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            compiler.waitUntilExit()
            #expect(compiler.terminationStatus == 0)
            #expect(diagnostics.isEmpty, "diagnostics:\n\(diagnostics)")
        }

        /// The build directory holding `Modules/RillCocoa.swiftmodule`.
        static func buildDirectory() -> URL? {
            var directory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
            for _ in 0..<5 {
                if FileManager.default.fileExists(atPath: directory.appendingPathComponent("Modules/RillCocoa.swiftmodule").path) {
                    return directory
                }
                directory = directory.deletingLastPathComponent()
            }
            return nil
        }
    }
}
