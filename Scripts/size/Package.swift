// swift-tools-version: 6.0
// The binary-size probe: one program of the rill-bench scenarios that RxSwift can also
// express, linked statically against Rill. `Scripts/size.sh` builds it in release mode,
// strips it and prints its size (and, given RxSwift, builds the same source against it).
import PackageDescription

let package = Package(
    name: "SizeProbe",
    platforms: [.macOS(.v10_15), .iOS(.v13)],
    dependencies: [.package(name: "Rill", path: "../..")],
    targets: [
        .executableTarget(name: "SizeProbe", dependencies: [
            .product(name: "Rill", package: "Rill"),
            .product(name: "RillBlocking", package: "Rill"),
        ]),
    ],
    swiftLanguageModes: [.v6]
)
