// swift-tools-version: 6.0
//
// RxSwift's module names over Rill, for migrating with no source changes: `import RxSwift`,
// `RxSwift.Observable`, `import RxCocoa` and `.product(name: "RxSwift", package: "RxSwift")`
// keep compiling. Each module only re-exports a Rill module (see README.md beside this file).
//
// This is a package of its own, apart from Rill's, so that a package graph holding Rill and,
// through some library, the real RxSwift has one module named RxSwift, not two. Inside the
// Rill repository it depends on Rill by path; published as its own repository (tagged with
// RxSwift's versions, 6.10.0), it depends on Rill by URL.
import PackageDescription
import Foundation

let insideRillCheckout = FileManager.default.fileExists(
    atPath: Context.packageDirectory + "/../../Sources/Rill/Core/Observable.swift"
)
let rill: Package.Dependency = insideRillCheckout
    ? .package(name: "Rill", path: "../..")
    : .package(url: "https://example.com/rill.git", from: "0.1.0")

let package = Package(
    name: "RxSwift",
    platforms: [.macOS(.v10_15), .iOS(.v13), .tvOS(.v13), .watchOS(.v6)],
    products: [
        .library(name: "RxSwift", targets: ["RxSwift"]),
        .library(name: "RxRelay", targets: ["RxRelay"]),
        .library(name: "RxBlocking", targets: ["RxBlocking"]),
        .library(name: "RxTest", targets: ["RxTest"]),
        .library(name: "RxCocoa", targets: ["RxCocoa"]),
        .library(name: "RxSwift-Dynamic", type: .dynamic, targets: ["RxSwift"]),
        .library(name: "RxRelay-Dynamic", type: .dynamic, targets: ["RxRelay"]),
        .library(name: "RxBlocking-Dynamic", type: .dynamic, targets: ["RxBlocking"]),
        .library(name: "RxTest-Dynamic", type: .dynamic, targets: ["RxTest"]),
        .library(name: "RxCocoa-Dynamic", type: .dynamic, targets: ["RxCocoa"]),
    ],
    dependencies: [rill],
    targets: [
        .target(name: "RxSwift", dependencies: [.product(name: "Rill", package: "Rill")]),
        .target(name: "RxRelay", dependencies: ["RxSwift"]),
        .target(name: "RxBlocking", dependencies: ["RxSwift", .product(name: "RillBlocking", package: "Rill")]),
        .target(name: "RxTest", dependencies: ["RxSwift", .product(name: "RillTest", package: "Rill")]),
        .target(name: "RxCocoa", dependencies: ["RxSwift", "RxRelay", .product(name: "RillCocoa", package: "Rill")]),
    ],
    swiftLanguageModes: [.v6]
)
