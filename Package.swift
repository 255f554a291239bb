// swift-tools-version: 6.1
// SPDX-License-Identifier: Apache-2.0 (LICENSE)
import PackageDescription

/// The package's folder, for paths handed to the linker (it runs elsewhere).
let packageDirectory = String(#filePath.dropLast("/Package.swift".count))

let package = Package(
    name: "gesture-bridge",
    products: [
        .executable(name: "gesture-bridge", targets: ["gesture-bridge"]),
        .executable(name: "gesture-bridge-daemon", targets: ["gesture-bridge-daemon"]),
        .library(name: "GestureCore", targets: ["GestureCore"]),
        .library(name: "GestureConfig", targets: ["GestureConfig"]),
        .library(name: "GestureImport", targets: ["GestureImport"]),
        .library(name: "GestureActions", targets: ["GestureActions"]),
        .library(name: "GestureTraces", targets: ["GestureTraces"]),
        .library(name: "GestureBridge", targets: ["GestureBridge"]),
        // For tests, benchmarks and the fuzzers (Fuzz/): never linked into gesture-bridge.
        .library(name: "GestureTesting", targets: ["GestureTesting"]),
        .executable(name: "gesture-bridge-settings", targets: ["gesture-bridge-settings"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
    ],
    targets: [
        // Pure Swift: no X, no Foundation, no clock. Time is an argument.
        .target(name: "GestureCore"),
        // The system, Glibc only: bounded file reads, the environment, the
        // runtime directory. Under the config, X, traces and the daemon.
        .target(name: "GestureSystem"),
        // Actions: key chords (keysyms), exec and its words, the synthesizer protocol. No X.
        // The core for the defaults of [settings] it reads (drag-lock).
        .target(name: "GestureActions", dependencies: ["GestureCore"]),
        // The config file, gesture expressions, keymaps, diagnostics.
        .target(name: "GestureConfig", dependencies: ["GestureCore", "GestureActions", "GestureSystem", "CTOML"]),
        // The importers: fusuma (YAML), libinput-gestures, touchegg (XML) configs
        // written as ours. They need only the core, the actions and the system's strings.
        .target(name: "GestureImport", dependencies: ["GestureCore", "GestureActions", "GestureSystem", "CYAML", "CXML"]),
        // toml++ (libtomlplusplus-dev, header-only) behind a C interface. Without
        // exceptions, toml++ returns its parse errors as values.
        .target(name: "CTOML", cxxSettings: [.unsafeFlags(["-fno-exceptions"])]),
        // libyaml: the YAML parser Ruby's Psych wraps (fusuma reads its config with it).
        .systemLibrary(name: "CYAML", pkgConfig: "yaml-0.1", providers: [.apt(["libyaml-dev"])]),
        // pugixml (libpugixml-dev): the XML parser touchegg reads its config with.
        .target(name: "CXML", linkerSettings: [.linkedLibrary("pugixml")]),
        // libX11, libXi, libXtst, libXrandr, with wrappers for their macros;
        // XCB (the daemon's event queue is XCB's) with libxcb-xinput and
        // libxcb-randr: XInput's events, its requests with replies and the
        // passive grabs, and RRGetMonitors, sent with their cookies kept;
        // libXext for the Shape extension (the stroke trail's and name's
        // windows), which libXi and libXtst load anyway: no page more.
        .systemLibrary(
            name: "CX11",
            pkgConfig: "x11 xi xtst xrandr xext x11-xcb xcb-xinput xcb-randr",
            providers: [.apt(["libx11-dev", "libxi-dev", "libxtst-dev", "libxrandr-dev", "libxext-dev", "libx11-xcb-dev",
                              "libxcb-xinput-dev", "libxcb-randr0-dev"])]
        ),
        // Linux interfaces the Glibc module lacks (signalfd).
        .systemLibrary(name: "CLinux"),
        // libdbus-1, linked: the E2E probe's Touchégg client.
        .systemLibrary(name: "CDBus", pkgConfig: "dbus-1", providers: [.apt(["libdbus-1-dev"])]),
        // libdbus-1 loaded with dlopen when touchegg-protocol turns on: the
        // Touchégg protocol server. Nothing of it is mapped while it is off.
        .target(name: "CDBusLoader"),
        // Windows that follow the fingers (`window move`, `window resize`) and
        // snap, as pure parts: the machine of their sessions, how one starts,
        // how a snap goes, the pace of requests, where each frame goes. No X
        // (windows are WindowIDs), no Foundation: GestureX11's WindowMover
        // reads X, feeds them and carries out the requests they return.
        .target(name: "WindowFollowing", dependencies: ["GestureCore", "GestureActions"]),
        // XInput2 source, XTest synthesizer, window classes, devices.
        .target(name: "GestureX11", dependencies: ["CX11", "GestureCore", "GestureActions", "GestureSystem", "WindowFollowing"]),
        // Traces: read, write, replay, print, draw (SVG). Pure, like the core.
        .target(name: "GestureTraces", dependencies: ["GestureCore", "GestureSystem"]),
        // Making traces: the trace builder, hands as they are, the recognition
        // corpus, random gestures. For tests and benchmarks.
        .target(name: "GestureTesting", dependencies: ["GestureCore", "GestureTraces"]),
        // What a client of the running daemon reads: its state file and its
        // monitor stream (the settings app links this, not the daemon).
        .target(name: "GestureClient", dependencies: ["GestureSystem", "GestureTraces", "GestureCore"]),
        // The daemon: the run loop, its input sources, the effect router, the
        // monitor stream, status, the Touchégg server.
        .target(
            name: "GestureBridge",
            dependencies: ["GestureCore", "GestureSystem", "GestureTraces", "GestureConfig", "GestureActions", "GestureX11",
                           "GestureClient", "CLinux", "CDBusLoader"]
        ),
        // The command's tools that are not the daemon: doctor, tune, teach,
        // the binding and device-rule listings, watch's view, replay's
        // printer. The daemon (gesture-bridge-daemon) never links them.
        .target(
            name: "GestureTools",
            dependencies: ["GestureBridge", "GestureCore", "GestureSystem", "GestureTraces", "GestureConfig", "GestureActions",
                           "GestureX11", "GestureClient"]
        ),
        .executableTarget(
            name: "gesture-bridge",
            dependencies: [
                "GestureBridge", "GestureTools", "GestureTraces", "GestureConfig", "GestureImport", "GestureX11", "GestureCore",
                "GestureSystem", "GestureLocalization", .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // The daemon alone, which `gesture-bridge run` execs: no argument
        // parser (nor the FoundationEssentials it brings) in what runs all day.
        // Linked by lld (the toolchain's; gold, the default, cannot order
        // functions by name): relative relocations not packed (DT_RELR would
        // need glibc 2.36's loader, and Ubuntu 22.04 has 2.35: issue 50;
        // unpacked they are 480 kB of .rela.dyn, 0.4 MB of RSS), no symbol
        // exported (the Swift runtime linked in exports ~5,600 by default:
        // 440 kB of .dynsym and .dynstr nothing looks up), and
        // the functions that run placed side by side (scripts/daemon.order,
        // written by scripts/daemon-order.sh: 1.9 MB less resident; the
        // functions without a symbol, which it cannot name, together before
        // them: scripts/daemon-text.ld), and
        // libstdc++ linked in where scripts/build-static.sh puts its archive
        // alone in a folder searched first (the Swift runtime's link arguments
        // name -lstdc++ themselves; shared, it was 1.5 MB resident for the few
        // functions the runtime and toml++ use). Elsewhere libstdc++ stays shared.
        // docs/performance.md, "The daemon at its floor".
        .executableTarget(
            name: "gesture-bridge-daemon", dependencies: ["GestureBridge", "GestureSystem", "GestureLocalization"],
            linkerSettings: [.unsafeFlags(["-use-ld=lld", "-L\(packageDirectory)/.build-static/static-libstdc++",
                                           "-Xlinker", "--no-export-dynamic",
                                           "-Xlinker", "--symbol-ordering-file=\(packageDirectory)/scripts/daemon.order",
                                           "-Xlinker", "--no-warn-symbol-ordering",
                                           "-Xlinker", "-T", "-Xlinker", "\(packageDirectory)/scripts/daemon-text.ld"])]
        ),
        // The settings app (issue 42): GTK 4 + libadwaita behind a small shim.
        // Only this executable links GTK; the daemon and gesture-bridge never do.
        .systemLibrary(name: "CGtk", pkgConfig: "gtk4 libadwaita-1",
                       providers: [.apt(["libgtk-4-dev", "libadwaita-1-dev"])]),
        .executableTarget(
            name: "gesture-bridge-settings",
            dependencies: ["CGtk", "GestureSettingsModel", "GestureClient", "GestureConfig", "GestureTraces", "GestureSystem",
                           "GestureCore"]
        ),
        // The settings app's parts without a window: options, the stream read, banners, chords.
        // (Tests/Settings/run.sh drives the whole app through AT-SPI.)
        .testTarget(name: "SettingsAppTests", dependencies: ["gesture-bridge-settings", "GestureBridge", "CGtk"]),
        // Benchmarks: run under callgrind for instruction counts (see docs/performance.md).
        .executableTarget(
            name: "gesture-bench",
            dependencies: ["GestureBridge", "GestureTraces", "GestureTesting", "GestureX11", "GestureActions",
                           "GestureConfig", "GestureImport", "GestureSystem", "XTestSupport"],
            path: "Benchmarks/gesture-bench"
        ),
        // The least an X11 daemon in Swift can be (its RSS is the floor the
        // daemon's is measured against: Benchmarks/daemon.sh).
        .executableTarget(name: "rss-floor", dependencies: ["CX11"], path: "Benchmarks/rss-floor"),
        // The E2E guest's observer and input player (Tests/E2E: a VM with a real
        // Xorg, libinput and uinput devices).
        .executableTarget(
            name: "gesture-e2e-probe",
            dependencies: ["CX11", "CLinux", "CDBus", "GestureX11"],
            path: "Tests/E2E/Probe"
        ),
        // The pure modules' tests link no X11 or config parsers.
        .testTarget(name: "GestureCoreTests", dependencies: ["GestureCore", "GestureTraces", "GestureTesting"]),
        .testTarget(name: "GestureBridgeTests",
                    dependencies: ["GestureBridge", "GestureTools", "GestureTraces", "GestureTesting", "GestureCore", "GestureConfig",
                                   "GestureSystem", "XTestSupport", "CX11", "GestureX11"]),
        .testTarget(name: "GestureConfigTests",
                    dependencies: ["GestureConfig", "GestureCore", "GestureActions", "GestureSystem"]),
        .testTarget(name: "GestureImportTests",
                    dependencies: ["GestureImport", "GestureConfig", "GestureCore", "GestureActions", "GestureSystem", "GestureX11",
                                   "GestureTraces", "GestureTesting"]),
        .testTarget(name: "GestureActionsTests", dependencies: ["GestureActions"]),
        // The settings app's model: a config in words, edited without losing a byte. Pure: no GTK, no Foundation.
        // gettext (glibc's libintl) for the settings app's words: see docs/settings.md, Translations.
        .systemLibrary(name: "CIntl"),
        // The words in the user's language (L, Ln, Lc, and L(words) for GestureCore's Words), for the
        // settings app and the command; the daemon links it only for `doctor`'s words, never calling setlocale.
        .target(name: "GestureLocalization", dependencies: ["CIntl", "GestureCore", "GestureSystem"]),
        .target(name: "GestureSettingsModel",
                dependencies: ["GestureConfig", "GestureCore", "GestureActions", "GestureImport", "GestureSystem",
                               "GestureLocalization"]),
        .testTarget(name: "GestureSettingsModelTests",
                    dependencies: ["GestureSettingsModel", "GestureConfig", "GestureCore", "GestureImport", "GestureSystem"]),
        // Shared by the state machines' table tests (GestureX11Tests, WindowFollowingTests):
        // their rows (TransitionRow) and the table the docs print from them (StateTable).
        .target(name: "StateTableSupport", path: "Tests/StateTableSupport"),
        // The pure parts of windows that follow the fingers, their tables: no X.
        .testTarget(name: "WindowFollowingTests", dependencies: ["WindowFollowing", "GestureActions", "StateTableSupport"]),
        // Shared by the X tests: an Xvfb the test starts, a client watching keys.
        .target(name: "XTestSupport", dependencies: ["CX11", "GestureX11"], path: "Tests/XTestSupport"),
        .testTarget(name: "GestureX11Tests",
                    dependencies: ["GestureX11", "CX11", "GestureCore", "GestureActions", "XTestSupport", "WindowFollowing",
                                   "StateTableSupport", "GestureTesting"]),
    ],
    swiftLanguageModes: [.v6],
    cxxLanguageStandard: .cxx17
)
