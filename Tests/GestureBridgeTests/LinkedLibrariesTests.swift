import Foundation
import Testing

/// The executables carry no Foundation: not Foundation itself, nor its
/// internationalization and ICU, nor CoreFoundation (about 4 MB resident and
/// 78,000 relocations at every start when TOMLKit brought them).
/// swift-argument-parser's FoundationEssentials is allowed in the command,
/// not in the daemon it execs (8 MB of binary, 4 MB resident, half the
/// start-up's instructions), nor the argument parser. The debug build
/// links the Swift libraries dynamically, so `ldd` names every one a module
/// imports; the static build is checked by symbol (Tests/Package/run.sh).
@Suite struct LinkedLibrariesTests {
    static let forbidden = ["libFoundation.so", "libFoundationInternationalization.so", "lib_FoundationICU.so",
                            "libCoreFoundation.so", "libicu",
                            // GTK is the settings app's alone (gesture-bridge-settings).
                            "libgtk", "libadwaita"]

    @Test func theExecutableLinksNoFoundation() {
        let ldd = Spawn.run("/usr/bin/ldd", [Spawn.gestureBridge], environment: [:])
        #expect(ldd.status == 0)
        #expect(ldd.stdout.contains("libX11"), "ldd listed nothing: \(ldd.stderr)")
        for library in Self.forbidden {
            #expect(!ldd.stdout.contains(library), "gesture-bridge links \(library) again")
        }
    }

    @Test func theDaemonLinksNeitherTheArgumentParserNorFoundationEssentials() {
        let ldd = Spawn.run("/usr/bin/ldd", [Spawn.daemon], environment: [:])
        #expect(ldd.status == 0)
        #expect(ldd.stdout.contains("libX11"), "ldd listed nothing: \(ldd.stderr)")
        for library in Self.forbidden + ["libFoundationEssentials.so", "lib_FoundationCollections.so"] {
            #expect(!ldd.stdout.contains(library), "gesture-bridge-daemon links \(library)")
        }
        // Package modules are linked in whole, even in a debug build: by symbol.
        let daemon = Spawn.run("/usr/bin/nm", [Spawn.daemon], environment: [:])
        #expect(daemon.status == 0 && daemon.stdout.contains("$s11GestureCore"), "nm read nothing: \(daemon.stderr)")
        #expect(!daemon.stdout.contains("$s14ArgumentParser"), "gesture-bridge-daemon links swift-argument-parser")
        // Nor the regex engine (a String `contains` of a string brings it and
        // Unicode's name tables: String.includes instead).
        #expect(!daemon.stdout.contains("$s17_StringProcessing"), "gesture-bridge-daemon calls into _StringProcessing")
        // The command has it: the same reading finds it there.
        #expect(Spawn.run("/usr/bin/nm", [Spawn.gestureBridge], environment: [:]).stdout.contains("$s14ArgumentParser"))
    }

    /// The daemon logs through a logger of its own (Daemon/Log.swift), not
    /// swift-log, whose task-local metadata brought in the Swift concurrency
    /// runtime: about 0.5 MB of the stripped static daemon, 83 KB of
    /// swift-log besides (docs/performance.md). Read by symbol: every Swift
    /// executable of a debug build lists libswift_Concurrency.so in `ldd`
    /// (the module is imported implicitly), but a static link takes only
    /// what is called: no call into it (a task, an actor, `MainActor`'s
    /// run-time isolation check) leaves none of it in the binary.
    @Test func theDaemonLinksNeitherSwiftLogNorTheConcurrencyRuntime() {
        let all = Spawn.run("/usr/bin/nm", [Spawn.daemon], environment: [:])
        #expect(all.status == 0 && all.stdout.contains("$s11GestureCore"), "nm read nothing: \(all.stderr)")
        #expect(!all.stdout.contains("$s7Logging"), "gesture-bridge-daemon links swift-log")
        let called = Spawn.run("/usr/bin/nm", ["--undefined-only", Spawn.daemon], environment: [:])
        #expect(called.status == 0 && called.stdout.contains("swift_retain"), "nm read nothing: \(called.stderr)")
        let concurrency = called.stdout.split(separator: "\n").filter { line in
            // The runtime's C entry points, and its types' Swift symbols (`Sc`: Task, Actor, MainActor…).
            line.contains("swift_task_") || line.contains(" $sSc") || line.contains("swift_asyncLet")
                || line.contains("swift_continuation_")
        }
        #expect(concurrency.isEmpty, "gesture-bridge-daemon calls into the concurrency runtime: \(concurrency.prefix(5))")
    }

