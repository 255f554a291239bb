// swift-tools-version: 6.1
// libFuzzer targets, kept out of the main package: they only link with
// `-sanitize=fuzzer` (libFuzzer runs them). Build and run with Fuzz/run.sh.
import PackageDescription

let package = Package(
    name: "gesture-fuzz",
    dependencies: [.package(path: "..")],
    targets: [
        .executableTarget(
            name: "gesture-fuzz",
            dependencies: [
                .product(name: "GestureConfig", package: "main"),
                .product(name: "GestureActions", package: "main"),
                .product(name: "GestureBridge", package: "main"),
            ]
        ),
    ]
)
