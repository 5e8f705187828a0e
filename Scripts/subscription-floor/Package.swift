// swift-tools-version:6.0
// The floor of a subject subscription in Swift: see README.md. Not part of Rill's
// build; `run.sh` builds it three times (one per variant) and measures each.
import PackageDescription

let package = Package(
    name: "subscription-floor",
    targets: [
        .target(name: "FloorShim"),
        .target(name: "Floor", dependencies: ["FloorShim"]),
        .executableTarget(name: "floor-bench", dependencies: ["Floor"]),
    ]
)
