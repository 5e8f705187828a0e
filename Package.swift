// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "Rill",
    platforms: [.macOS(.v10_15), .iOS(.v13), .tvOS(.v13), .watchOS(.v6)],
    products: [
        .library(name: "Rill", targets: ["Rill"]),
        .library(name: "RillBlocking", targets: ["RillBlocking"]),
        .library(name: "RillTest", targets: ["RillTest"]),
        .library(name: "RillCocoa", targets: ["RillCocoa"]),
        .executable(name: "rill-tour", targets: ["rill-tour"]),
        .executable(name: "rill-bench", targets: ["rill-bench"]),
    ],
    targets: [
        // C11 atomics for the few per-element flags that another thread may set
        // (disposal); Swift's own atomics need macOS 15 / iOS 18.
        .target(name: "RillShims"),
        .target(name: "Rill", dependencies: ["RillShims"]),
        .target(name: "RillBlocking", dependencies: ["Rill"]),
        .target(name: "RillTest", dependencies: ["Rill"]),
        .target(name: "RillCocoa", dependencies: ["Rill"]),
        .executableTarget(name: "rill-tour", dependencies: ["Rill", "RillBlocking", "RillTest", "RillCocoa"]),
        .executableTarget(name: "rill-bench", dependencies: ["Rill", "RillBlocking"]),
        .testTarget(name: "RillTests", dependencies: ["Rill", "RillBlocking", "RillTest"], exclude: ["Swift6/Fixtures"]),
        .testTarget(name: "RillBlockingTests", dependencies: ["Rill", "RillBlocking"]),
        .testTarget(name: "RillTestTests", dependencies: ["Rill", "RillTest"]),
        .testTarget(name: "RillCocoaTests", dependencies: ["Rill", "RillCocoa", "RillTest"], exclude: ["Swift6/Fixtures"]),
    ],
    swiftLanguageModes: [.v6]
)
