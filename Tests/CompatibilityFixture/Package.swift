// swift-tools-version: 6.0
//
// An RxSwift user's package, unchanged but for the dependency line: it depends on
// RxSwift's products by RxSwift's names. Scripts/check-compatibility.sh builds and runs
// it in CI. Its sources must not name the library underneath (the script checks).
import PackageDescription

let package = Package(
    name: "CompatibilityFixture",
    platforms: [.macOS(.v10_15), .iOS(.v13)],
    dependencies: [
        // An RxSwift user writes `.package(url: "https://github.com/ReactiveX/RxSwift.git", from: "6.0.0")`.
        .package(path: "../../Compatibility/RxSwift"),
    ],
    targets: [
        // A third-party library written on RxSwift, in Swift 5 mode as most are.
        .target(
            name: "LegacyLibrary",
            dependencies: [
                .product(name: "RxSwift", package: "RxSwift"),
                .product(name: "RxRelay", package: "RxSwift"),
                .product(name: "RxCocoa", package: "RxSwift"),
            ],
            swiftSettings: [.swiftLanguageMode(.v5)]
        ),
        // The app's own checks, in Swift 6 mode.
        .executableTarget(
            name: "compatibility-fixture",
            dependencies: [
                "LegacyLibrary",
                .product(name: "RxSwift", package: "RxSwift"),
                .product(name: "RxCocoa", package: "RxSwift"),
                .product(name: "RxTest", package: "RxSwift"),
                .product(name: "RxBlocking", package: "RxSwift"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
