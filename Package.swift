// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "gesture-bridge",
    products: [
        .executable(name: "gesture-bridge", targets: ["gesture-bridge"]),
        .library(name: "GestureCore", targets: ["GestureCore"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
    ],
    targets: [
        // Pure Swift: no X, no Foundation, no clock. Time is an argument.
        .target(name: "GestureCore"),
        // The daemon's library: traces (read, write, build) and replay.
        .target(name: "GestureBridge", dependencies: ["GestureCore"]),
        .executableTarget(
            name: "gesture-bridge",
            dependencies: [
                "GestureBridge",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // Benchmarks: run under callgrind for instruction counts (see docs/performance.md).
        .executableTarget(
            name: "gesture-bench",
            dependencies: ["GestureBridge"],
            path: "Benchmarks/gesture-bench"
        ),
        .testTarget(name: "GestureCoreTests", dependencies: ["GestureCore", "GestureBridge"]),
        .testTarget(name: "GestureBridgeTests", dependencies: ["GestureBridge", "GestureCore"]),
    ],
    swiftLanguageModes: [.v6]
)
