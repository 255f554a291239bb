#if canImport(Glibc)
import Glibc
#endif
import GestureSettingsModel
import GestureConfig
import GestureSystem

/// The command line: `--config FILE` (default: the daemon's config path).
struct AppOptions {
    var configPath: String
    var environment: [String: String]
    /// For Benchmarks/settings.sh: print when the first frame is painted, then quit.
    var exitAfterFirstFrame = false

    /// nil for `--help`; a message for anything else it does not take.
    static func parse(_ args: [String], environment: [String: String] = ProcessEnvironment.current())
        -> Result<AppOptions?, OptionError> {
        var path: String? = nil
        var firstFrame = false
        var i = 0
        while i < args.count {
            let a = args[i]
            if a == "--help" || a == "-h" { return .success(nil) }
            if a == "--config" {
                guard i + 1 < args.count else { return .failure(OptionError(L("--config needs a FILE"))) }
                path = args[i + 1]
                i += 2
            } else if a.hasPrefix("--config=") {
                path = String(a.dropFirst("--config=".count))
                i += 1
            } else if a == "--exit-after-first-frame" {
                firstFrame = true
                i += 1
            } else {
                return .failure(OptionError(L("unknown argument '{argument}'", ["argument": a])))
            }
        }
        return .success(AppOptions(configPath: path ?? ConfigLoader.defaultPath(environment: environment),
                                   environment: environment, exitAfterFirstFrame: firstFrame))
    }
}

extension AppOptions {
    /// The application's D-Bus name: `base` for the daemon's own config
    /// path, else `base.Config` and an FNV-1a hash of the file's real path
    /// (a symbolic link and its target are one file, one window).
    func applicationID(base: String) -> String {
        let defaultPath = ConfigLoader.defaultPath(environment: environment)
        let path = Self.resolved(configPath)
        if path == Self.resolved(defaultPath) { return base }
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in path.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        let hex = String(hash, radix: 16)
        return base + ".Config" + String(repeating: "0", count: 16 - hex.count) + hex
    }

    /// The path with its links followed; as given when it does not exist yet.
    static func resolved(_ path: String) -> String {
        guard let r = realpath(path, nil) else { return path }
        defer { free(r) }
        return String(cString: r)
    }
}

struct OptionError: Error, CustomStringConvertible {
    let description: String
    init(_ d: String) { description = d }
}
