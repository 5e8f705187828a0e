import Foundation
import Testing

extension AllTests {
    /// The articles' examples, with only their import lines changed and no
    /// `@preconcurrency`, type-check in Swift 6 language mode with no diagnostics
    /// (DESIGN.md, "Compatibility contract"). The examples live in `Fixtures/`, which
    /// the test target excludes from its own build; each is type-checked against the
    /// modules this test run was built with.
    @Suite struct ArticleExamplesCompileTests {
        @Test(arguments: ["CreatingObservables", "PublishSubject", "Traits", "ActorsClocksAndObservation"])
        func articleExamplesTypeCheckInSwift6WithNoDiagnostics(_ fixture: String) throws {
            let here = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            let packageRoot = here.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            let buildDirectory = try #require(Self.buildDirectory(), "the built Rill module was not found")
            let compiler = Process()
            compiler.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            compiler.arguments = [
                "swiftc", "-typecheck", "-swift-version", "6",
                "-I", buildDirectory.appendingPathComponent("Modules").path,
                "-Xcc", "-fmodule-map-file=" + buildDirectory.appendingPathComponent("RillShims.build/module.modulemap").path,
                "-Xcc", "-I" + packageRoot.appendingPathComponent("Sources/RillShims/include").path,
                here.appendingPathComponent("Fixtures/\(fixture).swift").path,
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

        /// The build directory holding `Modules/Rill.swiftmodule`: the test
        /// executable's directory or one of its parents.
        static func buildDirectory() -> URL? {
            var directory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
            for _ in 0..<5 {
                if FileManager.default.fileExists(atPath: directory.appendingPathComponent("Modules/Rill.swiftmodule").path) {
                    return directory
                }
                directory = directory.deletingLastPathComponent()
            }
            return nil
        }
    }
}