    /// The settings app links what it uses: the settings model, the config,
    /// and the daemon's clients' reader (GestureClient: its state file, its
    /// monitor stream), not the daemon (issue 54). By symbol: package
    /// modules are linked in whole.
    @Test func theSettingsAppLinksNotTheDaemon() throws {
        let settings = Spawn.gestureBridge.replacingSuffix("/gesture-bridge", with: "/gesture-bridge-settings")
        let nm = Spawn.run("/usr/bin/nm", [settings], environment: [:])
        try #require(nm.status == 0 && nm.stdout.contains("$s13GestureClient"), "nm read nothing: \(nm.stderr)")
        #expect(!nm.stdout.contains("$s13GestureBridge"), "gesture-bridge-settings links the daemon (GestureBridge)")
        #expect(!nm.stdout.contains("$s10GestureX11"), "gesture-bridge-settings links the daemon's X side (GestureX11)")
    }

    /// libdbus (and libsystemd, libgcrypt, lz4, zstd after it) is loaded
    /// with dlopen when touchegg-protocol turns on: linked by neither
    /// (ToucheggProtocolTests reads a live daemon's maps).
    @Test(arguments: [Spawn.gestureBridge, Spawn.daemon])
    func libdbusIsNotLinked(_ executable: String) {
        let ldd = Spawn.run("/usr/bin/ldd", [executable], environment: [:])
        #expect(ldd.stdout.contains("libX11"), "ldd listed nothing: \(ldd.stderr)")
        #expect(!ldd.stdout.contains("libdbus"), "\(executable) links libdbus")
    }
}

/// Every `static inline` wrapper in a C shim, and every `cx_` function a
/// shim's header declares, is called from Swift somewhere (the daemon, the
/// probe, the benchmarks): a wrapper left behind when its caller went is
/// dead code in a header no compiler warns about.
@Suite struct ShimWrapperTests {
    static let root = repositoryRoot

    /// The names `static inline TYPE NAME(` and `TYPE cx_NAME(` of a shim header.
    static func wrappers(_ header: String) -> [String] {
        let text = (try? String(contentsOfFile: root + "/" + header, encoding: .utf8)) ?? ""
        return text.split(separator: "\n").compactMap { line in
            guard let first = line.first, first.isLetter, !line.hasPrefix("typedef"),
                  let paren = line.firstIndex(of: "(") else { return nil }
            guard let name = line[..<paren].split(separator: " ").last.map({ String($0.drop { $0 == "*" }) }),
                  line.hasPrefix("static inline ") || name.hasPrefix("cx_") else { return nil }
            return name
        }
    }

    /// Every `cx_` name a Swift file of the repository mentions.
    static let called: Set<String> = {
        var names = Set<String>()
        for dir in ["Sources", "Tests", "Benchmarks"] {
            let base = root + "/" + dir
            for case let path as String in FileManager.default.enumerator(atPath: base) ?? NSEnumerator()
            where path.hasSuffix(".swift") {
                guard let text = try? String(contentsOfFile: base + "/" + path, encoding: .utf8) else { continue }
                var rest = Substring(text)
                while let r = rest.range(of: "cx_") {
                    let name = rest[r.lowerBound...].prefix { $0.isLetter || $0.isNumber || $0 == "_" }
                    names.insert(String(name))
                    rest = rest[r.upperBound...]
                }
            }
        }
        return names
    }()

    @Test(arguments: ["Sources/CX11/shim.h", "Sources/CLinux/shim.h", "Sources/CDBus/shim.h", "Sources/CYAML/shim.h",
                      "Sources/CDBusLoader/include/cdbus_loader.h", "Sources/CGtk/shim.h"])
    func everyWrapperIsCalled(header: String) {
        let names = Self.wrappers(header)
        #expect(!names.isEmpty || !(header.contains("CX11") || header.contains("CDBusLoader")), "no wrapper read from \(header)")
        for name in names {
            #expect(Self.called.contains(name), "\(header): \(name) is called from no Swift file")
        }
    }
}
