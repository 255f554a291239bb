// swift-tools-version: 6.1
// libFuzzer targets, kept out of the main package: they only link with
// `-sanitize=fuzzer` (libFuzzer runs them). Build and run with Fuzz/run.sh.
import PackageDescription

// A path dependency is named after its directory: whatever the checkout is called.
let root = String(Context.packageDirectory.split(separator: "/").dropLast().last ?? "main")

let package = Package(
    name: "gesture-fuzz",
    dependencies: [.package(path: "..")],
    targets: [
        .executableTarget(
            name: "gesture-fuzz",
            dependencies: [
                .product(name: "GestureConfig", package: root),
                .product(name: "GestureImport", package: root),
                .product(name: "GestureActions", package: root),
                .product(name: "GestureTraces", package: root),
                .product(name: "GestureTesting", package: root),
            ]
        ),
    ]
)
